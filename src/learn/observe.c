/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --learn: observing a run. The observing filter sends the observer every
 * call beyond what stdio and rpath allow unconditionally; the observer, a
 * sidecar running the supervisor's loop (supervise/sidecar.h, loop.h),
 * reads each caller's arguments, records the call, and lets it proceed. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/seccomp.h>
#include <netinet/in.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "catalogue/sysrule.h"
#include "learn/learner.h"
#include "supervise/decode.h"
#include "supervise/loop.h"
#include "supervise/sidecar.h"

#define PIDFD_THREAD_FLAG O_EXCL /* pidfd_open of a thread, Linux 6.9 */
#define TMPFILE_FLAG 020000000 /* O_TMPFILE without its O_DIRECTORY */

enum use {
	USE_OPEN,
	USE_READ,
	USE_WRITE,
	USE_CREATE,
	USE_EXEC
};

/* Calls that name a file, and what they do to it. */
#define CWD (-1) /* the path is relative to the working directory */
static const struct path_call {
	const char *name;
	int dirfd, path, flags; /* argument indexes; flags -1: none */
	enum use use;
} path_calls[] = {
	{ "open", CWD, 0, 1, USE_OPEN },       { "openat", 0, 1, 2, USE_OPEN },
	{ "creat", CWD, 0, -1, USE_CREATE },   { "truncate", CWD, 0, -1, USE_WRITE },
	{ "mknod", CWD, 0, -1, USE_CREATE },   { "mknodat", 0, 1, -1, USE_CREATE },
	{ "mkdir", CWD, 0, -1, USE_CREATE },   { "mkdirat", 0, 1, -1, USE_CREATE },
	{ "unlink", CWD, 0, -1, USE_CREATE },  { "unlinkat", 0, 1, -1, USE_CREATE },
	{ "rmdir", CWD, 0, -1, USE_CREATE },   { "rename", CWD, 0, -1, USE_CREATE },
	{ "rename", CWD, 1, -1, USE_CREATE },  { "renameat", 0, 1, -1, USE_CREATE },
	{ "renameat", 2, 3, -1, USE_CREATE },  { "renameat2", 0, 1, -1, USE_CREATE },
	{ "renameat2", 2, 3, -1, USE_CREATE }, { "link", CWD, 1, -1, USE_CREATE },
	{ "linkat", 2, 3, -1, USE_CREATE },    { "symlink", CWD, 1, -1, USE_CREATE },
	{ "symlinkat", 1, 2, -1, USE_CREATE }, { "execve", CWD, 0, -1, USE_EXEC },
	{ "execveat", 0, 1, -1, USE_EXEC },
};

/* Calls whose arguments sit behind pointers and that libc replaces: a
 * confined run answers them ENOSYS (they are not in the catalogue), so the
 * learning run does too, and sees the call libc falls back to. */
static const char *const fallback_calls[] = { "clone3", "openat2" };

static void add_unique(struct learner *l, struct strlist *list, const char *s)
{
	if (strlist_contains(list, s))
		return;
	strlist_add(list, s, NULL);
	if (l)
		l->dirty = true;
}

/* ---- the observing filter ---- */

/* Everything stdio and rpath (implicit in every profile) allow without a
 * condition runs unobserved: it would be allowed anyway, and these are the
 * calls every program makes most. exit_group is watched: the profile is
 * written while the target exits, before its parent can look for it. */
scmp_filter_ctx learn_observing_filter(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_NOTIFY);
	if (!ctx || seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS) < 0 ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0) < 0)
		die("--learn: libseccomp: cannot create the observing filter");
	int exit_group = syscall_nr("exit_group");
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *p = promise_at(i);
		for (size_t j = 0; promise_is_implicit(i) && j < p->nrules; j++) {
			int nr = rule_nr(&p->rules[j]);
			if (nr < 0 || nr == exit_group || p->rules[j].ncond)
				continue;
			int r = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 0);
			if (r < 0 && r != -EEXIST)
				die("--learn: libseccomp: cannot add %s: %s", p->rules[j].name,
				    strerror(-r));
		}
	}
	return ctx;
}

/* ---- reading the caller (best effort: it may change its memory) ---- */

static bool read_string(pid_t pid, uint64_t addr, char *buf, size_t size)
{
	size_t got = 0;
	while (addr && got + 1 < size) {
		size_t chunk = 4096 - (size_t)(addr % 4096);
		if (chunk > size - 1 - got)
			chunk = size - 1 - got;
		struct iovec local = { buf + got, chunk };
		struct iovec remote = { (void *)(uintptr_t)addr, chunk };
		ssize_t n = process_vm_readv(pid, &local, 1, &remote, 1, 0);
		if (n <= 0)
			return false;
		if (memchr(buf + got, '\0', (size_t)n))
			return true;
		got += (size_t)n;
		addr += (uint64_t)n;
	}
	return false;
}

/* /proc/1234/maps of the caller is /proc/self/maps in the next run. */
static void proc_self(char *path)
{
	if (!has_prefix(path, "/proc/") || path[6] < '0' || path[6] > '9')
		return;
	char *rest = path + 6 + strspn(path + 6, "0123456789");
	if (*rest && *rest != '/')
		return;
	memmove(path + 10, rest, strlen(rest) + 1);
	memcpy(path + 6, "self", 4);
}

static bool absolute_path(pid_t tid, int dirfd, const char *path, char *out, size_t size)
{
	char link[64], base[PATH_MAX];
	if (path[0] == '/') {
		snprintf(out, size, "%s", path);
	} else {
		if (dirfd == AT_FDCWD)
			snprintf(link, sizeof link, "/proc/%d/cwd", (int)tid);
		else
			snprintf(link, sizeof link, "/proc/%d/fd/%d", (int)tid, dirfd);
		ssize_t n = readlink(link, base, sizeof base - 1);
		if (n <= 0 || base[0] != '/')
			return false;
		base[n] = '\0';
		int len = snprintf(out, size, "%s%s%s", strcmp(base, "/") ? base : "",
				   path[0] ? "/" : "", path);
		if (len < 0 || (size_t)len >= size)
			return false;
	}
	proc_self(out);
	return true;
}

static enum use open_use(uint64_t flags, const char *path)
{
	struct stat st;
	if (flags & O_PATH)
		return USE_OPEN; /* Landlock does not check O_PATH: nothing to grant */
	if ((flags & TMPFILE_FLAG) || ((flags & O_CREAT) && lstat(path, &st) < 0))
		return USE_CREATE;
	if ((flags & O_ACCMODE) != O_RDONLY || (flags & O_TRUNC))
		return USE_WRITE;
	return USE_READ;
}

/* Calls the broker serves for a declared output instead of a promise. */
static const char *const brokerable[] = { "open",    "openat", "creat",    "mkdir",
					  "mkdirat", "unlink", "unlinkat", "rmdir" };

/* Records the path; returns it (in out) for a create or write the broker
 * would serve if it named a declared output. */
static bool record_path(struct learner *l, const struct seccomp_notif *req,
			const struct path_call *pc, char *out)
{
	char raw[PATH_MAX], path[PATH_MAX];
	pid_t tid = (pid_t)req->pid;
	int dirfd = pc->dirfd == CWD ? AT_FDCWD : (int)req->data.args[pc->dirfd];
	if (!read_string(tid, req->data.args[pc->path], raw, sizeof raw) ||
	    !absolute_path(tid, dirfd, raw, path, sizeof path))
		return false;
	enum use use = pc->flags < 0 ? pc->use : open_use(req->data.args[pc->flags], path);
	struct strlist *lists[] = { [USE_READ] = &l->reads,
				    [USE_WRITE] = &l->writes,
				    [USE_CREATE] = &l->creates,
				    [USE_EXEC] = &l->execs };
	if (use != USE_OPEN)
		add_unique(l, lists[use], path);
	bool served = false;
	for (size_t i = 0; i < N(brokerable); i++)
		served |= strcmp(brokerable[i], pc->name) == 0;
	if (!served || (use != USE_CREATE && use != USE_WRITE))
		return false;
	snprintf(out, PATH_MAX, "%s", path);
	return true;
}

static bool is_tcp(pid_t tid, int fd)
{
	int pidfd = (int)syscall(SYS_pidfd_open, tid, 0);
	if (pidfd < 0)
		pidfd = (int)syscall(SYS_pidfd_open, tid, PIDFD_THREAD_FLAG);
	int sock = pidfd < 0 ? -1 : (int)syscall(SYS_pidfd_getfd, pidfd, fd, 0);
	int type = SOCK_STREAM; /* unknown: a TCP port rule costs nothing for UDP */
	socklen_t len = sizeof type;
	if (sock >= 0)
		getsockopt(sock, SOL_SOCKET, SO_TYPE, &type, &len);
	if (sock >= 0)
		close(sock);
	if (pidfd >= 0)
		close(pidfd);
	return type == SOCK_STREAM;
}

static void record_port(struct learner *l, const struct seccomp_notif *req, bool bind)
{
	struct sockaddr_in6 sa = { 0 }; /* sin_port sits where sin6_port does */
	size_t len = req->data.args[2] < sizeof sa ? (size_t)req->data.args[2] : sizeof sa;
	struct iovec local = { &sa, len };
	struct iovec remote = { (void *)(uintptr_t)req->data.args[1], len };
	if (process_vm_readv((pid_t)req->pid, &local, 1, &remote, 1, 0) <
		    (ssize_t)sizeof(struct sockaddr_in) ||
	    (sa.sin6_family != AF_INET && sa.sin6_family != AF_INET6) || !sa.sin6_port ||
	    !is_tcp((pid_t)req->pid, (int)req->data.args[0]))
		return;
	char port[8];
	snprintf(port, sizeof port, "%u", ntohs(sa.sin6_port));
	add_unique(l, bind ? &l->bind : &l->connect, port);
}

static bool record_args(struct learner *l, const struct seccomp_notif *req, const char *name,
			char *path)
{
	bool served = false;
	for (size_t i = 0; i < N(path_calls); i++)
		if (strcmp(path_calls[i].name, name) == 0)
			served |= record_path(l, req, &path_calls[i], path);
	if (strcmp(name, "connect") == 0 || strcmp(name, "bind") == 0)
		record_port(l, req, name[0] == 'b');
	return served;
}

/* A call the merged profile (its refuse list, its promises' refusals) or
 * a preloaded library's rule refuses: a confined run answers it EPERM
 * unreported, and so does the learning run. */
static bool refused(const struct learner *l, int nr, const uint64_t *args)
{
	for (size_t i = 0; l->merging && i < l->old.refuse.n; i++)
		if (sysrule_matches(l->old.refuse.item[i], nr, args))
			return true;
	if (l->merging && policy_promises_refuse(&l->old.promises, nr, args))
		return true;
	const struct preloads *pl = l->in->preloads;
	for (size_t i = 0; i < pl->libs.n; i++) {
		const struct preload_rule *r = rule_of(pl, i);
		for (size_t j = 0; r && j < r->refuse.n; j++)
			if (sysrule_matches(r->refuse.item[j], nr, args))
				return true;
	}
	return quiet_of(nr) != NULL; /* answered ENOTSUP, unreported, when confined */
}

static void count_call(struct learner *l, pid_t tid, int nr, const uint64_t *args, const char *path)
{
	uint32_t mask = learn_promise_mask(nr, args, l->pid);
	if (mask & learn_implicit_mask())
		return;
	if (nr >= 0 && nr < MAX_NR)
		l->calls[nr]++;
	for (size_t i = 0; i < l->n_elems; i++)
		if (l->elems[i].nr == nr && l->elems[i].mask == mask &&
		    (path ? l->elems[i].path && !strcmp(l->elems[i].path, path) :
			    !l->elems[i].path)) {
			l->elems[i].count++;
			return;
		}
	l->elems = xrealloc(l->elems, (l->n_elems + 1) * sizeof *l->elems);
	char first[512];
	decode_call(nr, args, tid, first, sizeof first);
	l->elems[l->n_elems++] = (struct elem){ nr, mask, 1, xstrdup(first),
						path ? xstrdup(path) : NULL };
	l->dirty = true;
}

/* ---- the observer ---- */

static bool is_fallback(const char *name)
{
	for (size_t i = 0; i < N(fallback_calls); i++)
		if (strcmp(fallback_calls[i], name) == 0)
			return true;
	return false;
}

/* The target is exiting: write now, while its parent still waits for it.
 * A launcher whose exec failed exits as sandbox-run: nothing to write. */
static void target_exits(struct learner *l)
{
	char link[64], exe[PATH_MAX] = "", self[PATH_MAX] = "";
	snprintf(link, sizeof link, "/proc/%d/exe", (int)l->pid);
	ssize_t a = readlink(link, exe, sizeof exe - 1);
	ssize_t b = readlink("/proc/self/exe", self, sizeof self - 1);
	if (a > 0 && b > 0 && a == b && memcmp(exe, self, (size_t)a) == 0)
		return;
	learn_write_profile(l);
}

static void answer(struct learner *l, const struct seccomp_notif *req,
		   struct seccomp_notif_resp *resp)
{
	resp->id = req->id;
	resp->val = 0;
	resp->error = 0;
	resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	char name[64];
	snprintf(name, sizeof name, "%s", decode_name(req->data.nr));
	if (is_fallback(name)) {
		resp->flags = 0;
		resp->error = -ENOSYS;
	} else if (refused(l, req->data.nr, (const uint64_t *)req->data.args)) {
		/* As a confined run would: what the library does next (glibc
		 * reads /etc/passwd instead of connecting to nscd) is learnt. */
		resp->flags = 0;
		resp->error = -EPERM;
	} else if (strcmp(name, "exit_group") == 0) {
		if ((pid_t)req->pid == l->pid)
			target_exits(l);
	} else if (strcmp(name, "execve") == 0 && !l->exec_done && (pid_t)req->pid == l->pid) {
		l->exec_done = true; /* the launcher's own exec of the target */
	} else {
		char path[PATH_MAX];
		bool served = record_args(l, req, name, path);
		count_call(l, (pid_t)req->pid, req->data.nr, (const uint64_t *)req->data.args,
			   served ? path : NULL);
	}
}

/* The learner's sidecar runs the supervisor's loop, answering each
 * notification as above. */
static struct loop loop = { .listener = -1, .pidfd = -1 };

static bool notified(void *ctx, const struct seccomp_notif *req, struct seccomp_notif_resp *resp)
{
	answer(ctx, req, resp);
	return true;
}

static const struct loop_ops observer_ops = { .notified = notified };

static void __attribute__((noreturn)) observer_main(void *arg, int listener, pid_t target)
{
	struct learner *l = arg;
	(void)target; /* l->pid */
	/* No end of the pipeline stays open here (stderr is for messages); the
	 * working directory stays, as --learn=FILE may be relative to it. */
	int keep = -1;
	loop.listener = sidecar_detach_fds(listener, &keep);
	/* It reads untrusted memory: the loop drops every privilege at the
	 * first notification. */
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	loop.ops = &observer_ops;
	loop.ctx = l;
	loop_run(&loop); /* until the last observed process is gone */
	if (l->dirty)
		learn_write_profile(l);
	_exit(0);
}

void learn_start_observer(struct learner *l)
{
	loop_alloc(&loop, "--learn: the observer");
	/* Forked: the observing filter sends the launcher's own execve to it. */
	pid_t observer = sidecar_start("--learn: the observer", observer_main, l, true);
	if (observer <= 0)
		die("--learn: the observer could not be started (%s)", strerror(-observer));
}
