/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "supervise/limitwatch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The CPU clock RLIMIT_CPU counts (user + system time, CPUCLOCK_PROF) of a
 * process, as <linux/posix-timers.h> encodes it: the kernel checks the limit
 * and the timers on it with the same sample, so a timer at the limit
 * fires as the kernel stops the process, and before its timers go. */
#define PROCESS_PROF_CLOCK(pid) ((clockid_t)((~(unsigned)(pid)) << 3))
/* Processes of the tree are found at this period: one started and gone
 * within it, having used all its cpu limit, is stopped unnamed. */
#define SCAN_NS 500000000ULL

static uint64_t now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

static void program_of(pid_t pid, char *buf, size_t size)
{
	char link[64], path[512];
	snprintf(link, sizeof link, "/proc/%d/exe", (int)pid);
	ssize_t n = readlink(link, path, sizeof path - 1);
	if (n <= 0)
		return; /* gone: the name last seen stays */
	path[n] = '\0';
	copy_bounded(buf, size, path_base(path));
	for (char *c = buf; *c; c++) /* a file name must not forge a report line */
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
}

/* The slot watching pid, or a free one (pid 0) when free is set; NULL. */
static struct watched *slot_of(struct limits_watch *w, pid_t pid, bool free)
{
	struct watched *spare = NULL;
	for (size_t i = 0; i < w->n; i++) {
		if (w->proc[i].pid == pid)
			return &w->proc[i];
		if (!spare && !w->proc[i].pid)
			spare = &w->proc[i];
	}
	if (!free)
		return NULL;
	return spare ? spare : w->n < LIMITS_MAX_WATCHED ? &w->proc[w->n++] : NULL;
}

/* A timer on pid's CPU clock at the cpu limit, telling this process. */
static void watch_cpu(struct limits_watch *w, pid_t pid)
{
	if (slot_of(w, pid, false))
		return;
	struct watched *p = slot_of(w, 0, true);
	if (!p)
		return;
	int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGRTMIN };
	ev.sigev_value.sival_int = (int)(p - w->proc);
	timer_t timer;
	if (pidfd < 0 || timer_create(PROCESS_PROF_CLOCK(pid), &ev, &timer) < 0) {
		if (pidfd >= 0)
			close(pidfd);
		return; /* gone already */
	}
	struct itimerspec at = { .it_value = { (time_t)w->limits->value[LIMIT_CPU], 0 } };
	timer_settime(timer, TIMER_ABSTIME, &at, NULL);
	*p = (struct watched){ .pid = pid, .timer = timer, .pidfd = pidfd };
	program_of(pid, p->name, sizeof p->name);
}

/* Slots of processes that have ended are free again: a build or a script
 * runs many short processes, and a pid may come back as another one. */
static void forget_ended(struct limits_watch *w)
{
	for (size_t i = 0; i < w->n; i++) {
		struct watched *p = &w->proc[i];
		if (!p->pid || syscall(SYS_pidfd_send_signal, p->pidfd, 0, NULL, 0) == 0)
			continue;
		timer_delete((timer_t)p->timer);
		close(p->pidfd);
		p->pid = 0;
	}
}

/* The target and its descendants, as /proc/PID/task/TID/children lists
 * them; a process whose parent has gone is no longer among them. */
static size_t tree(pid_t target, pid_t *out, size_t max)
{
	size_t n = 0;
	pid_t self = getpid();
	out[n++] = target;
	for (size_t i = 0; i < n; i++) {
		char path[64];
		snprintf(path, sizeof path, "/proc/%d/task", (int)out[i]);
		DIR *d = opendir(path);
		struct dirent *e;
		while (d && (e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			char *children = xasprintf("%s/%s/children", path, e->d_name);
			FILE *f = fopen(children, "re");
			free(children);
			int pid;
			/* The supervisor, a child of the target (supervisor.h), is none of them. */
			while (f && n < max && fscanf(f, "%d", &pid) == 1)
				if (pid != self)
					out[n++] = pid;
			if (f)
				fclose(f);
		}
		if (d)
			closedir(d);
	}
	return n;
}

static void arm(int fd, uint64_t first_ns, uint64_t period_ns)
{
	struct itimerspec t = {
		.it_value = { (time_t)(first_ns / 1000000000ULL),
			      (long)(first_ns % 1000000000ULL) },
		.it_interval = { (time_t)(period_ns / 1000000000ULL),
				 (long)(period_ns % 1000000000ULL) },
	};
	timerfd_settime(fd, 0, &t, NULL);
}

void limits_watch_start(struct limits_watch *w, const struct limits *l, const char *program,
			const char *exe, pid_t target)
{
	*w = (struct limits_watch){ .limits = l,
				    .program = program,
				    .exe = exe,
				    .target = target,
				    .tick = -1,
				    .signals = -1 };
	bool cpu = l->value[LIMIT_CPU] != LIMIT_UNSET;
	uint64_t timeout = l->value[LIMIT_TIMEOUT];
	if (!cpu && timeout == LIMIT_UNSET)
		return;
	w->tick = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (timeout != LIMIT_UNSET)
		w->deadline_ns = now_ns() + timeout * 1000000000ULL;
	uint64_t first = timeout != LIMIT_UNSET ? timeout * 1000000000ULL : SCAN_NS;
	if (cpu && first > SCAN_NS)
		first = SCAN_NS;
	if (w->tick >= 0)
		arm(w->tick, first, cpu ? SCAN_NS : 0);
}

/* The CPU timers' signal, from the first tick on: a run shorter than the
 * scan period (most are) never sets them up. A process cannot have used a
 * cpu limit of a second or more in that half second, unless it has threads. */
static void start_cpu_watch(struct limits_watch *w)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	w->signals = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	w->cpu_watched = w->signals >= 0;
}

void limits_watch_fds(const struct limits_watch *w, struct pollfd *pfd)
{
	pfd[0] = (struct pollfd){ w->tick, POLLIN, 0 };
	pfd[1] = (struct pollfd){ w->signals, POLLIN, 0 };
}

/* "gs:" for a process running the command's program, "groff: troff" else. */
static char *who(const struct limits_watch *w, const char *name)
{
	if (!*name || strcmp(name, w->program) == 0 || (w->exe && strcmp(name, w->exe) == 0))
		return xasprintf("%s:", w->program);
	return xasprintf("%s: %s", w->program, name);
}

static char *stopped_line(const struct limits_watch *w, const char *name, enum limit l,
			  const char *what)
{
	char value[32];
	limit_format(l, w->limits->value[l], value, sizeof value);
	char *subject = who(w, name);
	char *line = xasprintf("%s stopped after %s s of %s ([limits] %s = %s in %s)", subject,
			       value, what, limit_names[l], w->limits->text[l],
			       w->limits->origin[l]);
	free(subject);
	return line;
}

/* Every process of the tree, the deepest first: a parent killed first
 * would leave its children to init, out of the tree. */
static void kill_tree(const struct limits_watch *w)
{
	pid_t pids[256];
	int fds[256];
	size_t n = tree(w->target, pids, 256);
	for (size_t i = 0; i < n; i++)
		fds[i] = (int)syscall(SYS_pidfd_open, pids[i], 0);
	for (size_t i = n; i-- > 0;)
		if (fds[i] >= 0) {
			syscall(SYS_pidfd_send_signal, fds[i], SIGKILL, NULL, 0);
			close(fds[i]);
		}
}

static char *on_tick(struct limits_watch *w)
{
	uint64_t expirations;
	if (read(w->tick, &expirations, sizeof expirations) < 0)
		return NULL;
	if (w->deadline_ns && now_ns() >= w->deadline_ns) {
		w->deadline_ns = 0;
		char name[64] = "";
		program_of(w->target, name, sizeof name);
		/* Said first: the shell may print its prompt as soon as it is dead. */
		char *line = stopped_line(w, name, LIMIT_TIMEOUT, "wall-clock time");
		kill_tree(w);
		if (w->limits->value[LIMIT_CPU] == LIMIT_UNSET)
			limits_watch_target_gone(w);
		return line;
	}
	if (w->limits->value[LIMIT_CPU] == LIMIT_UNSET)
		return NULL;
	if (!w->cpu_watched)
		start_cpu_watch(w);
	forget_ended(w);
	pid_t pids[LIMITS_MAX_WATCHED];
	size_t n = w->signals >= 0 ? tree(w->target, pids, LIMITS_MAX_WATCHED) : 0;
	for (size_t i = 0; i < n; i++)
		watch_cpu(w, pids[i]);
	for (size_t i = 0; i < w->n; i++)
		if (w->proc[i].pid)
			program_of(w->proc[i].pid, w->proc[i].name, sizeof w->proc[i].name);
	return NULL;
}

static char *on_signal(struct limits_watch *w)
{
	struct signalfd_siginfo si;
	if (read(w->signals, &si, sizeof si) != sizeof si || si.ssi_int < 0 ||
	    (size_t)si.ssi_int >= w->n)
		return NULL;
	struct watched *p = &w->proc[si.ssi_int];
	if (!p->pid)
		return NULL;
	program_of(p->pid, p->name, sizeof p->name);
	return stopped_line(w, p->name, LIMIT_CPU, "CPU time");
}

char *limits_watch_event(struct limits_watch *w, const struct pollfd *pfd)
{
	if (pfd[1].fd >= 0 && (pfd[1].revents & POLLIN))
		return on_signal(w);
	if (pfd[0].fd >= 0 && (pfd[0].revents & POLLIN))
		return on_tick(w);
	return NULL;
}

void limits_watch_target_gone(struct limits_watch *w)
{
	w->deadline_ns = 0;
	if (w->limits && w->limits->value[LIMIT_CPU] == LIMIT_UNSET && w->tick >= 0) {
		close(w->tick);
		w->tick = -1;
	}
}

/* How the target ended, where the kernel says: Linux 6.15's PIDFD_GET_INFO
 * with PIDFD_INFO_EXIT, once the target's parent (the shell) has reaped it.
 * The supervisor is not that parent and has no other way to learn it, so a
 * file-size limit, which ends the writer with SIGXFSZ, is named only there;
 * elsewhere the shell's "File size limit exceeded" is all (documented). */
struct pidfd_exit_info {
	uint64_t mask, cgroupid;
	uint32_t ids[11];
	int32_t exit_code;
};
#define PIDFD_GET_INFO_IOCTL _IOWR(0xFF, 11, struct pidfd_exit_info)
#define PIDFD_INFO_EXIT_BIT (1ULL << 3)
#define EXIT_WAIT_TRIES 60 /* of 5 ms: a shell reaps at once */

static bool exit_status(int pidfd, int *status)
{
	for (int i = 0; i < EXIT_WAIT_TRIES; i++) {
		struct pidfd_exit_info info = { .mask = PIDFD_INFO_EXIT_BIT };
		if (ioctl(pidfd, PIDFD_GET_INFO_IOCTL, &info) < 0)
			return false; /* before 6.13 (6.13 and 6.14 never set the bit) */
		if (info.mask & PIDFD_INFO_EXIT_BIT) {
			*status = info.exit_code;
			return true;
		}
		usleep(5000);
	}
	return false;
}

char *limits_exit_line(const struct limits_watch *w, const struct limits *l, int pidfd)
{
	int status;
	if (!l || l->value[LIMIT_FSIZE] == LIMIT_UNSET || pidfd < 0 ||
	    !exit_status(pidfd, &status) || !WIFSIGNALED(status) || WTERMSIG(status) != SIGXFSZ)
		return NULL;
	return xasprintf(
		"%s: stopped when a file it wrote reached the file-size limit ([limits] %s "
		"= %s in %s)",
		w->program, limit_names[LIMIT_FSIZE], l->text[LIMIT_FSIZE], l->origin[LIMIT_FSIZE]);
}
