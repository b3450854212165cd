#include "supervisor.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <syslog.h>
#include <unistd.h>

#include "caps.h"
#include "decode.h"
#include "promises.h"

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif

/* Distinct denials are reported once and counted; the rest are summed up
 * when the sandbox ends. */
#define MAX_DISTINCT 256

struct seen {
	char *call;
	unsigned long count;
};

struct sup {
	const struct policy *p;
	pid_t target;
	int listener;
	struct seen seen[MAX_DISTINCT];
	size_t n_seen;
	unsigned long dropped; /* denials beyond MAX_DISTINCT distinct ones */
};

static void report(const struct sup *s, const char *line)
{
	int log = s->p->log;
	if (log == LOG_STDERR || log == LOG_BOTH) {
		char *out = xasprintf("%s: %s\n", program_name, line);
		ssize_t r = write(STDERR_FILENO, out, strlen(out)); /* one write: whole lines */
		(void)r;
		free(out);
	}
	if (log == LOG_SYSLOG || log == LOG_BOTH)
		syslog(LOG_WARNING, "%s", line);
}

/* What would allow the call: a promise, a preload rule, or nothing. */
static void remedy(const struct policy *p, int nr, char *buf, size_t size)
{
	const char *name = decode_name(nr);
	const struct never_rule *never = never_lookup(name);
	char promises[256];
	promises_granting(nr, promises, sizeof promises);
	if (never)
		snprintf(buf, size, "never granted (%s)", never->why);
	else if (promises[0])
		snprintf(buf, size, "needs promise %s (profile %s)", promises, p->profile_path);
	else
		snprintf(buf, size, "no promise grants it; add \"allow = %s\" to [profile] of %s",
			 name, p->profile_path);
	size_t len = strlen(buf);
	if (p->unknown_preloads.n)
		snprintf(buf + len, size - len, "; LD_PRELOAD %s is not a known library and may "
			 "be the caller", p->unknown_preloads.item[0]);
}

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

static void handle(struct sup *s, const struct seccomp_notif *req, struct seccomp_notif_resp *resp)
{
	const struct policy *p = s->p;
	char call[1024], why[1024];
	decode_call(req->data.nr, (const uint64_t *)req->data.args, (pid_t)req->pid, call,
		    sizeof call);
	struct seen *seen = remember(s, call);
	if (!seen)
		s->dropped++;
	else if (seen->count++ == 0) {
		remedy(p, req->data.nr, why, sizeof why);
		char *line = xasprintf("%s[%d]: %s %s: %s%s", p->program, (int)req->pid,
				       p->on_violation == VIOLATION_REPORT ? "would deny" : "denied",
				       call, why,
				       p->on_violation == VIOLATION_REPORT ? " (on-violation = report: "
				       "allowed)" : p->on_violation == VIOLATION_KILL ?
				       " (on-violation = kill)" : "");
		report(s, line);
		free(line);
	}
	resp->id = req->id;
	resp->val = 0;
	resp->error = 0;
	resp->flags = 0;
	if (p->on_violation == VIOLATION_REPORT) {
		resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
		return;
	}
	if (p->on_violation == VIOLATION_KILL)
		kill((pid_t)req->pid, SIGSYS); /* the whole thread group, as the kernel would */
	resp->error = -EPERM;
}

static void summarize(struct sup *s)
{
	for (size_t i = 0; i < s->n_seen; i++) {
		if (s->seen[i].count > 1) {
			char *line = xasprintf("%s: %s was denied %lu times in all", s->p->program,
					       s->seen[i].call, s->seen[i].count);
			report(s, line);
			free(line);
		}
		free(s->seen[i].call);
	}
	if (s->dropped) {
		char *line = xasprintf("%s: %lu more denials of other kinds", s->p->program, s->dropped);
		report(s, line);
		free(line);
	}
}

static void serve(struct sup *s)
{
	struct seccomp_notif *req;
	struct seccomp_notif_resp *resp;
	if (seccomp_notify_alloc(&req, &resp) < 0)
		_exit(1);
	for (;;) {
		struct pollfd pfd = { s->listener, POLLIN, 0 };
		if (poll(&pfd, 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (pfd.revents & POLLIN) {
			memset(req, 0, sizeof *req);
			if (seccomp_notify_receive(s->listener, req) < 0)
				continue; /* the caller died meanwhile */
			handle(s, req, resp);
			seccomp_notify_respond(s->listener, resp);
			continue;
		}
		if (pfd.revents & (POLLHUP | POLLERR | POLLNVAL))
			break; /* no sandboxed process is left */
	}
	summarize(s);
	seccomp_notify_free(req, resp);
}

/* Keep stderr for reports; nothing else of the pipeline may stay open here,
 * or a reader would wait for our end of its pipe. */
static void detach_fds(int sock)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
	}
	if (sock != 3) {
		dup2(sock, 3);
		sock = 3;
	}
	syscall(SYS_close_range, 4, ~0U, 0);
}

static void ignore_job_signals(void)
{
	/* ^C and ^\ are for the target: the supervisor ends when it does. */
	static const int sigs[] = { SIGINT, SIGQUIT, SIGHUP, SIGPIPE, SIGTSTP, SIGTTOU, SIGTTIN };
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], SIG_IGN);
}

static int receive_listener(pid_t target)
{
	int number;
	if (read(3, &number, sizeof number) != (ssize_t)sizeof number)
		return -1; /* the launcher failed before its filter: nothing to do */
	int pidfd = (int)syscall(SYS_pidfd_open, target, 0);
	int fd = pidfd < 0 ? -1 : (int)syscall(SYS_pidfd_getfd, pidfd, number, 0);
	char ok = fd >= 0 ? 'y' : 'n';
	if (write(3, &ok, 1) != 1 || fd < 0)
		return -1;
	close(pidfd);
	return fd;
}

static void __attribute__((noreturn)) supervisor_main(const struct policy *p, pid_t target, int sock)
{
	ignore_job_signals();
	detach_fds(sock);
	pid_t self = getpid();
	if (write(3, &self, sizeof self) != (ssize_t)sizeof self)
		_exit(1);
	struct sup s = { .p = p, .target = target };
	s.listener = receive_listener(target);
	close(3);
	if (s.listener < 0)
		_exit(0);
	if (p->log == LOG_SYSLOG || p->log == LOG_BOTH)
		openlog("sandbox-run", LOG_PID | LOG_NDELAY, LOG_AUTHPRIV);
	/* It reads untrusted memory: it holds no privilege while it does. */
	caps_drop();
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	serve(&s);
	_exit(0);
}

void supervisor_start(const struct policy *p, struct supervisor *s)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		die("supervisor: socketpair: %s", strerror(errno));
	pid_t target = getpid();
	pid_t child = fork();
	if (child < 0)
		die("supervisor: fork: %s", strerror(errno));
	if (child == 0) {
		/* The middle process exits at once, so the supervisor is
		 * reparented away: the target can neither wait() for it nor
		 * see it as a child. */
		close(sv[0]);
		if (fork() == 0)
			supervisor_main(p, target, sv[1]);
		_exit(0);
	}
	close(sv[1]);
	int status;
	while (waitpid(child, &status, 0) < 0 && errno == EINTR)
		;
	s->sock = sv[0];
	if (read(s->sock, &s->pid, sizeof s->pid) != (ssize_t)sizeof s->pid)
		die("supervisor: did not start");
	/* Under Yama's ptrace_scope = 1 the supervisor, not being an ancestor,
	 * needs this to take the listener and read call arguments. */
	prctl(PR_SET_PTRACER, s->pid, 0, 0, 0);
}

void supervisor_handoff(struct supervisor *s, int listener)
{
	char ok = 'n';
	if (write(s->sock, &listener, sizeof listener) != (ssize_t)sizeof listener ||
	    read(s->sock, &ok, 1) != 1 || ok != 'y')
		die("supervisor: could not take over the notification listener; refusing to "
		    "run without it");
	close(listener);
	close(s->sock);
}
