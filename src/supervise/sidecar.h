/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The sidecar: a process started beside the target, outside its sandbox,
 * that receives the target's seccomp notifications. The supervisor and the
 * learner's observer are both one.
 *
 * It is started before any layer is applied (so it is outside the sandbox).
 * The supervisor's is a child with exit signal 0 (so the target cannot
 * wait() for it and gets no SIGCHLD from it) that shares the launcher's
 * memory until the launcher execs (so starting it copies nothing); its main
 * runs once the launcher has gone, with the listener handed over just
 * before the exec. The learner's is forked (see sidecar_start). If a
 * sidecar dies before it takes the listener, the listener closes and the
 * kernel answers ENOSYS: notified calls fail rather than run unobserved.
 *
 * Here too, the memory tricks that make a sidecar sharing the launcher's
 * memory cost no more than a forked one. */
#ifndef SR_SIDECAR_H
#define SR_SIDECAR_H

#include <stdbool.h>
#include <sys/types.h>

/* The sidecar's main, called once the launcher has exec'd (or exited)
 * after a handoff: arg as given to sidecar_start, the listener, and the
 * target's pid. It must not return. */
typedef void (*sidecar_main_fn)(void *arg, int listener, pid_t target);

/* Starts the sidecar; returns its pid or -errno; who names it in
 * messages. It waits, touching nothing, until the launcher execs or exits;
 * without a handoff before that, it exits without calling main. forked:
 * a sidecar of its own memory instead, that takes the listener at the
 * handoff, for a filter that sends the launcher's own execve to it (the
 * learner's); sanitizer builds always fork. */
pid_t sidecar_start(const char *who, sidecar_main_fn main, void *arg, bool forked);
/* After the filter is loaded, just before the exec: hand the listener over.
 * Makes no system call (sendmsg and close in sanitizer builds, which every
 * filter allows). */
void sidecar_handoff(int listener);

/* For the sidecar's main. Job control signals are the target's: the
 * sidecar ends when the target does. */
void sidecar_ignore_job_signals(void);
/* Keep stderr for reports; nothing else of the pipeline may stay open in
 * the sidecar, or a reader would wait for its end of a pipe. Returns the
 * listener, now descriptor 3; *keep (a descriptor to keep, or -1) becomes
 * descriptor 4. */
int sidecar_detach_fds(int listener, int *keep);
/* The loop's poll timeout until the memory is given back: -1 for a forked
 * sidecar, which has nothing of the launcher's to give back. */
int sidecar_idle_timeout(void);
/* Gives back what the launcher freed, and its mapped but unwritten pages
 * (the loop calls it once the sidecar has been idle a while). */
void sidecar_release_memory(void);

#endif
