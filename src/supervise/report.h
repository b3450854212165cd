/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The wording of the supervisor's reports and where they go: one line per
 * report, "sandbox-run: " first, to the target's stderr, syslog or both
 * (log = in sandbox-run.conf). */
#ifndef SR_REPORT_H
#define SR_REPORT_H

#include <seccomp.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "decide/policy.h"

/* What the wording needs to know of the run. */
struct reporter {
	const struct policy *p;
	pid_t target;
	char *target_exe; /* the file the target runs, symbolic links resolved */
	bool target_gone; /* then stderr is closed: it may be a pipe someone reads to EOF */
};

/* One line, to where the policy's log setting sends it; caller is the
 * process whose stderr takes it once the target has gone. */
void report(const struct reporter *r, pid_t caller, const char *line);
/* "prog[PID]", " thread TID", " (running EXE)": who made the call. */
void report_caller(const struct reporter *r, const struct seccomp_notif *req, pid_t tgid, char *who,
		   size_t size);
/* The first report of a denied call (call decoded); sig is the signal
 * that kills the caller (0: none); refused says why the broker refused it
 * (NULL: a call outside the policy, with its remedy). */
void report_denied(const struct reporter *r, const struct seccomp_notif *req, pid_t tgid,
		   const char *call, int sig, const char *refused);

#endif
