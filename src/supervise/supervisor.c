/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the supervisor does with a notification under a policy: the
 * broker's to serve, a file Landlock will refuse (report mode), or a denial
 * to answer per on-violation, reported once and summed up at the end. Its
 * start is the sidecar's (sidecar.c), its loop loop.c's, its words
 * report.c's. */
#include "supervise/supervisor.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <syslog.h>
#include <unistd.h>

#include "supervise/broker.h"
#include "supervise/pathcheck.h"
#include "supervise/limitwatch.h"
#include "supervise/decode.h"
#include "supervise/loop.h"
#include "supervise/report.h"
#include "supervise/sidecar.h"
#include "base/pidfd.h"
#include "apply/tmpdir.h"

/* Distinct denials are reported once and counted; the rest are summed up
 * when the target ends. */
#define MAX_DISTINCT 256

struct seen {
	char *call;
	unsigned long count;
};

struct sup {
	struct reporter r; /* the policy, the target, and whether it has gone */
	int pidfd; /* the target's: readable once it has exited */
	int listener;
	struct broker broker;
	struct seen seen[MAX_DISTINCT];
	size_t n_seen;
	unsigned long dropped; /* denials beyond MAX_DISTINCT distinct ones */
	struct limits_watch limits; /* the cpu limit and the timeout (limitwatch.h) */
	size_t relays; /* the broker's relays polled this round */
};

_Static_assert(LIMITS_POLL_FDS + BROKER_RELAYS <= LOOP_WATCH_MAX,
	       "the loop watches the limits and the broker's relays");

/* Notifications are sized by the launcher, before the sidecar starts. */
static struct loop loop = { .listener = -1, .pidfd = -1 };

static struct seen *remember(struct sup *s, const char *call)
{
	for (size_t i = 0; i < s->n_seen; i++)
		if (strcmp(s->seen[i].call, call) == 0)
			return &s->seen[i];
	if (s->n_seen == MAX_DISTINCT)
		return NULL;
	s->seen[s->n_seen] = (struct seen){ xstrdup(call), 0 };
	return &s->seen[s->n_seen++];
}

/* A value from /proc/PID/status ("Tgid:", "SigCgt:"), or def. */
static unsigned long long proc_status(pid_t pid, pid_t tid, const char *key, int base,
				      unsigned long long def)
{
	char path[64], line[256];
	snprintf(path, sizeof path, tid ? "/proc/%d/task/%d/status" : "/proc/%d/status", (int)pid,
		 (int)tid);
	FILE *f = fopen(path, "re");
	size_t klen = strlen(key);
	while (f && fgets(line, sizeof line, f))
		if (strncmp(line, key, klen) == 0) {
			def = strtoull(line + klen, NULL, base);
			break;
		}
	if (f)
		fclose(f);
	return def;
}

/* SIGSYS kills only if the process neither catches, ignores nor blocks it;
 * otherwise kill mode uses SIGKILL, which nothing can refuse. */
static int kill_signal(pid_t tgid, pid_t tid)
{
	unsigned long long bit = 1ULL << (SIGSYS - 1);
	unsigned long long caught = proc_status(tgid, 0, "SigCgt:", 16, ~0ULL) |
				    proc_status(tgid, 0, "SigIgn:", 16, ~0ULL) |
				    proc_status(tgid, tid, "SigBlk:", 16, ~0ULL);
	return caught & bit ? SIGKILL : SIGSYS;
}

/* Signals the caller's process before answering, so that it dies on its way
 * back to user space and never runs past the denied call. The pidfd, taken
 * while the notification is still valid, cannot hit a recycled pid. */
static void kill_caller(const struct sup *s, const struct seccomp_notif *req, pid_t tgid, int sig)
{
	int pidfd = (int)syscall(SYS_pidfd_open, tgid, 0);
	if (pidfd < 0)
		return;
	if (seccomp_notify_id_valid(s->listener, req->id) == 0)
		syscall(SYS_pidfd_send_signal, pidfd, sig, NULL, 0);
	close(pidfd);
}

/* A denied call (refused: the broker's reason, or NULL): reported once,
 * answered per on-violation. What the broker refuses it keeps in Landlock's
 * stead (an output's directory, a scope an older ABI lacks), and Landlock
 * answers with an errno in every mode: so does the broker, never killing,
 * and report mode does not let it through. */
static void deny(struct sup *s, const struct seccomp_notif *req, pid_t tgid,
		 struct seccomp_notif_resp *resp, const char *refused)
{
	char call[1024];
	const uint64_t *args = (const uint64_t *)req->data.args;
	decode_call(req->data.nr, args, (pid_t)req->pid, call, sizeof call);
	/* What was read from a pid that exited meanwhile may be someone else's. */
	if (seccomp_notify_id_valid(s->listener, req->id) != 0)
		decode_call(req->data.nr, args, 0, call, sizeof call);
	int sig = s->r.p->on_violation == VIOLATION_KILL && !refused ?
			  kill_signal(tgid, (pid_t)req->pid) :
			  0;
	struct seen *seen = remember(s, call);
	if (!seen)
		s->dropped++;
	else if (seen->count++ == 0)
		report_denied(&s->r, req, tgid, call, sig, refused);
	int err = refused ? broker_refusal_errno(req) : EPERM;
	*resp = (struct seccomp_notif_resp){ .id = req->id, .error = -err };
	if (s->r.p->on_violation == VIOLATION_REPORT && !refused)
		*resp = (struct seccomp_notif_resp){ .id = req->id,
						     .flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE };
	if (sig)
		kill_caller(s, req, tgid, sig);
}

/* A granted call that takes a path: reported, once per access and path,
 * when Landlock will refuse the file; it goes on either way, and Landlock
 * decides. */
static void check_file_access(struct sup *s, const struct seccomp_notif *req, pid_t tgid)
{
	struct path_refusal r;
	if (!pathcheck_refused(s->r.p, (pid_t)req->pid, req->data.nr,
			       (const uint64_t *)req->data.args, &r) ||
	    seccomp_notify_id_valid(s->listener, req->id) != 0)
		return; /* what was read from a pid that exited may be someone else's */
	char *what = xasprintf("%s %s", pathcheck_access_name(&r), r.path);
	char *key = xstrjoin("file: ", what, NULL);
	struct seen *seen = remember(s, key);
	free(key);
	if (seen && seen->count == 0) {
		char who[256], why[PATH_MAX + 512];
		seen->count = 1; /* never summed up: a file is named once */
		report_caller(&s->r, req, tgid, who, sizeof who);
		pathcheck_remedy(s->r.p, &r, why, sizeof why);
		char *line = xasprintf("%s: Landlock refuses %s (%s): %s", who, what, r.call, why);
		report(&s->r, tgid, line);
		free(line);
	} else if (!seen) {
		s->dropped++;
	}
	free(what);
}

/* Whether the call is one the filter sent only for that check. */
static bool checked_and_continued(struct sup *s, const struct seccomp_notif *req, pid_t tgid,
				  struct seccomp_notif_resp *resp)
{
	if (s->r.p->on_violation != VIOLATION_REPORT || !pathcheck_call(req->data.nr) ||
	    !policy_grants_call(s->r.p, req->data.nr, (const uint64_t *)req->data.args, tgid))
		return false;
	check_file_access(s, req, tgid);
	*resp = (struct seccomp_notif_resp){ .id = req->id,
					     .flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE };
	return true;
}

/* One notification: the broker's to serve, or a denial. Returns whether
 * resp is still to be sent (a descriptor the broker installed answered the
 * call already). */
static bool handle(struct sup *s, const struct seccomp_notif *req, struct seccomp_notif_resp *resp)
{
	pid_t tgid = (pid_t)proc_status((pid_t)req->pid, 0, "Tgid:", 10, req->pid);
	char why[512];
	enum broker_answer a = policy_brokered(s->r.p) ?
				       broker_handle(&s->broker, req, tgid, resp, why, sizeof why) :
				       BROKER_NOT_MINE;
	if (a == BROKER_SENT)
		return false;
	/* What the broker leaves to the kernel is checked like the rest. */
	if (a == BROKER_RESPOND && (resp->flags & SECCOMP_USER_NOTIF_FLAG_CONTINUE) &&
	    s->r.p->on_violation == VIOLATION_REPORT)
		check_file_access(s, req, tgid);
	if (a == BROKER_NOT_MINE && checked_and_continued(s, req, tgid, resp))
		return true;
	if (a != BROKER_RESPOND)
		deny(s, req, tgid, resp, a == BROKER_REFUSED ? why : NULL);
	return true;
}

static void summarize(struct sup *s)
{
	const char *verb = s->r.p->on_violation == VIOLATION_REPORT ? "let through" : "denied";
	for (size_t i = 0; i < s->n_seen; i++) {
		if (s->seen[i].count > 1) {
			char *line = xasprintf("%s: %s was %s %lu times in all", s->r.p->program,
					       s->seen[i].call, verb, s->seen[i].count);
			report(&s->r, s->r.target, line);
			free(line);
		}
		s->seen[i].count = 1; /* a late repeat is not summed up twice */
	}
	if (s->dropped) {
		char *line = xasprintf("%s: %lu more calls of other kinds were %s", s->r.p->program,
				       s->dropped, verb);
		report(&s->r, s->r.target, line);
		free(line);
		s->dropped = 0;
	}
}

/* The target has exited: sum up, and let go of its stderr. */
static void target_exited(struct sup *s)
{
	limits_watch_target_gone(&s->limits);
	char *ended = limits_exit_line(&s->limits, &s->r.p->limits, s->pidfd);
	if (ended) {
		report(&s->r, s->r.target, ended);
		free(ended);
	}
	summarize(s);
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (null >= 0) {
		dup2(null, STDERR_FILENO);
		close(null);
	}
	s->r.target_gone = true;
}

/* The limits' watch, then the broker's relays. */
static size_t watch(void *ctx, struct pollfd *pfd, size_t max)
{
	struct sup *s = ctx;
	(void)max; /* the _Static_assert above */
	limits_watch_fds(&s->limits, pfd);
	s->relays = broker_poll_fds(&s->broker, pfd + LIMITS_POLL_FDS, BROKER_RELAYS);
	return LIMITS_POLL_FDS + s->relays;
}

static bool watched(void *ctx, struct pollfd *pfd, size_t n)
{
	struct sup *s = ctx;
	(void)n;
	broker_relay(&s->broker, pfd + LIMITS_POLL_FDS, s->relays);
	/* Before the target's end, which a limit may have caused. */
	char *stopped = limits_watch_event(&s->limits, pfd);
	if (!stopped)
		return false;
	report(&s->r, s->r.target, stopped);
	free(stopped);
	return true;
}

static bool notified(void *ctx, const struct seccomp_notif *req, struct seccomp_notif_resp *resp)
{
	return handle(ctx, req, resp);
}

static void target_ended(void *ctx)
{
	target_exited(ctx);
}

static const struct loop_ops ops = { watch, watched, notified, target_ended };

static void __attribute__((noreturn)) supervisor_main(void *arg, int listener, pid_t target)
{
	const struct policy *p = arg;
	/* Not dumpable: a target of the same user under landlock = off could
	 * otherwise open /proc/PID/mem of this unconfined process (files are
	 * Landlock's, not seccomp's, to refuse) and write into it. */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	/* Before the working directory is left: the path may be relative. */
	struct sup s = { .r = { .p = p, .target = target, .target_exe = realpath(p->target, NULL) },
			 .pidfd = -1 };
	if (p->on_violation == VIOLATION_REPORT)
		pathcheck_prepare(p, target);
	int tmpdir_lock = p->tmpdir_fd;
	s.listener = sidecar_detach_fds(listener, &tmpdir_lock);
	/* Nor the working directory: it could keep a file system busy. */
	if (chdir("/") < 0)
		_exit(1);
	s.pidfd = (int)syscall(SYS_pidfd_open, target, 0);
	limits_watch_start(&s.limits, &p->limits, p->program,
			   s.r.target_exe ? path_base(s.r.target_exe) : NULL, target);
	if (policy_brokered(p))
		broker_open(&s.broker, p, s.listener, target);
	if (p->log == REPORT_SYSLOG || p->log == REPORT_BOTH)
		openlog("sandbox-run", LOG_PID | LOG_NDELAY, LOG_AUTHPRIV);
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	loop.listener = s.listener;
	loop.pidfd = s.pidfd;
	loop.ops = &ops;
	loop.ctx = &s;
	loop_run(&loop);
	if (!s.r.target_gone) /* it ended with the last sandboxed process */
		target_exited(&s);
	/* No sandboxed process is left: nothing can be using it. */
	struct tmpdir tmp = { p->tmpdir, tmpdir_lock };
	if (p->tmpdir && tmpdir_remove(&tmp) < 0)
		report(&s.r, target,
		       "cannot remove the private temporary directory; the next "
		       "run with tmppath removes it");
	_exit(0);
}

void supervisor_start(const struct policy *p, struct supervisor *s)
{
	loop_alloc(&loop, "supervisor");
	s->pid = sidecar_start("supervisor", supervisor_main, (void *)p, false);
	if (s->pid <= 0)
		die("supervisor: could not be started (%s); refusing to run without it",
		    strerror(-s->pid));
}

void supervisor_handoff(int listener)
{
	sidecar_handoff(listener);
}
