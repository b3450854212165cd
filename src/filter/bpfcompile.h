/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bpfcompile: a list of libseccomp rules in, a BPF program out, compiled
 * once per distinct list and then taken from the filter cache.
 *
 * Values that differ from run to run (the launcher's pid, the pointers of
 * its own execve) are written into the rules as placeholders and patched
 * into the BPF afterwards, and so is the default action: one compiled
 * filter, and one cache entry, serves every run with the same rules. */
#ifndef SR_BPFCOMPILE_H
#define SR_BPFCOMPILE_H

#include <linux/filter.h>
#include <seccomp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "filter/prologue.h"
#include "filter/filtercache.h"
#include "catalogue/sysrule.h"

enum placeholder {
	PH_PID,
	PH_EXEC_PATH,
	PH_EXEC_ARGV,
	PH_EXEC_ENVP,
	PH_UID,
	PH_GID,
	N_PH
};

/* The 64-bit value a rule compares with to mean placeholder ph. */
uint64_t bpf_placeholder(enum placeholder ph);

/* One rule as libseccomp is given it, and as the cache id records it. */
struct filter_rule {
	int nr;
	uint32_t action;
	unsigned ncond;
	struct scmp_arg_cmp cmp[SYSRULE_MAX_ARGS];
	const char *name; /* for error messages only */
};

struct filter_ruleset {
	struct filter_rule *v;
	size_t n, cap;
	/* Numbers answered ENOSYS before any rule (prologue.h). */
	bool enosys[ENOSYS_LIMIT];
};

/* Appends a rule without conditions; the caller may fill in cmp/ncond. */
struct filter_rule *ruleset_add(struct filter_ruleset *rs, uint32_t action, int nr,
				const char *name);
void ruleset_free(struct filter_ruleset *rs);

/* What a filter is made of. inputs: text naming everything the rules
 * depend on besides this program's code (promises, allow lines, ...), or
 * NULL; rules: lists them, called only when the cache does not hold them. */
struct bpf_source {
	const char *inputs;
	void (*rules)(struct filter_ruleset *rs, const void *arg);
	const void *arg;
};

/* The program for src with default_action and this run's values (indexed
 * by enum placeholder), from cache where possible (NULL: none). Exits 125
 * if libseccomp refuses a rule. The caller frees prog->filter. */
void bpf_build(const struct bpf_source *src, uint32_t default_action, const uint64_t value[N_PH],
	       const struct fcache *cache, struct sock_fprog *prog);

/* "MAJOR.MINOR.MICRO" of the libseccomp in use. */
const char *bpf_libseccomp_version(void);

#endif
