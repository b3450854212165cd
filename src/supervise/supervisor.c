/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "supervise/supervisor.h"

#include <cap-ng.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <linux/futex.h>
#include <linux/sched.h>
#include <linux/seccomp.h>
#include <malloc.h>
#include <poll.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <termios.h>
#include <sys/wait.h>
#include <syslog.h>
#include <unistd.h>

#include "supervise/broker.h"
#include "base/fdpass.h"
#include "supervise/pathcheck.h"
#include "supervise/limitwatch.h"
#include "apply/caps.h"
#include "supervise/decode.h"
#include "base/pidfd.h"
#include "catalogue/promises.h"
#include "catalogue/sysrule.h"
#include "apply/tmpdir.h"


/* AddressSanitizer builds (SR_ASAN, util.h) start the supervisor with two
 * forks (start_supervisor). */

/* Distinct denials are reported once and counted; the rest are summed up
 * when the target ends. */
#define MAX_DISTINCT 256

struct seen {
	char *call;
	unsigned long count;
};

struct sup {
	const struct policy *p;
	pid_t target;
	int pidfd;        /* the target's: readable once it has exited */
	char *target_exe; /* the file the target runs, symbolic links resolved */
	bool target_gone; /* then stderr is closed: it may be a pipe someone reads to EOF */
	bool unprivileged;
	int listener;
	struct seccomp_notif *req; /* allocated by the launcher (supervisor_start) */
	struct seccomp_notif_resp *resp;
	struct broker broker;
	struct seen seen[MAX_DISTINCT];
	size_t n_seen;
	unsigned long dropped; /* denials beyond MAX_DISTINCT distinct ones */
	struct limits_watch limits; /* the cpu limit and the timeout (limits.h) */
};

/* What a denied call needs besides the promise, so the remedy is complete:
 * the promise alone would still be refused by Landlock. */
static const struct {
	const char *promise;
	const char *also;
} landlock_also[] = {
	{ "wpath", " and a [filesystem] write entry for the file" },
	{ "exec", " and a [filesystem] exec entry for the program" },
};

/* A new name is granted only as a declared output (the broker creates
 * exactly that name) or in tmppath's private $TMPDIR; a [filesystem]
 * write entry never lets a file be created. */
#define CREATE_CPATH                                                                         \
	"\"cpath\" and the file named on the command line and declared an output in "         \
	"[arguments] (output-options = OPTION, or operands = output); a [filesystem] write "  \
	"entry does not grant creating files (profile %s)"
enum create_kind { CREATE_NEW, CREATE_TMP, CREATE_EXISTING };
#define CREATE_REMEDY "needs promise " CREATE_CPATH
#define CREATE_REMEDY_TMP                                                                    \
	"needs promise \"tmppath\" if it is a temporary file (the program then gets a "      \
	"private $TMPDIR; a name fixed in /tmp stays refused), or " CREATE_CPATH

#define CREATE_REMEDY_EXISTING                                                               \
	"needs promise \"cpath\" (it opens an existing file with O_CREAT) and a "             \
	"[filesystem] write entry for the file (profile %s)"

static void create_remedy(char *buf, size_t size, enum create_kind kind, const char *profile)
{
	if (kind == CREATE_EXISTING)
		snprintf(buf, size, CREATE_REMEDY_EXISTING, profile);
	else if (kind == CREATE_TMP)
		snprintf(buf, size, CREATE_REMEDY_TMP, profile);
	else
		snprintf(buf, size, CREATE_REMEDY, profile);
}

/* The path argument of the calls that create a name, to tell a temporary
 * file from any other. */
static const struct {
	const char *name;
	uint8_t path;
} create_calls[] = {
	{ "open", 0 },	 { "creat", 0 },   { "openat", 1 },    { "mkdir", 0 },	{ "mkdirat", 1 },
	{ "mknod", 0 },	 { "mknodat", 1 }, { "symlink", 1 },   { "symlinkat", 2 }, { "link", 1 },
	{ "linkat", 3 }, { "rename", 1 },  { "renameat", 3 }, { "renameat2", 3 },
};

/* What the name the call creates is, as the caller named it: a file that
 * exists already (O_CREAT of it needs only a write entry), one in /tmp or
 * $TMPDIR, or another new name. Best effort: only the wording depends on it. */
static enum create_kind create_kind(pid_t pid, const char *name, const uint64_t *args)
{
	char path[PATH_MAX] = "", where[PATH_MAX + 64];
	for (size_t i = 0; i < sizeof create_calls / sizeof create_calls[0]; i++)
		if (strcmp(create_calls[i].name, name) == 0)
			decode_read_remote(pid, args[create_calls[i].path], path, sizeof path - 1,
					   true);
	path[sizeof path - 1] = '\0';
	if (path[0] == '/')
		snprintf(where, sizeof where, "%s", path);
	else
		snprintf(where, sizeof where, "/proc/%d/cwd/%s", (int)pid, path);
	struct stat st;
	if (path[0] && stat(where, &st) == 0 && S_ISREG(st.st_mode))
		return CREATE_EXISTING;
	const char *tmpdir = getenv("TMPDIR");
	size_t n = tmpdir && tmpdir[0] == '/' ? strlen(tmpdir) : 0;
	return strncmp(path, "/tmp/", 5) == 0 ||
	       (n > 1 && strncmp(path, tmpdir, n) == 0 && path[n] == '/') ? CREATE_TMP
									: CREATE_NEW;
}

/* Arguments that no promise will ever grant (the never list of promises.c), so
 * that the report does not send the reader looking for one. */
enum arg_test { ANY_BIT, EQUALS, DIFFERS };
#define CLONE_NEW_ANY                                                                        \
	(CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER |       \
	 CLONE_NEWPID | CLONE_NEWNET)
static const struct {
	const char *name;
	uint8_t arg;
	uint8_t test; /* enum arg_test, on arg & mask */
	uint64_t mask, value;
	const char *why;
} never_args[] = {
	{ "ioctl", 1, EQUALS, 0xffffffffu, TIOCSTI, "TIOCSTI types into the terminal" },
	{ "ioctl", 1, EQUALS, 0xffffffffu, TIOCLINUX, "TIOCLINUX drives the console" },
	{ "clone", 0, ANY_BIT, CLONE_NEW_ANY, 0, "namespaces widen kernel attack surface" },
	{ "personality", 0, DIFFERS, ~0ULL, 0xffffffffu, "only a query of the personality is granted" },
};

static const char *never_why(const char *name, const uint64_t *args)
{
	for (size_t i = 0; i < sizeof never_args / sizeof never_args[0]; i++) {
		if (strcmp(never_args[i].name, name) != 0)
			continue;
		uint64_t v = args[never_args[i].arg] & never_args[i].mask;
		bool hit = never_args[i].test == ANY_BIT ? v != 0
			   : never_args[i].test == EQUALS ? v == never_args[i].value
							  : v != never_args[i].value;
		if (hit)
			return never_args[i].why;
	}
	const struct never_rule *never = never_lookup(name);
	return never ? never->why : NULL;
}

static void write_line(int fd, const char *line)
{
	char *out = xasprintf("%s: %s\n", program_name, line);
	ssize_t r = write(fd, out, strlen(out)); /* one write: lines never interleave */
	(void)r;
	free(out);
}

/* While the target lives, reports go to the stderr it was given. After it
 * has exited our copy is closed, and a late report from one of its children
 * goes to that child's own stderr. */
static void to_stderr(const struct sup *s, pid_t caller, const char *line)
{
	if (!s->target_gone) {
		write_line(STDERR_FILENO, line);
		return;
	}
	int pidfd = (int)syscall(SYS_pidfd_open, caller, 0);
	int fd = pidfd < 0 ? -1 : (int)syscall(SYS_pidfd_getfd, pidfd, STDERR_FILENO, 0);
	if (fd >= 0)
		write_line(fd, line);
	if (fd >= 0)
		close(fd);
	if (pidfd >= 0)
		close(pidfd);
}

/* Whether syslog(3) reaches a daemon: without one (a container, a chroot,
 * no syslog installed) it drops every message in silence. Asked at the
 * first report, as glibc connects: a datagram socket, else a stream. */
static bool syslog_socket(int *err)
{
	static const int types[] = { SOCK_DGRAM, SOCK_STREAM };
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	copy_bounded(addr.sun_path, sizeof addr.sun_path, _PATH_LOG);
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
		int fd = socket(AF_UNIX, types[i] | SOCK_CLOEXEC, 0);
		bool up = fd >= 0 && connect(fd, (struct sockaddr *)&addr, sizeof addr) == 0;
		*err = errno;
		if (fd >= 0)
			close(fd);
		if (up)
			return true;
	}
	return false;
}

/* log = syslog or both, with no syslog socket: reports go to stderr, after
 * one line (per run) that says why. */
static int log_target(const struct sup *s, pid_t caller)
{
	static int syslog_up = -1; /* not asked yet */
	int log = s->p->log;
	if (log != REPORT_SYSLOG && log != REPORT_BOTH)
		return log;
	if (syslog_up < 0) {
		int err = 0;
		syslog_up = syslog_socket(&err);
		if (!syslog_up) {
			bool both = log == REPORT_BOTH;
			char *note = xasprintf("log = %s: no syslog socket at %s (%s); reports go to "
					       "standard error %s", both ? "both" : "syslog", _PATH_LOG,
					       strerror(err), both ? "only" : "instead");
			to_stderr(s, caller, note);
			free(note);
		}
	}
	return syslog_up ? log : REPORT_STDERR;
}

static void report(const struct sup *s, pid_t caller, const char *line)
{
	int log = log_target(s, caller);
	if (log == REPORT_STDERR || log == REPORT_BOTH)
		to_stderr(s, caller, line);
	if (log == REPORT_SYSLOG || log == REPORT_BOTH)
		syslog(LOG_WARNING, "%s", line);
}

/* The promises that would grant this very call, arguments included (mmap
 * with PROT_EXEC names prot_exec, not stdio which has mmap only without).
 * *any_rule tells whether some promise has the call at all. */
static void granting_promises(const struct sup *s, int nr, const uint64_t *args, char *buf,
			      size_t size, const char **first, bool *any_rule)
{
	buf[0] = '\0';
	*first = NULL;
	*any_rule = false;
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *pr = promise_at(i);
		for (size_t j = 0; j < pr->nrules; j++) {
			if (rule_nr(&pr->rules[j]) != nr)
				continue;
			*any_rule = true;
			if (s->p->promise[i] || !sys_rule_holds(&pr->rules[j], args, s->target))
				continue;
			size_t len = strlen(buf);
			snprintf(buf + len, size - len, "%s\"%s\"", len ? " or " : "", pr->name);
			if (!*first)
				*first = pr->name;
			break;
		}
	}
}

static const char *landlock_hint(const char *promise)
{
	for (size_t i = 0; promise && i < sizeof landlock_also / sizeof landlock_also[0]; i++)
		if (strcmp(landlock_also[i].promise, promise) == 0)
			return landlock_also[i].also;
	return "";
}

static const char *first_promise_with(int nr)
{
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *pr = promise_at(i);
		for (size_t j = 0; j < pr->nrules; j++)
			if (rule_nr(&pr->rules[j]) == nr)
				return pr->name;
	}
	return "";
}

/* What would allow the call: a promise, an allow line, or nothing. */
static void remedy(const struct sup *s, pid_t pid, const struct seccomp_data *d, char *buf,
		   size_t size)
{
	const struct policy *p = s->p;
	const char *name = decode_name(d->nr);
	const uint64_t *args = (const uint64_t *)d->args;
	const char *never = never_why(name, args);
	char promises[256];
	const char *first;
	bool any_rule;
	granting_promises(s, d->nr, args, promises, sizeof promises, &first, &any_rule);
	if (never)
		snprintf(buf, size, "never granted (%s)", never);
	else if (sysrule_matches(SYSRULE_NSCD_REQUEST, d->nr, args))
		snprintf(buf, size, "glibc asking nscd for a name, which it does without: add "
			 "\"refuse = %s\" to [profile] of %s, and for the files glibc reads "
			 "instead a [filesystem] read entry (/etc/passwd /etc/group for users and "
			 "groups); promise %s would allow any Unix socket",
			 SYSRULE_NSCD_REQUEST, p->profile_path, first ? first : "unix");
	else if (first && (!strcmp(first, "cpath") || !strcmp(first, "tmppath")))
		create_remedy(buf, size, create_kind(pid, name, args), p->profile_path);
	else if (first)
		snprintf(buf, size, "needs promise %s%s (profile %s)", promises, landlock_hint(first),
			 p->profile_path);
	else if (any_rule)
		snprintf(buf, size, "no promise grants %s with these arguments "
			 "(sandbox-run --list-promises=%s shows the conditions)", name,
			 first_promise_with(d->nr));
	else
		snprintf(buf, size, "no promise grants it; add \"allow = %s\" to [profile] of %s",
			 name, p->profile_path);
	size_t len = strlen(buf);
	for (size_t i = 0; i < p->unknown_preloads.n && len < size; i++, len = strlen(buf))
		snprintf(buf + len, size - len, "; %s %s is not a known library and may be "
			 "the caller", p->unknown_preloads.origin[i], p->unknown_preloads.item[i]);
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

/* A value from /proc/PID/status ("Tgid:", "SigCgt:"), or def. */
static unsigned long long proc_status(pid_t pid, pid_t tid, const char *key, int base,
				      unsigned long long def)
{
	char path[64], line[256];
	snprintf(path, sizeof path, tid ? "/proc/%d/task/%d/status" : "/proc/%d/status",
		 (int)pid, (int)tid);
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

/* The program a process of the sandbox runs now (groff's troff, after an
 * exec): the kernel's name for its executable, not the comm the process
 * may set itself, with control characters masked so a file name cannot
 * forge a report line. */
static bool running_program(pid_t pid, char *buf, size_t size)
{
	char link[64], path[512];
	snprintf(link, sizeof link, "/proc/%d/exe", (int)pid);
	ssize_t n = readlink(link, path, sizeof path - 1);
	if (n <= 0)
		return false;
	path[n] = '\0';
	const char *base = path_base(path);
	size_t len = strlen(base) < size ? strlen(base) : size - 1;
	memcpy(buf, base, len);
	buf[len] = '\0';
	for (char *c = buf; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	return true;
}

static bool ends_with_name(const char *path, const char *name)
{
	const char *base = path ? strrchr(path, '/') : NULL;
	return base && strcmp(base + 1, name) == 0;
}

/* The first report of a denied call; refused says why the broker refused
 * it (NULL: a call outside the policy, with its remedy). */
static void report_first(struct sup *s, const struct seccomp_notif *req, pid_t tgid,
			 const char *call, int sig, const char *refused)
{
	char why[1024], who[256], exe[128];
	if (refused)
		copy_bounded(why, sizeof why, refused);
	else
		remedy(s, (pid_t)req->pid, &req->data, why, sizeof why);
	int n = snprintf(who, sizeof who, "%s[%d]", s->p->program, (int)tgid);
	if (tgid != (pid_t)req->pid)
		n += snprintf(who + n, sizeof who - (size_t)n, " thread %d", (int)req->pid);
	if (running_program(tgid, exe, sizeof exe) && strcmp(exe, s->p->program) != 0 &&
	    !ends_with_name(s->target_exe, exe))
		snprintf(who + n, sizeof who - (size_t)n, " (running %s)", exe);
	const char *mode = "";
	bool audit = s->p->on_violation == VIOLATION_REPORT && !refused;
	if (refused && s->p->on_violation != VIOLATION_DENY)
		mode = "; refused in every on-violation mode, as Landlock refuses";
	else if (audit)
		mode = "; let through (on-violation = report; Landlock still applies)";
	else if (sig == SIGSYS)
		mode = "; killed by SIGSYS (on-violation = kill)";
	else if (sig == SIGKILL)
		mode = "; killed by SIGKILL (on-violation = kill, and it catches or blocks SIGSYS)";
	char *line = xasprintf("%s: %s %s: %s%s", who, audit ? "would deny" : "denied", call, why,
			       mode);
	report(s, tgid, line);
	free(line);
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
	int sig = s->p->on_violation == VIOLATION_KILL && !refused
			  ? kill_signal(tgid, (pid_t)req->pid) : 0;
	struct seen *seen = remember(s, call);
	if (!seen)
		s->dropped++;
	else if (seen->count++ == 0)
		report_first(s, req, tgid, call, sig, refused);
	int err = refused ? broker_refusal_errno(req) : EPERM;
	*resp = (struct seccomp_notif_resp){ .id = req->id, .error = -err };
	if (s->p->on_violation == VIOLATION_REPORT && !refused)
		*resp = (struct seccomp_notif_resp){ .id = req->id,
						      .flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE };
	if (sig)
		kill_caller(s, req, tgid, sig);
}

/* ---- file refusals (on-violation = report; pathcheck.h) ---- */

/* "prog[PID]", " thread TID", " (running EXE)": who made the call. */
static void caller_name(const struct sup *s, const struct seccomp_notif *req, pid_t tgid,
			char *who, size_t size)
{
	char exe[128];
	int n = snprintf(who, size, "%s[%d]", s->p->program, (int)tgid);
	if (tgid != (pid_t)req->pid)
		n += snprintf(who + n, size - (size_t)n, " thread %d", (int)req->pid);
	if (running_program(tgid, exe, sizeof exe) && strcmp(exe, s->p->program) != 0 &&
	    !ends_with_name(s->target_exe, exe))
		snprintf(who + n, size - (size_t)n, " (running %s)", exe);
}

/* A granted call that takes a path: reported, once per access and path,
 * when Landlock will refuse the file; it goes on either way, and Landlock
 * decides. */
static void check_file_access(struct sup *s, const struct seccomp_notif *req, pid_t tgid)
{
	struct path_refusal r;
	if (!pathcheck_refused(s->p, (pid_t)req->pid, req->data.nr,
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
		caller_name(s, req, tgid, who, sizeof who);
		pathcheck_remedy(s->p, &r, why, sizeof why);
		char *line = xasprintf("%s: Landlock refuses %s (%s): %s", who, what, r.call, why);
		report(s, tgid, line);
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
	if (s->p->on_violation != VIOLATION_REPORT || !pathcheck_call(req->data.nr) ||
	    !policy_grants_call(s->p, req->data.nr, (const uint64_t *)req->data.args, tgid))
		return false;
	check_file_access(s, req, tgid);
	*resp = (struct seccomp_notif_resp){ .id = req->id, .flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE };
	return true;
}

/* One notification: the broker's to serve, or a denial. Returns whether
 * resp is still to be sent (a descriptor the broker installed answered the
 * call already). */
static bool handle(struct sup *s, const struct seccomp_notif *req, struct seccomp_notif_resp *resp)
{
	pid_t tgid = (pid_t)proc_status((pid_t)req->pid, 0, "Tgid:", 10, req->pid);
	char why[512];
	enum broker_answer a = policy_brokered(s->p)
		? broker_handle(&s->broker, req, tgid, resp, why, sizeof why) : BROKER_NOT_MINE;
	if (a == BROKER_SENT)
		return false;
	/* What the broker leaves to the kernel is checked like the rest. */
	if (a == BROKER_RESPOND && (resp->flags & SECCOMP_USER_NOTIF_FLAG_CONTINUE) &&
	    s->p->on_violation == VIOLATION_REPORT)
		check_file_access(s, req, tgid);
	if (a == BROKER_NOT_MINE && checked_and_continued(s, req, tgid, resp))
		return true;
	if (a != BROKER_RESPOND)
		deny(s, req, tgid, resp, a == BROKER_REFUSED ? why : NULL);
	return true;
}

static void summarize(struct sup *s)
{
	const char *verb = s->p->on_violation == VIOLATION_REPORT ? "let through" : "denied";
	for (size_t i = 0; i < s->n_seen; i++) {
		if (s->seen[i].count > 1) {
			char *line = xasprintf("%s: %s was %s %lu times in all", s->p->program,
					       s->seen[i].call, verb, s->seen[i].count);
			report(s, s->target, line);
			free(line);
		}
		s->seen[i].count = 1; /* a late repeat is not summed up twice */
	}
	if (s->dropped) {
		char *line = xasprintf("%s: %lu more calls of other kinds were %s", s->p->program,
				       s->dropped, verb);
		report(s, s->target, line);
		free(line);
		s->dropped = 0;
	}
}

/* The target has exited: sum up, and let go of its stderr. */
static void target_exited(struct sup *s)
{
	limits_watch_target_gone(&s->limits);
	char *ended = limits_exit_line(&s->limits, &s->p->limits, s->pidfd);
	if (ended) {
		report(s, s->target, ended);
		free(ended);
	}
	summarize(s);
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (null >= 0) {
		dup2(null, STDERR_FILENO);
		close(null);
	}
	s->target_gone = true;
}

/* After its exec the launcher leaves the supervisor everything it had
 * mapped, the whole of the libc it ran included, where a forked supervisor
 * mapped only the pages it used. Unmapping what no one wrote to (the text
 * and constants of every loaded object) brings it back there: the pages the
 * supervisor runs return from the page cache on demand. A segment that a
 * text relocation wrote to holds private copies and stays. */
static bool has_textrel(const struct dl_phdr_info *info)
{
	for (int i = 0; i < info->dlpi_phnum; i++) {
		if (info->dlpi_phdr[i].p_type != PT_DYNAMIC)
			continue;
		const ElfW(Dyn) *d = (const void *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
		for (; d->d_tag != DT_NULL; d++)
			if (d->d_tag == DT_TEXTREL ||
			    (d->d_tag == DT_FLAGS && (d->d_un.d_val & DF_TEXTREL)))
				return true;
	}
	return false;
}

static int drop_readonly(struct dl_phdr_info *info, size_t size, void *unused)
{
	(void)size;
	(void)unused;
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), vdso = getauxval(AT_SYSINFO_EHDR);
	if (has_textrel(info))
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t at = info->dlpi_addr + ph->p_vaddr;
		/* The vDSO is the kernel's, not a file's. */
		if (ph->p_type != PT_LOAD || (ph->p_flags & PF_W) || at == vdso)
			continue;
		uintptr_t from = (at + page - 1) & ~(page - 1);
		uintptr_t end = (at + ph->p_memsz) & ~(page - 1);
		if (end > from)
			madvise((void *)from, end - from, MADV_DONTNEED);
	}
	return 0;
}

/* What the launcher freed, and what it mapped but the supervisor does not
 * use. It costs the supervisor about 0.2 ms of CPU time (the zapping, and
 * the faults that bring back the pages it runs): not worth it for a run of
 * a few milliseconds, so it is done once the supervisor has been idle for
 * RELEASE_IDLE_MS. A forked supervisor (sanitizer builds) has none of it. */
#define RELEASE_IDLE_MS 100

static void release_launcher_memory(void)
{
	malloc_trim(0);
	dl_iterate_phdr(drop_readonly, NULL);
}

/* It reads untrusted memory: it holds no privilege from the first
 * notification on. Not before, when it has read nothing: dropping costs
 * root about 0.2 ms of CPU time, which would compete with a short target
 * for nothing. libcap-ng still works on the launcher's pid, which only
 * fork resets (pthread_atfork): name ours. */
static void drop_privileges(struct sup *s)
{
	if (s->unprivileged)
		return;
	capng_setpid(getpid());
	caps_drop();
	s->unprivileged = true;
}

static void serve(struct sup *s)
{
	struct seccomp_notif *req = s->req;
	struct seccomp_notif_resp *resp = s->resp;
	/* The listener, the target's pidfd, the limits' watch, the broker's relays */
	enum { WATCH = 2, RELAYS = WATCH + LIMITS_POLL_FDS };
	struct pollfd pfd[RELAYS + BROKER_RELAYS] = { { s->listener, POLLIN, 0 }, { s->pidfd, POLLIN, 0 } };
	int timeout = SR_ASAN ? -1 : RELEASE_IDLE_MS;
	for (;;) {
		limits_watch_fds(&s->limits, pfd + WATCH);
		size_t relays = broker_poll_fds(&s->broker, pfd + RELAYS, BROKER_RELAYS);
		int n = poll(pfd, RELAYS + relays, timeout);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		if (n == 0) {
			release_launcher_memory();
			timeout = -1;
			continue;
		}
		broker_relay(&s->broker, pfd + RELAYS, relays);
		/* Before the target's end, which a limit may have caused. */
		char *stopped = limits_watch_event(&s->limits, pfd + WATCH);
		if (stopped) {
			report(s, s->target, stopped);
			free(stopped);
			continue;
		}
		if (pfd[0].revents & POLLIN) {
			memset(req, 0, sizeof *req);
			if (seccomp_notify_receive(s->listener, req) < 0)
				continue; /* the caller died meanwhile */
			drop_privileges(s);
			if (handle(s, req, resp))
				seccomp_notify_respond(s->listener, resp);
			continue;
		}
		if (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL))
			break; /* no sandboxed process is left */
		if (pfd[1].revents) {
			target_exited(s);
			pfd[1].fd = -1;
		}
	}
	if (!s->target_gone) /* it ended with the last sandboxed process */
		target_exited(s);
}

/* Keep stderr for reports; nothing else of the pipeline may stay open here,
 * or a reader would wait for our end of its pipe. Returns the listener, now
 * descriptor 3; keep (the private temporary directory's lock, or -1)
 * becomes descriptor 4. */
static int detach_fds(int listener, int *keep)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		/* A stderr the caller closed stays closed for the target; here it
		 * must not become whatever is opened next. */
		if (fcntl(STDERR_FILENO, F_GETFD) < 0)
			dup2(null, STDERR_FILENO);
	} else {
		close(STDIN_FILENO);
		close(STDOUT_FILENO);
	}
	/* Nor the working directory: it could keep a file system busy. */
	if (chdir("/") < 0)
		_exit(1);
	/* Out of the way first: keep may be 3 or 4 now. */
	int kept = *keep >= 0 ? fcntl(*keep, F_DUPFD_CLOEXEC, 5) : -1;
	if (listener != 3 && dup2(listener, 3) < 0)
		_exit(1);
	if (kept >= 0 && dup3(kept, 4, O_CLOEXEC) < 0)
		_exit(1);
	*keep = kept >= 0 ? 4 : -1;
	syscall(SYS_close_range, kept >= 0 ? 5 : 4, ~0U, 0);
	return 3;
}

static void ignore_job_signals(void)
{
	/* ^C and ^\ are for the target: the supervisor ends when it does. */
	static const int sigs[] = { SIGINT, SIGQUIT, SIGHUP, SIGPIPE, SIGTSTP, SIGTTOU, SIGTTIN };
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], SIG_IGN);
}

/* Starting the supervisor copies nothing of the launcher, where a fork
 * copied its page tables and then made it fault on every page it wrote
 * until its exec:
 *
 *   launcher --clone(VM|FILES, exit signal 0)--> supervisor
 *
 * Its exit signal is 0, which makes it a "clone" child: wait(), waitpid()
 * and waitid() of the target see it only with __WALL or __WCLONE, and its
 * end sends the target no SIGCHLD. So the target, which the launcher
 * becomes, need not be shielded from it by a middle process that exits (a
 * second clone and a round trip, some 50 µs); should the target end first,
 * the kernel hands it to init or the subreaper with SIGCHLD as its signal.
 *
 * Until the launcher execs the target (or exits), the supervisor shares its
 * memory and its thread-local storage, errno included: it makes raw system
 * calls only and touches no libc state. It waits on a word that the kernel
 * clears and wakes as the launcher leaves that memory (set_tid_address(2);
 * mm_release in kernel/fork.c, on exec and on exit alike). From then on it
 * is alone in the launcher's old memory, libc as the launcher left it, and
 * in its old descriptor table, the listener included: the exec gave the
 * target a copy of its own (unshare_files, before exec_mmap in fs/exec.c),
 * where the listener, close-on-exec, was closed. Sanitizer builds fork
 * twice instead (below). */
#define SUPERVISOR_STACK (256 * 1024) /* MAP_NORESERVE: untouched pages cost nothing */

/* What the supervisor starts from. Static, since the launcher reuses its
 * own stack meanwhile. */
static struct {
	const struct policy *p;
	pid_t target;
	sigset_t mask;         /* the launcher's signal mask, for the supervisor once alone */
	volatile int listener; /* from the handoff, just before the exec; -1 before */
	/* Allocated before the clone: their size comes from seccomp(), which a
	 * filter the launcher inherited (a tracer's, another sandbox's) may
	 * refuse the supervisor, not being traced itself. */
	struct seccomp_notif *req;
	struct seccomp_notif_resp *resp;
#if SR_ASAN
	int sock, other; /* the supervisor's and the launcher's end of the handoff socket */
#endif
} start = { .listener = -1 };

static void __attribute__((noreturn)) supervisor_main(int listener)
{
	const struct policy *p = start.p;
	/* Not dumpable: a target of the same user under landlock = off could
	 * otherwise open /proc/PID/mem of this unconfined process (files are
	 * Landlock's, not seccomp's, to refuse) and write into it. */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	ignore_job_signals();
	/* Blocked since the clone, so that no handler of the launcher ran on its
	 * stack and errno; job signals that came meanwhile went with SIG_IGN. */
	sigprocmask(SIG_SETMASK, &start.mask, NULL);
	/* Before detach_fds leaves the working directory: the path may be relative. */
	struct sup s = { .p = p, .target = start.target, .pidfd = -1, .req = start.req,
			 .resp = start.resp,
			 .target_exe = realpath(p->target, NULL) };
	if (p->on_violation == VIOLATION_REPORT)
		pathcheck_prepare(p, start.target);
	int tmpdir_lock = p->tmpdir_fd;
	s.listener = detach_fds(listener, &tmpdir_lock);
	s.pidfd = (int)syscall(SYS_pidfd_open, s.target, 0);
	limits_watch_start(&s.limits, &p->limits, p->program,
			   s.target_exe ? path_base(s.target_exe) : NULL, s.target);
	if (policy_brokered(p))
		broker_open(&s.broker, p, s.listener, s.target);
	if (p->log == REPORT_SYSLOG || p->log == REPORT_BOTH)
		openlog("sandbox-run", LOG_PID | LOG_NDELAY, LOG_AUTHPRIV);
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	serve(&s);
	/* No sandboxed process is left: nothing can be using it. */
	struct tmpdir tmp = { p->tmpdir, tmpdir_lock };
	if (p->tmpdir && tmpdir_remove(&tmp) < 0)
		report(&s, s.target, "cannot remove the private temporary directory; the next run "
				     "with tmppath removes it");
	_exit(0);
}

#if !SR_ASAN
/* The launcher's tid, until the kernel sets it to 0 and wakes the waiters
 * because the launcher has exec'd or exited. */
static volatile pid_t launcher_tid;

/* A system call that leaves errno, the launcher's, alone. */
#if defined(__x86_64__)
static long raw_syscall(long nr, long a, long b, long c, long d)
{
	long ret;
	register long r10 __asm__("r10") = d;
	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10)
			 : "rcx", "r11", "memory");
	return ret;
}
#else
/* syscall(2) sets errno when a call fails, and FUTEX_WAIT fails (EAGAIN)
 * only once the word is 0, that is once the launcher has gone. The
 * launcher has called syscall() itself, so it needs no lazy binding here. */
static long raw_syscall(long nr, long a, long b, long c, long d)
{
	long r = syscall(nr, a, b, c, d);
	return r < 0 ? -errno : r;
}
#endif

/* The listener, once the launcher has gone; -1 if it went without handing
 * one over. Only a listener says that the launcher got past its own work
 * and left libc whole (it may have died inside malloc before). */
static int take_listener(void)
{
	pid_t tid;
	/* Not FUTEX_PRIVATE_FLAG: the kernel's wake is a shared one. A wake
	 * without a change (spurious) just waits again. */
	while ((tid = launcher_tid) != 0)
		raw_syscall(SYS_futex, (long)(uintptr_t)&launcher_tid, FUTEX_WAIT, tid, 0);
	return start.listener;
}
#else
static int take_listener(void)
{
	close(start.other); /* the launcher's copy closing is our end of file */
	return fd_receive(start.sock);
}
#endif

/* The supervisor's first function. Simple on purpose: until
 * take_listener returns, nothing here may touch errno, the heap or stdio. */
static int supervisor_entry(void *unused)
{
	(void)unused;
	int listener = take_listener();
	if (listener < 0)
		_exit(0);
	supervisor_main(listener);
}

#if !SR_ASAN
/* The supervisor's stack, with a guard page: an overflow faults instead of
 * writing into the next mapping. */
static char *map_stack(void)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char *base = mmap(NULL, SUPERVISOR_STACK, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
	if (base == MAP_FAILED || mprotect(base, page, PROT_NONE) < 0)
		die("supervisor: cannot map its stack: %s; refusing to run without it",
		    strerror(errno));
	return base + SUPERVISOR_STACK;
}

/* The supervisor's pid, or -errno. */
static pid_t start_supervisor(void)
{
	char *stack = map_stack();
	/* The word the supervisor waits on: glibc's own (in the thread's
	 * descriptor) would do as well, but this one is ours to name. */
	launcher_tid = (pid_t)syscall(SYS_set_tid_address, &launcher_tid);
	pid_t pid = clone(supervisor_entry, stack, CLONE_VM | CLONE_FILES, NULL);
	return pid > 0 ? pid : -errno;
}

static void give_listener(int listener)
{
	start.listener = listener;
}
#else
/* AddressSanitizer knows one stack per thread and warns (on the target's
 * stderr) when a process runs on another, and it keeps state that a
 * CLONE_VM child would share: sanitizer builds fork twice, the supervisor
 * has memory and descriptors of its own, and the listener travels over a
 * socket (SCM_RIGHTS), whose end of file is the supervisor's wait. */
static pid_t start_supervisor(void)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return -errno;
	start.sock = sv[1];
	start.other = sv[0];
	/* The pid comes back in a page that the forks keep sharing. */
	volatile pid_t *pid = mmap(NULL, sizeof *pid, PROT_READ | PROT_WRITE,
				   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (pid == MAP_FAILED)
		return -errno;
	*pid = -ECHILD; /* the middle died before it could say */
	pid_t middle = fork();
	if (middle == 0) {
		pid_t sup = fork();
		if (sup == 0)
			supervisor_entry(NULL);
		*pid = sup > 0 ? sup : -errno;
		_exit(0);
	}
	int err = errno;
	close(sv[1]);
	if (middle > 0)
		waitpid(middle, NULL, 0);
	pid_t r = middle < 0 ? -err : *pid;
	munmap((void *)pid, sizeof *pid);
	return r;
}

static void give_listener(int listener)
{
	/* A supervisor already gone is EPIPE here, and the target does not run. */
	if (fd_send(start.other, listener) < 0)
		die("supervisor: could not hand over the notification listener (%s); refusing "
		    "to run without it", strerror(errno));
	close(listener);
	close(start.other);
}
#endif

void supervisor_start(const struct policy *p, struct supervisor *s)
{
	start.p = p;
	start.target = getpid();
	if (seccomp_notify_alloc(&start.req, &start.resp) < 0)
		die("supervisor: cannot size seccomp notifications (is seccomp() refused by a "
		    "filter sandbox-run runs under?); refusing to run without it");
	sigset_t all;
	sigfillset(&all);
	/* Blocked in the supervisor until it is alone: no handler of the
	 * launcher may run on the launcher's stack and errno. */
	sigprocmask(SIG_SETMASK, &all, &start.mask);
	s->pid = start_supervisor();
	sigprocmask(SIG_SETMASK, &start.mask, NULL);
	if (s->pid <= 0)
		die("supervisor: could not be started (%s); refusing to run without it",
		    strerror(-s->pid));
	/* Under Yama's ptrace_scope = 1 the supervisor, not being an ancestor,
	 * needs PR_SET_PTRACER to read the callers' memory and take their
	 * stderr, and that must be set before the filter forbids it. Without
	 * Yama the call fails (EINVAL), harmlessly. */
	prctl(PR_SET_PTRACER, s->pid, 0, 0, 0);
}

void supervisor_handoff(int listener)
{
	/* No round trip: if the supervisor dies before it takes the listener,
	 * the listener closes and the kernel answers every denied call with
	 * ENOSYS. */
	give_listener(listener);
}
