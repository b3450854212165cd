/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The wording of the supervisor's reports: who made a call, what would
 * allow a denied one (a promise, an allow line, a declared output, or
 * nothing: never granted), and where a report goes (stderr, syslog). */
#include "supervise/report.h"

#include <errno.h>
#include <limits.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <syslog.h>
#include <termios.h>
#include <unistd.h>

#include "base/pidfd.h"
#include "base/util.h"
#include "catalogue/promises.h"
#include "catalogue/sysrule.h"
#include "catalogue/grants.h"
#include "supervise/decode.h"

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
	"\"cpath\" and the file named on the command line and declared an output in "        \
	"[arguments] (output-options = OPTION, or operands = output); a [filesystem] write " \
	"entry does not grant creating files (profile %s)"
enum create_kind {
	CREATE_NEW,
	CREATE_TMP,
	CREATE_EXISTING
};
#define CREATE_REMEDY "needs promise " CREATE_CPATH
#define CREATE_REMEDY_TMP                                                               \
	"needs promise \"tmppath\" if it is a temporary file (the program then gets a " \
	"private $TMPDIR; a name fixed in /tmp stays refused), or " CREATE_CPATH

#define CREATE_REMEDY_EXISTING                                                    \
	"needs promise \"cpath\" (it opens an existing file with O_CREAT) and a " \
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
	{ "open", 0 },   { "creat", 0 },   { "openat", 1 },   { "mkdir", 0 },     { "mkdirat", 1 },
	{ "mknod", 0 },  { "mknodat", 1 }, { "symlink", 1 },  { "symlinkat", 2 }, { "link", 1 },
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
			       (n > 1 && strncmp(path, tmpdir, n) == 0 && path[n] == '/') ?
		       CREATE_TMP :
		       CREATE_NEW;
}

/* Arguments that no promise will ever grant (the never list of promises.c), so
 * that the report does not send the reader looking for one. */
enum arg_test {
	ANY_BIT,
	EQUALS,
	DIFFERS
};
#define CLONE_NEW_ANY                                                                  \
	(CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | \
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
	{ "personality", 0, DIFFERS, ~0ULL, 0xffffffffu,
	  "only a query of the personality is granted" },
};

static const char *never_why(const char *name, const uint64_t *args)
{
	for (size_t i = 0; i < sizeof never_args / sizeof never_args[0]; i++) {
		if (strcmp(never_args[i].name, name) != 0)
			continue;
		uint64_t v = args[never_args[i].arg] & never_args[i].mask;
		bool hit = never_args[i].test == ANY_BIT ? v != 0 :
			   never_args[i].test == EQUALS  ? v == never_args[i].value :
							   v != never_args[i].value;
		if (hit)
			return never_args[i].why;
	}
	const struct never_call *never = never_lookup(name);
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
static void to_stderr(const struct reporter *r, pid_t caller, const char *line)
{
	if (!r->target_gone) {
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
static int log_target(const struct reporter *r, pid_t caller)
{
	static int syslog_up = -1; /* not asked yet */
	int log = r->p->log;
	if (log != REPORT_SYSLOG && log != REPORT_BOTH)
		return log;
	if (syslog_up < 0) {
		int err = 0;
		syslog_up = syslog_socket(&err);
		if (!syslog_up) {
			bool both = log == REPORT_BOTH;
			char *note = xasprintf(
				"log = %s: no syslog socket at %s (%s); reports go to "
				"standard error %s",
				both ? "both" : "syslog", _PATH_LOG, strerror(err),
				both ? "only" : "instead");
			to_stderr(r, caller, note);
			free(note);
		}
	}
	return syslog_up ? log : REPORT_STDERR;
}

void report(const struct reporter *r, pid_t caller, const char *line)
{
	int log = log_target(r, caller);
	if (log == REPORT_STDERR || log == REPORT_BOTH)
		to_stderr(r, caller, line);
	if (log == REPORT_SYSLOG || log == REPORT_BOTH)
		syslog(LOG_WARNING, "%s", line);
}

/* The promises that would grant this very call, arguments included (mmap
 * with PROT_EXEC names prot_exec, not stdio which has mmap only without).
 * *any_rule tells whether some promise has the call at all. */
static void granting_promises(const struct reporter *r, int nr, const uint64_t *args, char *buf,
			      size_t size, const char **first, bool *any_rule)
{
	struct catalogue_answer a;
	catalogue_grants(nr, args, r->target, &a);
	promise_set missing = a.holds & ~promise_set_of(r->p->promise);
	promise_set_names(missing, " or ", true, buf, size);
	*first = promise_set_first(missing);
	*any_rule = a.has != 0;
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
	struct catalogue_answer a;
	catalogue_grants(nr, NULL, 0, &a);
	const char *first = promise_set_first(a.has);
	return first ? first : "";
}

/* What would allow the call: a promise, an allow line, or nothing. */
static void remedy(const struct reporter *r, pid_t pid, const struct seccomp_data *d, char *buf,
		   size_t size)
{
	const struct policy *p = r->p;
	const char *name = decode_name(d->nr);
	const uint64_t *args = (const uint64_t *)d->args;
	const char *never = never_why(name, args);
	char promises[256];
	const char *first;
	bool any_rule;
	granting_promises(r, d->nr, args, promises, sizeof promises, &first, &any_rule);
	if (never)
		snprintf(buf, size, "never granted (%s)", never);
	else if (sysrule_matches(SYSRULE_NSCD_REQUEST, d->nr, args))
		snprintf(buf, size,
			 "glibc asking nscd for a name, which it does without: add "
			 "\"refuse = %s\" to [profile] of %s, and for the files glibc reads "
			 "instead a [filesystem] read entry (/etc/passwd /etc/group for users and "
			 "groups); promise %s would allow any Unix socket",
			 SYSRULE_NSCD_REQUEST, p->profile_path, first ? first : "unix");
	else if (first && (!strcmp(first, "cpath") || !strcmp(first, "tmppath")))
		create_remedy(buf, size, create_kind(pid, name, args), p->profile_path);
	else if (first)
		snprintf(buf, size, "needs promise %s%s (profile %s)", promises,
			 landlock_hint(first), p->profile_path);
	else if (any_rule)
		snprintf(buf, size,
			 "no promise grants %s with these arguments "
			 "(sandbox-run --list-promises=%s shows the conditions)",
			 name, first_promise_with(d->nr));
	else
		snprintf(buf, size, "no promise grants it; add \"allow = %s\" to [profile] of %s",
			 name, p->profile_path);
	size_t len = strlen(buf);
	for (size_t i = 0; i < p->unknown_preloads.n && len < size; i++, len = strlen(buf))
		snprintf(buf + len, size - len,
			 "; %s %s is not a known library and may be "
			 "the caller",
			 p->unknown_preloads.origin[i], p->unknown_preloads.item[i]);
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

void report_caller(const struct reporter *r, const struct seccomp_notif *req, pid_t tgid, char *who,
		   size_t size)
{
	char exe[128];
	int n = snprintf(who, size, "%s[%d]", r->p->program, (int)tgid);
	if (tgid != (pid_t)req->pid)
		n += snprintf(who + n, size - (size_t)n, " thread %d", (int)req->pid);
	if (running_program(tgid, exe, sizeof exe) && strcmp(exe, r->p->program) != 0 &&
	    !ends_with_name(r->target_exe, exe))
		snprintf(who + n, size - (size_t)n, " (running %s)", exe);
}

void report_denied(const struct reporter *r, const struct seccomp_notif *req, pid_t tgid,
		   const char *call, int sig, const char *refused)
{
	char why[1024], who[256];
	if (refused)
		copy_bounded(why, sizeof why, refused);
	else
		remedy(r, (pid_t)req->pid, &req->data, why, sizeof why);
	report_caller(r, req, tgid, who, sizeof who);
	const char *mode = "";
	bool audit = r->p->on_violation == VIOLATION_REPORT && !refused;
	if (refused && r->p->on_violation != VIOLATION_DENY)
		mode = "; refused in every on-violation mode, as Landlock refuses";
	else if (audit)
		mode = "; let through (on-violation = report; Landlock still applies)";
	else if (sig == SIGSYS)
		mode = "; killed by SIGSYS (on-violation = kill)";
	else if (sig == SIGKILL)
		mode = "; killed by SIGKILL (on-violation = kill, and it catches or blocks SIGSYS)";
	char *line = xasprintf("%s: %s %s: %s%s", who, audit ? "would deny" : "denied", call, why,
			       mode);
	report(r, tgid, line);
	free(line);
}
