/* SPDX-License-Identifier: GPL-2.0-or-later */
/* filtercache: compiled seccomp filters kept between runs.
 *
 * libseccomp 2.5 takes about as long to turn a profile's few hundred rules
 * into BPF as the exec of a small program (docs/performance.md). The result
 * depends only on the rules, the architecture and the libseccomp version,
 * so it is kept in a directory of the user's (sandbox-run.conf(5),
 * filter-cache) under a name derived from them, and read back next time.
 *
 * A cached filter decides what a later confined program may do, so it must
 * not be something an earlier confined program could have written: a
 * profile may grant write access to the cache directory (landlock = off, an
 * output there) and every target runs as the same user. Each entry
 * therefore carries a SipHash-2-4 tag under a random key kept in the user's
 * kernel keyring, which no sandboxed program can read: keyctl, add_key and
 * request_key are never granted, and refused in the kernel even under
 * on-violation = report. An entry without a valid tag is rebuilt.
 *
 * Writing an entry also removes those written a month ago or more (at most
 * one look a day): each build, libseccomp and kernel names its own, and
 * nothing else would ever remove the old ones from ~/.cache. */
#ifndef SR_FILTERCACHE_H
#define SR_FILTERCACHE_H

#include <linux/filter.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "filter/siphash.h"

struct fcache {
	int dirfd;
	uint8_t key[SIPHASH_KEY_SIZE];
};

/* Opens the cache that setting names ("auto", "none" or a directory; NULL
 * is "auto"). False when there is none to use: no directory that is the
 * user's own and closed to others, or no keyring. Never fatal: without a
 * cache the filter is only built again. */
bool fcache_open(const char *setting, struct fcache *c);
/* The filter recorded for id (the canonical description of its rules), or
 * false. */
bool fcache_load(const struct fcache *c, const void *id, size_t idlen, struct sock_fprog *prog);
/* Records prog for id; failures are only reported with -v. */
void fcache_store(const struct fcache *c, const void *id, size_t idlen,
		  const struct sock_fprog *prog);
/* Closes the directory and wipes the key from memory. */
void fcache_close(struct fcache *c);

#endif
