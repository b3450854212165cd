/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The supervisor's watch of the cpu limit and the timeout
 * (decide/policy.h): it ends the target's tree at the
 * timeout and names the limit that ended a command. */
#ifndef SR_LIMITWATCH_H
#define SR_LIMITWATCH_H

#include <stdbool.h>
#include <stdint.h>
#include <poll.h>
#include <sys/types.h>

#include "decide/policy.h"

/* The supervisor's watch (only with a cpu limit or a timeout): a timer for
 * the wall clock, and the CPU clock of each process of the target's tree
 * at the cpu limit, so that the process the kernel stops is named. */
#define LIMITS_POLL_FDS 2
#define LIMITS_MAX_WATCHED 64

struct limits_watch {
	const struct limits *limits;
	const char *program; /* the command's name, for reports */
	const char *exe; /* the file it runs (sh: dash), NULL if unknown */
	pid_t target;
	int tick; /* timerfd: the deadline, or the scan period */
	int signals; /* signalfd of the CPU timers' signal */
	bool cpu_watched; /* signals set up (at the first tick) */
	uint64_t deadline_ns; /* CLOCK_MONOTONIC, 0 without a timeout */
	size_t n;
	struct watched {
		pid_t pid;
		int pidfd;
		void *timer; /* timer_t */
		char name[64]; /* the program it ran when last seen */
	} proc[LIMITS_MAX_WATCHED];
};

/* Starts watching target, which runs exe (NULL if unknown); does nothing
 * without a cpu limit or a timeout. */
void limits_watch_start(struct limits_watch *w, const struct limits *l, const char *program,
			const char *exe, pid_t target);
/* The descriptors to poll (-1: none), into pfd[LIMITS_POLL_FDS]. */
void limits_watch_fds(const struct limits_watch *w, struct pollfd *pfd);
/* After poll: a malloc'd report line ("gs: stopped after ...") when a limit
 * ended a process, else NULL. The timeout kills the target's tree. */
char *limits_watch_event(struct limits_watch *w, const struct pollfd *pfd);
/* The line that names the file-size limit when it ended the target (on
 * kernels that tell a non-parent how a process ended), else NULL. */
char *limits_exit_line(const struct limits_watch *w, const struct limits *l, int pidfd);

/* The target has exited: the wall clock no longer runs for it. */
void limits_watch_target_gone(struct limits_watch *w);

#endif
