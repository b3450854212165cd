/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The supervisor: a sidecar process that receives every denied system call
 * through seccomp user notification, reports it in words, and answers it
 * per on-violation (deny: EPERM, kill: SIGSYS, report: let it run).
 *
 * It is started before any layer is applied (so it is outside the sandbox),
 * as a child with exit signal 0 (so the target cannot wait() for it and
 * gets no SIGCHLD from it) that shares the launcher's memory until the
 * launcher execs (so starting it copies nothing), keeps no descriptor of the pipeline, and exits when the last
 * sandboxed process is gone. If it dies, the kernel answers ENOSYS: denied
 * calls stay denied. */
#ifndef SR_SUPERVISOR_H
#define SR_SUPERVISOR_H

#include <sys/types.h>

#include "decide/policy.h"

struct supervisor {
	pid_t pid;
};

/* Starts the supervisor; exits 125 on failure. */
void supervisor_start(const struct policy *p, struct supervisor *s);
/* After the filter is loaded, just before the exec: hand the listener over.
 * Makes no system call (sendmsg and close in sanitizer builds, which every
 * filter allows). */
void supervisor_handoff(int listener);

#endif
