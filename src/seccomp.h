/* seccomp: the system-call half of the sandbox, built with libseccomp from
 * the policy's promises. Two filters are stacked:
 *   "known":  every syscall the catalogue does not know gets ENOSYS (libc
 *             then falls back: clone3, openat2, calls newer than the
 *             catalogue), up to number 511; the rest passes;
 *   "policy": the granted promises and their argument conditions are
 *             allowed, any other call goes to the supervisor (or EPERM/kill).
 * The kernel takes the strictest answer of the two, and ERRNO outranks
 * USER_NOTIF, so an unknown call never bothers the supervisor. */
#ifndef SR_SECCOMP_H
#define SR_SECCOMP_H

#include <linux/filter.h>
#include <stdbool.h>

#include "filtercache.h"
#include "policy.h"

/* The one execve the launcher itself makes: its arguments live at a random
 * address, and without the exec promise the filter allows execve only with
 * exactly these pointers. */
struct exec_args {
	const char *path;
	char *const *argv;
	char *const *envp;
};

struct filters;

/* The known filter as src/gen-known-bpf exported it at build time: it
 * depends only on the catalogue, and generating it costs more than the
 * exec of a small program. Used when the running libseccomp is the one
 * that generated it and the profile allows no call outside the catalogue. */
struct seccomp_prebuilt {
	const struct sock_filter *insns;
	unsigned short len;
	const char *libseccomp; /* "MAJOR.MINOR.MICRO" */
};

/* Copies path/argv/envp to a page at a random address. */
struct exec_args seccomp_prepare_exec(const char *path, char *const *argv, char *const *envp);
/* Builds both filters; exits 125 on failure. */
struct filters *seccomp_build(const struct policy *p, const struct exec_args *ex,
			      bool supervised);
/* The same, taking the known filter from known where it applies, and
 * compiled filters from cache (NULL: none). */
struct filters *seccomp_build_prebuilt(const struct policy *p, const struct exec_args *ex,
				       bool supervised, const struct seccomp_prebuilt *known,
				       const struct fcache *cache);
/* The known filter of a profile that allows nothing beyond the catalogue,
 * for src/gen-known-bpf; the caller frees prog->filter. */
void seccomp_export_known(struct sock_fprog *prog);
/* "MAJOR.MINOR.MICRO" of the libseccomp in use. */
const char *seccomp_library_version(void);
/* Loads them into this process (no_new_privs must be set). Returns the
 * notification listener, or -1 when not supervised. Exits 125 on failure. */
int seccomp_load_filters(struct filters *f);
/* For --explain and the benchmark: BPF instruction count of both filters. */
unsigned seccomp_instructions(struct filters *f);
void seccomp_free(struct filters *f);

#endif
