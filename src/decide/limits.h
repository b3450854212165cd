/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The [limits] section of profiles and of sandbox-run.conf: read, checked,
 * and resolved into the policy's struct limits. Setting them is
 * apply/rlimits.h's; the watch that names the limit that ended a command
 * is supervise/limitwatch.h's. */
#ifndef SR_LIMITS_H
#define SR_LIMITS_H

#include <stddef.h>
#include <stdint.h>

#include "base/util.h"

/* Resource limits ([limits] of the profile, else of sandbox-run.conf):
 * cpu, address-space, file-size, open-files and
 * processes are the kernel's RLIMIT_CPU, _AS, _FSIZE, _NOFILE and _NPROC,
 * soft and hard alike, so the target cannot raise them (apply/rlimits.h);
 * timeout is wall-clock time, kept by the supervisor, which also names the
 * limit that ended a command (supervise/limitwatch.h). RLIMIT_CORE is
 * always 0: a core file is written where Landlock's rules do not reach. */
enum limit {
	LIMIT_CPU,
	LIMIT_AS,
	LIMIT_FSIZE,
	LIMIT_NOFILE,
	LIMIT_NPROC,
	LIMIT_TIMEOUT,
	N_LIMITS,
};

#define LIMIT_UNSET UINT64_MAX /* no limit: "infinity", or not set anywhere */

struct limits {
	uint64_t value[N_LIMITS]; /* seconds, bytes or a count; LIMIT_UNSET */
	char *origin[N_LIMITS];   /* "file:line" of the value, NULL if unset */
	char *text[N_LIMITS];     /* the value as written there ("5m") */
};

/* The key names, in enum order ("cpu", "address-space", ...). */
extern const char *const limit_names[N_LIMITS];
/* A value in words for reports and --explain ("60 s", "512 MiB", "64"). */
void limit_format(enum limit l, uint64_t v, char *buf, size_t size);
void limits_free(struct limits *l);

/* What [limits] says, as read (profile.c, settings.c): each key's words
 * with their file:line; the last one counts, "key =" resets. */
struct limit_text {
	struct strlist value[N_LIMITS];
};

/* Appends "file:line: bad value ..." for each word that is not a value of
 * its key; returns how many. */
int limits_validate(const struct limit_text *t, struct strlist *errors);
/* The profile's value of each key, else sandbox-run.conf's. */
void limits_resolve(const struct limit_text *profile, const struct limit_text *defaults,
		    struct limits *out);
void limit_text_free(struct limit_text *t);

#endif
