/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pathcheck: under on-violation = report (and --diagnose), whether Landlock
 * will refuse a file access, so that the supervisor can report it like a
 * denied call: program, path, access, and the profile key or [arguments]
 * option that would grant it. Landlock itself says nothing when it
 * refuses, and a refused read of a configuration file changes a tool's
 * output silently.
 *
 * In that mode the filter sends the calls that take a path and that
 * Landlock governs (open, openat, creat, execve, mkdir, unlink, rename,
 * link, symlink, mknod, truncate and their *at forms) to the supervisor,
 * which resolves the path as the caller sees it (its working directory,
 * /proc/PID/cwd, or its descriptor, /proc/PID/fd/N), compares the file and
 * its directories with the policy's grants, inode by inode as Landlock
 * does, and then lets the call go on (SECCOMP_USER_NOTIF_FLAG_CONTINUE):
 * Landlock still decides. The check is a diagnosis only: it reads the
 * caller's memory and the file system after the call was made, so it can
 * be wrong when either changes meanwhile; it never decides anything. */
#ifndef SR_PATHCHECK_H
#define SR_PATHCHECK_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "decide/policy.h"

/* Whether the filter sends call nr to the supervisor for a path check. */
bool pathcheck_call(int nr);

/* A file access Landlock would refuse. */
struct path_refusal {
	char path[PATH_MAX]; /* absolute, symbolic links resolved where they exist */
	unsigned access; /* enum access, what is missing */
	bool in_dir; /* access is needed on path as a directory of the file named */
	const char *call; /* the call's name */
};

/* Reads what the checks compare with: the grants' inodes and the command
 * line's files, from the launcher's working directory (relative inputs),
 * with /proc/self and /dev/fd as target (the launcher's pid, which the
 * program keeps) sees them. Until called, nothing is reported. */
void pathcheck_prepare(const struct policy *p, pid_t target);

/* Checks call nr with args of thread tid. Returns true and fills r when
 * Landlock, as this policy configures it, would refuse it; false when it
 * would not, or when the path cannot be resolved (the kernel will answer
 * that call with an error of its own). */
bool pathcheck_refused(const struct policy *p, pid_t tid, int nr, const uint64_t args[6],
		       struct path_refusal *r);

/* "read" "write" "execute" "create or remove files in" ... */
const char *pathcheck_access_name(const struct path_refusal *r);

/* What would grant it: the [filesystem] key, or the [arguments] option
 * when the path is a word of the command line. */
void pathcheck_remedy(const struct policy *p, const struct path_refusal *r, char *buf, size_t size);

#endif
