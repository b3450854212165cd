/* SPDX-License-Identifier: GPL-2.0-or-later */
/* seccomp: the system-call half of the sandbox, built with libseccomp from
 * the policy's promises. One filter:
 *   - the granted promises and allow lines, with their argument conditions,
 *     and the launcher's own execve of the target: allowed;
 *   - calls the catalogue does not know (numbers below 512): ENOSYS, so
 *     that libc falls back (clone3, openat2, calls newer than the
 *     catalogue);
 *   - refused calls (refuse =, with their argument conditions): EPERM in
 *     every mode, unreported, where no granted rule could match them;
 *   - anything else: to the supervisor, or EPERM, or kill (on-violation).
 * Compiled filters are kept in the filter cache (bpfcompile.h). */
#ifndef SR_SECCOMP_H
#define SR_SECCOMP_H

#include <linux/filter.h>
#include <stdbool.h>

#include "filter/filtercache.h"
#include "decide/policy.h"

/* The one execve the launcher itself makes: its arguments live at a random
 * address, and without the exec promise the filter allows execve only with
 * exactly these pointers. */
struct exec_args {
	const char *path;
	char *const *argv;
	char *const *envp;
};

struct filter_program;

/* Copies path/argv/envp to a page at a random address. */
struct exec_args seccomp_prepare_exec(const char *path, char *const *argv, char *const *envp);
/* Builds the filter, taking it from cache where it can (NULL: none); exits
 * 125 on failure. */
struct filter_program *seccomp_build(const struct policy *p, const struct exec_args *ex,
				     bool supervised, const struct fcache *cache);
/* Loads it into this process (no_new_privs must be set). Returns the
 * notification listener, or -1 when not supervised. Exits 125 on failure. */
int seccomp_load_filters(struct filter_program *f);
/* For --explain and the benchmark: its BPF instruction count. */
unsigned seccomp_instructions(struct filter_program *f);
/* The program itself, for tests/filter/test-filter. */
const struct sock_fprog *seccomp_program(const struct filter_program *f);
void seccomp_free(struct filter_program *f);

#endif
