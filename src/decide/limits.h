/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Resource limits: the [limits] section of profiles and of sandbox-run.conf
 * (deciding), the kernel's resource limits set before the exec (applying),
 * and the supervisor's watch that names the limit that ended a command.
 *
 * cpu, address-space, file-size, open-files and processes are the kernel's
 * RLIMIT_CPU, _AS, _FSIZE, _NOFILE and _NPROC, soft and hard alike, so the
 * target cannot raise them; timeout is wall-clock time, kept by the
 * supervisor. RLIMIT_CORE is always 0: a core file is written where
 * Landlock's rules do not reach. */
#ifndef SR_LIMITS_H
#define SR_LIMITS_H

#include <stdbool.h>
#include <stdint.h>
#include <poll.h>
#include <sys/types.h>

#include "base/util.h"

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

/* What [limits] says, as read (profile.c, settings.c): each key's words
 * with their file:line; the last one counts, "key =" resets. */
struct limit_text {
	struct strlist value[N_LIMITS];
};

struct limits {
	uint64_t value[N_LIMITS]; /* seconds, bytes or a count; LIMIT_UNSET */
	char *origin[N_LIMITS];   /* "file:line" of the value, NULL if unset */
	char *text[N_LIMITS];     /* the value as written there ("5m") */
};

/* The key names, in enum order ("cpu", "address-space", ...). */
extern const char *const limit_names[N_LIMITS];
/* A value in words for reports and --explain ("60 s", "512 MiB", "64"). */
void limit_format(enum limit l, uint64_t v, char *buf, size_t size);
/* Appends "file:line: bad value ..." for each word that is not a value of
 * its key; returns how many. */
int limits_validate(const struct limit_text *t, struct strlist *errors);
/* The profile's value of each key, else sandbox-run.conf's. */
void limits_resolve(const struct limit_text *profile, const struct limit_text *defaults,
		    struct limits *out);
void limit_text_free(struct limit_text *t);
void limits_free(struct limits *l);

/* In the launcher, after the supervisor started and before the exec: sets
 * the kernel's limits (never above what the caller has already) and
 * RLIMIT_CORE to 0. Exits 125 if one cannot be set. */
void limits_apply(const struct limits *l);

/* The supervisor's watch (only with a cpu limit or a timeout): a timer for
 * the wall clock, and the CPU clock of each process of the target's tree
 * at the cpu limit, so that the process the kernel stops is named. */
#define LIMITS_POLL_FDS 2
#define LIMITS_MAX_WATCHED 64

struct limits_watch {
	const struct limits *limits;
	const char *program;    /* the command's name, for reports */
	const char *exe;        /* the file it runs (sh: dash), NULL if unknown */
	pid_t target;
	int tick;               /* timerfd: the deadline, or the scan period */
	int signals;            /* signalfd of the CPU timers' signal */
	bool cpu_watched;       /* signals set up (at the first tick) */
	uint64_t deadline_ns;   /* CLOCK_MONOTONIC, 0 without a timeout */
	size_t n;
	struct watched {
		pid_t pid;
		int pidfd;
		void *timer;    /* timer_t */
		char name[64];  /* the program it ran when last seen */
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
/* The target has exited: the wall clock no longer runs for it. */
/* The line that names the file-size limit when it ended the target (on
 * kernels that tell a non-parent how a process ended), else NULL. */
char *limits_exit_line(const struct limits_watch *w, const struct limits *l, int pidfd);

void limits_watch_target_gone(struct limits_watch *w);

#endif
