/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "learn/learn.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/seccomp.h>
#include <netinet/in.h>
#include <poll.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "decide/args.h"
#include "apply/caps.h"
#include "supervise/decode.h"
#include "learn/learnargs.h"
#include "learn/learnmerge.h"
#include "decide/policy.h"
#include "decide/profile.h"
#include "catalogue/promises.h"
#include "catalogue/sysrule.h"
#include "supervise/loop.h"
#include "supervise/sidecar.h"

#define PIDFD_THREAD_FLAG O_EXCL /* pidfd_open of a thread, Linux 6.9 */
#define TMPFILE_FLAG 020000000   /* O_TMPFILE without its O_DIRECTORY */
#define MAX_NR 1024              /* syscall numbers counted (x86_64 has < 512) */

/* Calls whose arguments sit behind pointers and that libc replaces: a
 * confined run answers them ENOSYS (they are not in the catalogue), so the
 * learning run does too, and sees the call libc falls back to. */
static const char *const fallback_calls[] = { "clone3", "openat2" };

enum use { USE_OPEN, USE_READ, USE_WRITE, USE_CREATE, USE_EXEC };

/* Calls that name a file, and what they do to it. */
#define CWD (-1) /* the path is relative to the working directory */
static const struct path_call {
	const char *name;
	int dirfd, path, flags; /* argument indexes; flags -1: none */
	enum use use;
} path_calls[] = {
	{ "open", CWD, 0, 1, USE_OPEN }, { "openat", 0, 1, 2, USE_OPEN },
	{ "creat", CWD, 0, -1, USE_CREATE }, { "truncate", CWD, 0, -1, USE_WRITE },
	{ "mknod", CWD, 0, -1, USE_CREATE }, { "mknodat", 0, 1, -1, USE_CREATE },
	{ "mkdir", CWD, 0, -1, USE_CREATE }, { "mkdirat", 0, 1, -1, USE_CREATE },
	{ "unlink", CWD, 0, -1, USE_CREATE }, { "unlinkat", 0, 1, -1, USE_CREATE },
	{ "rmdir", CWD, 0, -1, USE_CREATE }, { "rename", CWD, 0, -1, USE_CREATE },
	{ "rename", CWD, 1, -1, USE_CREATE }, { "renameat", 0, 1, -1, USE_CREATE },
	{ "renameat", 2, 3, -1, USE_CREATE }, { "renameat2", 0, 1, -1, USE_CREATE },
	{ "renameat2", 2, 3, -1, USE_CREATE }, { "link", CWD, 1, -1, USE_CREATE },
	{ "linkat", 2, 3, -1, USE_CREATE }, { "symlink", CWD, 1, -1, USE_CREATE },
	{ "symlinkat", 1, 2, -1, USE_CREATE }, { "execve", CWD, 0, -1, USE_EXEC },
	{ "execveat", 0, 1, -1, USE_EXEC },
};

/* Where a read path is widened to its package's directory (/usr/share/X). */
static const char *const data_roots[] = {
	"/usr/share/", "/usr/local/share/", "/usr/lib/", "/usr/local/lib/", "/usr/libexec/",
	"/var/lib/", "/var/cache/", "/opt/", "/etc/", "/usr/local/etc/", "/srv/",
};
/* Never widened to: directories that hold secrets beside public files. */
static const char *const secret_dirs[] = {
	"/etc/ssl", "/etc/ssh", "/etc/pki", "/etc/security", "/etc/sudoers.d",
	"/etc/NetworkManager", "/etc/wpa_supplicant", "/etc/cups", "/var/lib/sudo",
};
/* Never granted as trees: programs, temporary files, homes, kernel files. */
static const char *const tree_never[] = {
	"/tmp", "/var/tmp", "/dev/shm", "/dev", "/proc", "/sys", "/run", "/root", "/home",
	"/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin", "/usr",
	"/etc", "/var", "/usr/share", "/usr/lib", "/usr/local", "/opt",
};
#define N(a) (sizeof a / sizeof a[0])
_Static_assert(MAX_PROMISES <= 32, "promise sets are 32-bit masks here");

/* One kind of call as the catalogue sees it: the syscall and the promises
 * whose rules (with their argument conditions) would allow it. */
struct elem {
	int nr;
	uint32_t mask;
	unsigned long count;
	char *first; /* the first of these calls, decoded, for the profile's comment */
	char *path;  /* a create or write a broker could serve: its file, else NULL */
};

struct learner {
	const struct learn_input *in;
	pid_t pid; /* the target's */
	/* from the file being merged into */
	bool merging;
	struct profile old;
	char *old_text;  /* the file as it was: merging edits this text */
	char *last_text; /* as last written (a merge is written once per change) */
	/* observed */
	struct elem *elems;
	size_t n_elems;
	unsigned long calls[MAX_NR];
	struct strlist reads, writes, creates, execs, connect, bind;
	bool exec_done, dirty, written;
};

/* What the profile will say, computed from the observations. */
struct draft {
	bool promise[MAX_PROMISES];
	struct strlist needs;  /* "promise: call N times, ..." */
	uint32_t had;          /* promises granted before: merged file, preload rules */
	struct strlist old_outputs; /* the merged file's declared outputs (declared_output) */
	struct learned_args args; /* the outputs the command line named */
	bool new_keys;         /* [arguments] keys of output directories, prefixes, roles */
	struct strlist allow;  /* origin: how often */
	struct strlist never;
	struct strlist read, write, exec, connect, bind, created_elsewhere;
};

static bool has_prefix(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* path is dir or lies beneath it. */
static bool beneath(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0' ||
					      (n == 1 && dir[0] == '/'));
}

static void add_unique(struct learner *l, struct strlist *list, const char *s)
{
	if (strlist_contains(list, s))
		return;
	strlist_add(list, s, NULL);
	if (l)
		l->dirty = true;
}

/* "socket(AF_INET, ...)" in an allow list names socket: a rule's
 * conditions are not weighed, the whole call is left to it. */
static void add_call_name(struct strlist *l, const char *entry)
{
	char name[64];
	snprintf(name, sizeof name, "%.*s", (int)strcspn(entry, "( \t"), entry);
	strlist_add(l, name, NULL);
}

/* The rule that knows preloaded library i, or NULL. */
static const struct preload_rule *rule_of(const struct preloads *pl, size_t i)
{
	return pl->rule && pl->rule[i] >= 0 ? &pl->rules[pl->rule[i]] : NULL;
}

static int nr_named(const char *name)
{
	int nr = seccomp_syscall_resolve_name(name);
	return nr == __NR_SCMP_ERROR ? -1 : nr;
}

/* ---- the catalogue, read the way the kernel evaluates the filter ---- */

static uint32_t implicit_mask(void)
{
	uint32_t m = 0;
	for (size_t i = 0; i < promise_count(); i++)
		if (promise_is_implicit(i))
			m |= 1u << i;
	return m;
}

static uint32_t mask_of(const struct strlist *promises)
{
	uint32_t m = 0;
	for (size_t i = 0; i < promises->n; i++) {
		int p = promise_lookup(promises->item[i]);
		if (p >= 0)
			m |= 1u << p;
	}
	return m;
}

static bool rule_holds(const struct sys_rule *r, const uint64_t *args, pid_t self)
{
	for (unsigned i = 0; i < r->ncond; i++) {
		const struct sys_cond *c = &r->cond[i];
		uint64_t v = args[c->arg];
		uint64_t want = value_of_self(c->value, (uint64_t)self);
		if (c->op == COND_EQ ? v != want : (v & c->mask) != c->value)
			return false;
	}
	return true;
}

/* Which promises would allow this call with these arguments. */
static uint32_t promise_mask(int nr, const uint64_t *args, pid_t self)
{
	uint32_t m = 0;
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *p = promise_at(i);
		for (size_t j = 0; j < p->nrules; j++)
			if (rule_nr(&p->rules[j]) == nr && rule_holds(&p->rules[j], args, self)) {
				m |= 1u << i;
				break;
			}
	}
	return m;
}

/* ---- the observing filter ---- */

/* Everything stdio and rpath (implicit in every profile) allow without a
 * condition runs unobserved: it would be allowed anyway, and these are the
 * calls every program makes most. exit_group is watched: the profile is
 * written while the target exits, before its parent can look for it. */
static scmp_filter_ctx observing_filter(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_NOTIFY);
	if (!ctx || seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS) < 0 ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0) < 0)
		die("--learn: libseccomp: cannot create the observing filter");
	int exit_group = nr_named("exit_group");
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
static const char *const brokerable[] = { "open",  "openat",   "creat",   "mkdir",
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
	struct strlist *lists[] = { [USE_READ] = &l->reads, [USE_WRITE] = &l->writes,
				    [USE_CREATE] = &l->creates, [USE_EXEC] = &l->execs };
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
	if (process_vm_readv((pid_t)req->pid, &local, 1, &remote, 1, 0) < (ssize_t)sizeof(struct sockaddr_in) ||
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
	for (size_t i = 0; i < quiet_count(); i++)
		if (quiet_at(i)->nr == nr)
			return true; /* answered ENOTSUP, unreported, when confined */
	return false;
}

static void count_call(struct learner *l, pid_t tid, int nr, const uint64_t *args,
		       const char *path)
{
	uint32_t mask = promise_mask(nr, args, l->pid);
	if (mask & implicit_mask())
		return;
	if (nr >= 0 && nr < MAX_NR)
		l->calls[nr]++;
	for (size_t i = 0; i < l->n_elems; i++)
		if (l->elems[i].nr == nr && l->elems[i].mask == mask &&
		    (path ? l->elems[i].path && !strcmp(l->elems[i].path, path) : !l->elems[i].path)) {
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

/* ---- deciding the profile ---- */

/* What a rule grants through its data rather than allow lines: connect
 * (and a relayed datagram socket) for its endpoints, the System V calls
 * of its [ipc] section (ipc.c makes their allow lines when confining). */
static void granted_by_rule_data(const struct preload_rule *r, struct strlist *allow)
{
	static const char *const ipc_calls[] = { "msgget", "msgsnd", "msgrcv", "semget", "semop",
						 "semtimedop" };
	if (!r)
		return;
	if (r->connect_unix.n || r->connect_unix_env.n || r->connect_tcp_host.n)
		add_call_name(allow, "connect");
	if (r->connect_unix.n || r->connect_unix_env.n)
		add_call_name(allow, "socket"); /* a relay's datagram socket */
	for (size_t i = 0; (r->ipc_key_env.n || r->ipc_key.n) && i < sizeof ipc_calls / sizeof *ipc_calls;
	     i++)
		add_call_name(allow, ipc_calls[i]);
}

static void policy_of(const struct learner *l, const bool *promise, struct policy *p);

/* Promises and single calls granted without this run's help: the file
 * being merged into, and the rules of the preloaded libraries. */
static void output_entries(const struct policy *p, struct strlist *out);

static void granted_before(const struct learner *l, uint32_t *mask, struct strlist *allow,
			   struct strlist *outputs)
{
	*mask = implicit_mask();
	if (l->merging) {
		/* With this command line: option-promises, output-promises. */
		struct policy p;
		policy_of(l, NULL, &p);
		for (size_t i = 0; i < promise_count(); i++)
			*mask |= p.promise[i] ? 1u << i : 0;
		output_entries(&p, outputs);
		policy_free(&p);
		for (size_t i = 0; i < l->old.allow.n; i++)
			add_call_name(allow, l->old.allow.item[i]);
	}
	const struct preloads *pl = l->in->preloads;
	for (size_t i = 0; i < pl->libs.n; i++) {
		const struct preload_rule *r = rule_of(pl, i);
		*mask |= r ? mask_of(&r->promises) : 0;
		for (size_t j = 0; r && j < r->allow.n; j++)
			add_call_name(allow, r->allow.item[j]);
		granted_by_rule_data(r, allow);
	}
}

static const char *times(unsigned long n)
{
	return n == 1 ? "time" : "times";
}

/* The promise that covers most of what is left; among equals the one
 * with fewer rules grants less (dns before inet). */
static int best_promise(const struct elem *e, size_t n, const bool *left, uint32_t have)
{
	int best = -1;
	size_t best_score = 0;
	for (size_t p = 0; p < promise_count(); p++) {
		if (have & (1u << p))
			continue;
		size_t score = 0;
		for (size_t i = 0; i < n; i++)
			score += left[i] && (e[i].mask & (1u << p));
		if (score > best_score || (score && score == best_score &&
					   promise_at(p)->nrules < promise_at((size_t)best)->nrules)) {
			best = (int)p;
			best_score = score;
		}
	}
	return best;
}

/* The decoded call as a comment shows it: values read from the caller's
 * memory are all best effort there. */
static void strip_best_effort(char *s)
{
	static const char mark[] = " [best effort]";
	for (char *m; (m = strstr(s, mark));)
		memmove(m, m + sizeof mark - 1, strlen(m + sizeof mark - 1) + 1);
}

/* "cpath, first needed by openat(...); in all: openat (3 times), ..." */
static void note_needs(struct draft *d, const struct elem *e, size_t n, bool *left, int p)
{
	char line[1024] = "", first[512] = "";
	const char *sep = " ";
	int at = 0;
	bool *mine = xcalloc(n, sizeof *mine);
	for (size_t i = 0; i < n; i++) {
		mine[i] = left[i] && (e[i].mask & (1u << p));
		if (mine[i] && !first[0])
			snprintf(first, sizeof first, "%s", e[i].first);
	}
	/* one entry a call: the elements of one call differ by arguments */
	for (size_t i = 0; i < n; i++) {
		if (!mine[i])
			continue;
		unsigned long count = 0;
		for (size_t j = i; j < n; j++)
			if (mine[j] && e[j].nr == e[i].nr) {
				count += e[j].count;
				left[j] = mine[j] = j == i;
			}
		left[i] = mine[i] = false;
		if (at >= 0 && (size_t)at < sizeof line)
			at += snprintf(line + at, sizeof line - (size_t)at, "%s%s (%lu %s)", sep,
				       decode_name(e[i].nr), count, times(count));
		sep = ", ";
	}
	free(mine);
	strip_best_effort(first);
	char *text = xasprintf("%s, first needed by %s; in all:%s", promise_at((size_t)p)->name,
			       first, line);
	strlist_add(&d->needs, text, promise_at((size_t)p)->name);
	free(text);
}

/* entry is a call name, or from the merged file a call with conditions. */
static void add_single(const struct learner *l, struct draft *d, const char *entry, bool old)
{
	if (strlist_contains(&d->allow, entry) || strlist_contains(&d->never, entry))
		return;
	char name[64];
	snprintf(name, sizeof name, "%.*s", (int)strcspn(entry, "( \t"), entry);
	int nr = nr_named(name);
	unsigned long seen = (nr >= 0 && nr < MAX_NR ? l->calls[nr] : 0);
	char count[32];
	snprintf(count, sizeof count, "%lu", seen);
	const char *why;
	bool allowable = old || syscall_allowable(name, &why) == 0;
	strlist_add(allowable ? &d->allow : &d->never, entry, count);
}

static bool brokered_output(const struct draft *d, const char *path);

/* Greedy set cover over the catalogue, then single calls for the rest. */
static void choose_promises(const struct learner *l, struct draft *d)
{
	uint32_t have, chosen = 0;
	struct strlist allowed = { 0 };
	granted_before(l, &have, &allowed, &d->old_outputs);
	d->had = have;
	bool *left = xcalloc(l->n_elems, sizeof *left);
	for (size_t i = 0; i < l->n_elems; i++)
		left[i] = !(l->elems[i].mask & have) &&
			  !strlist_contains(&allowed, decode_name(l->elems[i].nr)) &&
			  !brokered_output(d, l->elems[i].path);
	int p;
	while ((p = best_promise(l->elems, l->n_elems, left, have)) >= 0) {
		have |= 1u << p;
		chosen |= 1u << p;
		note_needs(d, l->elems, l->n_elems, left, p);
	}
	for (size_t i = 0; i < l->n_elems; i++) {
		char name[64];
		snprintf(name, sizeof name, "%s", decode_name(l->elems[i].nr));
		if (left[i])
			add_single(l, d, name, false);
	}
	for (size_t i = 0; l->merging && i < l->old.allow.n; i++)
		add_single(l, d, l->old.allow.item[i], true);
	/* What only a preload rule needed stays the rule's, not the profile's. */
	uint32_t keep = chosen | (l->merging ? mask_of(&l->old.promises) : 0);
	for (size_t i = 0; i < promise_count(); i++)
		d->promise[i] = promise_is_implicit(i) || (keep & (1u << i));
	free(left);
	strlist_free(&allowed);
}

/* ---- paths ---- */

struct grants {
	char **path; /* canonical */
	unsigned *access;
	size_t n;
	/* declared outputs, as "dir/name", "dir/prefix*" or "dir/" (a tree) */
	struct strlist outputs;
};

/* The policy a confined run of this command line would get from the
 * merged file (all of it) or, for a new draft, from nothing but the
 * learner's [arguments], plus the promises given (NULL: none). */
static void policy_of(const struct learner *l, const bool *promise, struct policy *p)
{
	struct profile draft = { 0 };
	draft.on_violation = -1;
	draft.operands = OPERANDS_INPUT;
	draft.clustered_short_options = 1;
	if (l->merging)
		draft = l->old; /* shallow */
	memset(&draft.promises, 0, sizeof draft.promises);
	for (size_t i = 0; l->merging && i < l->old.promises.n; i++)
		strlist_add(&draft.promises, l->old.promises.item[i], "merged");
	for (size_t i = 0; promise && i < promise_count(); i++)
		if (promise[i] && !strlist_contains(&draft.promises, promise_at(i)->name))
			strlist_add(&draft.promises, promise_at(i)->name, "learned");
	struct arg_files files = { 0 };
	args_classify(&draft, l->in->argc, l->in->argv, &files);
	struct settings s = *l->in->settings;
	s.unknown_preload = UNKNOWN_IGNORE; /* reported in the profile instead */
	struct policy_input pin = {
		.settings = &s, .target = l->in->target, .argc = l->in->argc,
		.argv = l->in->argv, .profile_path = l->in->out, .profile = &draft,
		.preloads = l->in->preloads, .args = &files,
	};
	policy_build(&pin, p);
	strlist_free(&draft.promises);
	args_free(&files);
}

/* What a confined run would grant anyway: the system read set, the paths
 * of the chosen promises, the target, declared inputs, preload rules, and
 * when merging all the file grants. */
static void grants_of(const struct learner *l, const struct draft *d, struct grants *g)
{
	struct policy p;
	policy_of(l, d->promise, &p);
	g->path = xcalloc(p.n_grants, sizeof *g->path);
	g->access = xcalloc(p.n_grants, sizeof *g->access);
	g->n = 0;
	for (size_t i = 0; i < p.n_grants; i++) {
		char real[PATH_MAX];
		if (!realpath(p.grants[i].path, real))
			continue;
		g->path[g->n] = xstrdup(real);
		g->access[g->n++] = p.grants[i].access;
	}
	memset(&g->outputs, 0, sizeof g->outputs);
	output_entries(&p, &g->outputs);
	policy_free(&p);
}

/* A policy's declared outputs as "dir/name", "dir/prefix*" or "dir/" (a
 * tree), for declared_output. */
static void output_entries(const struct policy *p, struct strlist *out)
{
	for (size_t i = 0; i < p->n_outputs; i++) {
		const struct output *o = &p->outputs[i];
		/* a pattern's page number: what comes before it is a prefix */
		const char *page = o->pattern ? strstr(o->name, "%d") : NULL;
		int name_len = page ? (int)(page - o->name) : (int)strlen(o->name);
		char *entry = o->tree ? xasprintf("%s/", o->dir)
				      : xasprintf("%s/%.*s%s", o->dir, name_len, o->name,
						  o->pattern || o->prefix ? "*" : "");
		strlist_add(out, entry, NULL);
		free(entry);
	}
}

/* path (canonical) is one of the outputs (output_entries). */
static bool in_outputs(const struct strlist *outputs, const char *path)
{
	for (size_t i = 0; i < outputs->n; i++) {
		const char *o = outputs->item[i];
		size_t n = strlen(o);
		if (o[n - 1] == '/' ? strncmp(path, o, n) == 0
		    : o[n - 1] == '*' ? strncmp(path, o, n - 1) == 0 && !strchr(path + n - 1, '/')
				      : strcmp(path, o) == 0)
			return true;
	}
	return false;
}

static bool declared_output(const struct grants *g, const char *path)
{
	return in_outputs(&g->outputs, path);
}

/* A create or write (path: NULL for other calls) that a confined run's
 * broker serves, since it names a declared output: no promise needed. */
static bool brokered_output(const struct draft *d, const char *path)
{
	char parent[PATH_MAX], real[PATH_MAX], full[2 * PATH_MAX];
	if (!path)
		return false;
	if (learnargs_is_output(&d->args, path))
		return true;
	snprintf(parent, sizeof parent, "%s", path);
	char *slash = strrchr(parent, '/');
	if (!slash || !realpath(slash == parent ? "/" : (*slash = '\0', parent), real))
		return false;
	snprintf(full, sizeof full, "%s/%s", strcmp(real, "/") ? real : "", path_base(path));
	return in_outputs(&d->old_outputs, full);
}

static bool granted(const struct grants *g, const char *path, unsigned access)
{
	for (size_t i = 0; i < g->n; i++)
		if (beneath(path, g->path[i]) && (g->access[i] & access) == access)
			return true;
	return false;
}

/* The path as a confined run will meet it; false when it is gone. Kernel
 * files are kept as named (realpath would resolve them in this process). */
static bool canonical(const char *path, char *out)
{
	struct stat st;
	if (has_prefix(path, "/proc/") || has_prefix(path, "/dev/")) {
		snprintf(out, PATH_MAX, "%s", path);
		return has_prefix(path, "/proc/") || lstat(path, &st) == 0;
	}
	return realpath(path, out) != NULL;
}

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_home(const char *path)
{
	return has_prefix(path, "/home/") && !strchr(path + 6, '/');
}

/* The package directory of a file: /usr/share/groff/1.22.4/tmac/an.tmac
 * → /usr/share/groff. False when there is none to widen to. */
static bool anchor_of(const char *path, char *out)
{
	for (size_t i = 0; i < N(data_roots); i++) {
		size_t n = strlen(data_roots[i]);
		const char *slash = strncmp(path, data_roots[i], n) ? NULL : strchr(path + n, '/');
		if (!slash)
			continue;
		snprintf(out, PATH_MAX, "%.*s", (int)(slash - path), path);
		for (size_t j = 0; j < N(secret_dirs); j++)
			if (!strcmp(out, secret_dirs[j]))
				return false;
		return is_dir(out);
	}
	return false;
}

static bool tree_allowed(const char *path)
{
	if (!strcmp(path, "/") || is_home(path))
		return false;
	for (size_t i = 0; i < N(tree_never); i++)
		if (!strcmp(path, tree_never[i]))
			return false;
	return true;
}

/* Adds path to out unless a confined run grants it already. Programs are
 * listed as they were run (/bin/sh, not /usr/bin/dash), the rest as the
 * kernel resolves them. */
static void add_path(struct strlist *out, const struct grants *g, const char *path,
		     unsigned access)
{
	char real[PATH_MAX];
	if (!canonical(path, real))
		return;
	bool dir = is_dir(real);
	if (dir && access == ACC_READ_FILE)
		access = ACC_READ_DIR;
	if (granted(g, real, access) || (dir && !tree_allowed(real)))
		return;
	const char *entry = access == ACC_EXEC ? path : real;
	if (!strlist_contains(out, entry))
		strlist_add(out, entry, NULL);
}

/* Files read in one package directory stand for it when there are two or
 * more: the next input may need another of its files. */
static void widen(struct strlist *reads)
{
	struct strlist anchors = { 0 }, out = { 0 };
	char a[PATH_MAX];
	for (size_t i = 0; i < reads->n; i++)
		strlist_add(&anchors, anchor_of(reads->item[i], a) ? a : "", NULL);
	for (size_t i = 0; i < reads->n; i++) {
		size_t same = 0;
		for (size_t j = 0; j < reads->n && *anchors.item[i]; j++)
			same += !strcmp(anchors.item[i], anchors.item[j]);
		const char *entry = same > 1 ? anchors.item[i] : reads->item[i];
		if (!strlist_contains(&out, entry))
			strlist_add(&out, entry, NULL);
	}
	strlist_free(&anchors);
	strlist_free(reads);
	*reads = out;
}

/* Drops entries that lie beneath another entry. */
static void dedupe(struct strlist *l)
{
	struct strlist keep = { 0 };
	for (size_t i = 0; i < l->n; i++) {
		bool covered = false;
		for (size_t j = 0; j < l->n && !covered; j++)
			covered = j != i && strcmp(l->item[i], l->item[j]) != 0 &&
				  beneath(l->item[i], l->item[j]);
		if (!covered)
			strlist_add(&keep, l->item[i], NULL);
	}
	strlist_free(l);
	*l = keep;
}

static void choose_paths(const struct learner *l, struct draft *d)
{
	struct grants g;
	grants_of(l, d, &g);
	const struct strlist none = { 0 };
	const struct {
		const struct strlist *now, *before;
		struct strlist *out;
		unsigned access;
	} kinds[] = {
		{ &l->reads, l->merging ? &l->old.read : &none, &d->read, ACC_READ_FILE },
		{ &l->writes, l->merging ? &l->old.write : &none, &d->write, ACC_WRITE },
		{ &l->execs, l->merging ? &l->old.exec : &none, &d->exec, ACC_EXEC },
	};
	for (size_t k = 0; k < N(kinds); k++) {
		for (size_t i = 0; i < kinds[k].before->n; i++)
			add_path(kinds[k].out, &g, kinds[k].before->item[i], kinds[k].access);
		for (size_t i = 0; i < kinds[k].now->n; i++)
			if (kinds[k].access != ACC_WRITE ||
			    !learnargs_is_output(&d->args, kinds[k].now->item[i]))
				add_path(kinds[k].out, &g, kinds[k].now->item[i], kinds[k].access);
		if (kinds[k].access == ACC_READ_FILE)
			widen(kinds[k].out);
		dedupe(kinds[k].out);
	}
	/* Creating files: only declared outputs and tmppath's private
	 * directory can be granted; anything else is left to the administrator. */
	for (size_t i = 0; i < l->creates.n; i++) {
		char parent[PATH_MAX], real[PATH_MAX], full[2 * PATH_MAX];
		if (learnargs_is_output(&d->args, l->creates.item[i]))
			continue; /* declared in [arguments] by the draft */
		snprintf(parent, sizeof parent, "%s", l->creates.item[i]);
		char *slash = strrchr(parent, '/');
		if (slash)
			*(slash == parent ? slash + 1 : slash) = '\0';
		if (!canonical(parent, real))
			continue;
		snprintf(full, sizeof full, "%s/%s", strcmp(real, "/") ? real : "",
			 path_base(l->creates.item[i]));
		if (!granted(&g, real, ACC_CREATE) && !declared_output(&g, full) &&
		    !strlist_contains(&d->created_elsewhere, real))
			strlist_add(&d->created_elsewhere, real, NULL);
	}
	for (size_t i = 0; i < g.n; i++)
		free(g.path[i]);
	free(g.path);
	free(g.access);
	strlist_free(&g.outputs);
}

/* cpath and tmppath have the same calls. Files created where no output
 * of the command line points, all in the temporary directory ($TMPDIR,
 * else /tmp), are temporary files: tmppath gives a confined run a private
 * directory there, and TMPDIR names it. Outputs (wherever they are, /tmp
 * too) are declared in [arguments] and need cpath. */
static void prefer_tmppath(const struct learner *l, struct draft *d)
{
	int cpath = promise_lookup("cpath"), tmppath = promise_lookup("tmppath");
	bool old_cpath = l->merging && strlist_contains(&l->old.promises, "cpath");
	if (cpath < 0 || tmppath < 0 || !d->promise[cpath] || old_cpath || !l->creates.n)
		return;
	const char *env = getenv("TMPDIR");
	char tmp[PATH_MAX];
	if (!canonical(env && env[0] == '/' ? env : "/tmp", tmp))
		return;
	size_t temporary = 0;
	for (size_t i = 0; i < l->creates.n; i++) {
		if (learnargs_is_output(&d->args, l->creates.item[i]))
			continue;
		if (!beneath(l->creates.item[i], tmp))
			return;
		temporary++;
	}
	if (!temporary)
		return;
	d->promise[tmppath] = true;
	d->promise[cpath] = false; /* outputs are the broker's: cpath is not theirs */
	for (size_t i = 0; i < d->needs.n; i++)
		if (has_prefix(d->needs.item[i], "cpath,")) {
			char *line = xasprintf("tmppath,%s", d->needs.item[i] + 6);
			free(d->needs.item[i]);
			d->needs.item[i] = line;
		}
}

static void choose_ports(const struct learner *l, struct draft *d)
{
	/* Ports a preload rule grants (fakeroot-tcp's) stay the rule's. */
	struct policy p = { 0 };
	const struct preloads *pl = l->in->preloads;
	for (size_t i = 0; i < pl->libs.n; i++) {
		const struct preload_rule *r = rule_of(pl, i);
		for (size_t j = 0; r && j < r->connect_tcp.n; j++)
			strlist_add(&p.allow, r->connect_tcp.item[j], NULL);
		for (size_t j = 0; r && j < r->connect_tcp_env.n; j++) {
			const char *v = getenv(r->connect_tcp_env.item[j]);
			char port[16];
			snprintf(port, sizeof port, "%ld", v ? strtol(v, NULL, 10) : 0L);
			strlist_add(&p.allow, port, NULL);
		}
	}
	const struct strlist none = { 0 };
	const struct strlist *from[][2] = {
		{ &l->connect, l->merging ? &l->old.connect_tcp : &none },
		{ &l->bind, l->merging ? &l->old.bind_tcp : &none },
	};
	struct strlist *to[] = { &d->connect, &d->bind };
	for (size_t k = 0; k < 2; k++)
		for (size_t s = 0; s < 2; s++)
			for (size_t i = 0; i < from[k][s]->n; i++)
				if ((s == 1 || !strlist_contains(&p.allow, from[k][s]->item[i])) &&
				    !strlist_contains(to[k], from[k][s]->item[i]))
					strlist_add(to[k], from[k][s]->item[i], NULL);
	strlist_free(&p.allow);
}

/* ---- writing ---- */

/* inih reads lines of up to 198 characters: comments are wrapped, and the
 * lines that merging reads back (run:, preload:) are cut. */
#define INI_LINE 198
#define RUN_MAX (INI_LINE - 7)

static void put_comment(FILE *f, const char *text)
{
	const char *prefix = "# ";
	while (strlen(prefix) + strlen(text) > 78) {
		size_t room = 78 - strlen(prefix), cut = room;
		while (cut && text[cut] != ' ')
			cut--;
		fprintf(f, "%s%.*s\n", prefix, (int)(cut ? cut : room), text);
		text += cut ? cut : room;
		text += strspn(text, " ");
		prefix = "#   ";
	}
	fprintf(f, "%s%s\n", prefix, text);
}

static char *argv_line(const struct learn_input *in)
{
	char *s = xcalloc(1, RUN_MAX + 1);
	size_t at = 0;
	for (int i = 0; i < in->argc && at < RUN_MAX; i++)
		at += (size_t)snprintf(s + at, RUN_MAX + 1 - at, "%s%s", i ? " " : "", in->argv[i]);
	if (at > RUN_MAX)
		strcpy(s + RUN_MAX - 3, "...");
	for (char *c = s; *c; c++)
		if (*c == '\n' || *c == '\r')
			*c = ' ';
	return s;
}

static void preload_lines(const struct learner *l, struct strlist *out)
{
	const struct preloads *pl = l->in->preloads;
	for (size_t i = 0; i < pl->libs.n; i++) {
		char *line;
		if (rule_of(pl, i))
			line = xasprintf("%s (%s): its needs are left to its rule %s", pl->libs.item[i],
					 pl->libs.origin[i], rule_of(pl, i)->path);
		else
			line = xasprintf("%s (%s): no preload rule knows it; what it did is in "
					 "this profile", pl->libs.item[i], pl->libs.origin[i]);
		if (!strlist_contains(out, line))
			strlist_add(out, line, NULL);
		free(line);
	}
}

/* One entry a line. A list holds words: a path with blanks in it, or too
 * long for a line, cannot be written and is said so. */
static void put_list(FILE *f, const char *key, const struct strlist *l)
{
	size_t indent = strlen(key) + 3, put = 0, left_out = 0;
	fprintf(f, "%s =", key);
	for (size_t i = 0; i < l->n; i++) {
		if (strpbrk(l->item[i], " \t") || indent + strlen(l->item[i]) > INI_LINE) {
			left_out++;
			continue;
		}
		if (put++) /* indented lines continue the list */
			fprintf(f, "\n%*s", (int)indent, "");
		else
			fputc(' ', f);
		fputs(l->item[i], f);
	}
	fputc('\n', f);
	if (left_out)
		fprintf(f, "# %zu %s with blanks or too long for a line left out of %s\n",
			left_out, left_out == 1 ? "entry" : "entries", key);
}

static void put_header(FILE *f, const struct learner *l)
{
	struct strlist preloads = { 0 };
	preload_lines(l, &preloads);
	fprintf(f, "# A profile for %s, learned by sandbox-run --learn from permissive runs:\n"
		"# no Landlock, every system call allowed and recorded. It allows what these\n"
		"# runs did and no more. Review it, roll it out with on-violation = report,\n"
		"# and run --learn again with this file to merge what new runs need.\n",
		l->in->target->name);
	if (preloads.n)
		fprintf(f, "# Preloaded libraries seen while learning:\n");
	for (size_t i = 0; i < preloads.n; i++)
		fprintf(f, "# preload: %.*s\n", INI_LINE - 11, preloads.item[i]);
	strlist_free(&preloads);
}

static void put_profile_section(FILE *f, const struct learner *l, const struct draft *d)
{
	fprintf(f, "\n[profile]\n");
	fprintf(f, "description = %s: learned by sandbox-run --learn (review before use)\n",
		l->in->target->name);
	fprintf(f, d->needs.n ? "# stdio and rpath are implicit; the others were needed by these calls:\n"
			      : "# stdio and rpath are implicit, and this run needed no other\n");
	for (size_t i = 0; i < d->needs.n; i++)
		put_comment(f, d->needs.item[i]);
	struct strlist names = { 0 };
	for (size_t i = 0; i < promise_count(); i++)
		if (d->promise[i])
			strlist_add(&names, promise_at(i)->name, NULL);
	fprintf(f, "promises =");
	for (size_t i = 0; i < names.n; i++)
		fprintf(f, " %s", names.item[i]);
	fputc('\n', f);
	strlist_free(&names);
	if (d->allow.n)
		fprintf(f, "# single system calls no promise covers, with how often each was seen:\n");
	for (size_t i = 0; i < d->allow.n; i++) {
		unsigned long n = strtoul(d->allow.origin[i], NULL, 10);
		fprintf(f, "# %.*s: seen %lu %s\nallow = %s\n",
			(int)strcspn(d->allow.item[i], "( \t"), d->allow.item[i], n, times(n),
			d->allow.item[i]);
	}
	for (size_t i = 0; i < d->never.n; i++) {
		const char *why = "";
		syscall_allowable(d->never.item[i], &why);
		unsigned long n = strtoul(d->never.origin[i], NULL, 10);
		char *line = xasprintf("not allowable, seen %lu %s: %s; the program will be "
				       "refused", n, times(n), why);
		put_comment(f, line);
		free(line);
	}
	fprintf(f, "on-violation = deny\nlandlock = required\n");
}

static void put_files_section(FILE *f, const struct draft *d)
{
	fprintf(f, "\n[filesystem]\n"
		"# Files these runs opened that a confined run would not grant anyway (the\n"
		"# system read set, the target, its operands, the promises' own paths),\n"
		"# widened to their package directory; never / or a home directory.\n");
	put_list(f, "read", &d->read);
	put_list(f, "write", &d->write);
	put_list(f, "exec", &d->exec);
	for (size_t i = 0; i < d->created_elsewhere.n; i++) {
		char *line = xasprintf("files were created in %s: only declared outputs "
				       "([arguments]) and, with promise tmppath, the private $TMPDIR "
				       "can be created in; otherwise it is refused",
				       d->created_elsewhere.item[i]);
		put_comment(f, line);
		free(line);
	}
	fprintf(f, "\n[network]\n");
	put_list(f, "connect-tcp", &d->connect);
	put_list(f, "bind-tcp", &d->bind);
}

/* The outputs the run created, declared by the words that named them;
 * keys this sandbox-run cannot read yet (new_keys false) are comments. */
static void put_outputs(FILE *f, const struct draft *d)
{
	const struct learned_args *a = &d->args;
	const struct {
		const char *key;
		const struct strlist *list;
		bool new_key;
	} lists[] = {
		{ "output-options", &a->output_options, false },
		{ "output-directory-options", &a->directory_options, true },
		{ "output-prefix-options", &a->prefix_options, true },
	};
	struct strlist with_value = { 0 };
	for (size_t i = 0; i < a->with_value.n; i++)
		if (!strlist_contains(&a->output_options, a->with_value.item[i]) &&
		    !strlist_contains(&a->directory_options, a->with_value.item[i]) &&
		    !strlist_contains(&a->prefix_options, a->with_value.item[i]))
			strlist_add(&with_value, a->with_value.item[i], NULL);
	if (with_value.n)
		fprintf(f, "# options followed by a word that named no file: they take a value\n");
	if (with_value.n)
		put_list(f, "options-with-value", &with_value);
	strlist_free(&with_value);
	if (learnargs_any(a))
		fprintf(f, "# the files and directories the run created, by the words that named them\n");
	for (size_t i = 0; i < N(lists); i++) {
		if (!lists[i].list->n)
			continue;
		if (lists[i].new_key && !d->new_keys)
			fprintf(f, "# this sandbox-run does not read the key below: the run will be "
				"refused\n# ");
		put_list(f, lists[i].key, lists[i].list);
	}
	const struct strlist *ops = &a->operands;
	bool new_role = ops->n > 1;
	for (size_t i = 0; i < ops->n; i++)
		new_role |= strcmp(ops->item[i], "input") && strcmp(ops->item[i], "output") &&
			    strcmp(ops->item[i], "none");
	if (ops->n && (d->new_keys || (ops->n == 1 && !new_role))) {
		fprintf(f, "operands =");
		for (size_t i = 0; i < ops->n; i++)
			fprintf(f, " %s", ops->item[i]);
		fputc('\n', f);
		return;
	}
	if (ops->n) {
		fprintf(f, "# operands by position, which this sandbox-run does not read:\n#");
		for (size_t i = 0; i < ops->n; i++)
			fprintf(f, " %s", ops->item[i]);
		fputc('\n', f);
	}
	fprintf(f, "operands = input\n");
}

static void put_arguments(FILE *f, const struct learner *l, const struct draft *d)
{
	char *now = argv_line(l->in);
	fprintf(f, "\n[arguments]\n"
		"# Review: which arguments are inputs and outputs. The outputs below are\n"
		"# those the learned run created; operands are listed by position (the\n"
		"# last repeats): input lets the program read each operand it is given,\n"
		"# so that new inputs work. The command line it learned from:\n"
		"# run: %s\n", now);
	free(now);
	put_outputs(f, d);
}

static void draft_free(struct draft *d)
{
	struct strlist *lists[] = { &d->needs, &d->allow, &d->never, &d->read, &d->write,
				    &d->exec, &d->connect, &d->bind, &d->created_elsewhere };
	for (size_t i = 0; i < N(lists); i++)
		strlist_free(lists[i]);
	learnargs_free(&d->args);
	strlist_free(&d->old_outputs);
}

/* Written beside the old file and renamed over it: a reader sees the old
 * profile or the new one, never half of one. */
static FILE *open_beside(const char *out, char **tmp)
{
	*tmp = xasprintf("%s.XXXXXX", out);
	int fd = mkstemp(*tmp);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f)
		msg("--learn: cannot write %s: %s", *tmp, strerror(errno));
	else
		fchmod(fd, 0644);
	return f;
}

static bool rename_over(FILE *f, const char *tmp, const char *out)
{
	if (fclose(f) != 0 || rename(tmp, out) < 0) {
		msg("--learn: cannot write %s: %s", out, strerror(errno));
		unlink(tmp);
		return false;
	}
	return true;
}

static char *join_words(const struct strlist *l)
{
	char *s = xstrdup("");
	for (size_t i = 0; i < l->n; i++) {
		char *t = xasprintf("%s%s%s", s, i ? " " : "", l->item[i]);
		free(s);
		s = t;
	}
	return s;
}

/* What the run needs beyond the file, as additions to its text: only
 * what the file did not grant is in the draft when merging (choose_*). */
static size_t merge_additions(const struct learner *l, const struct draft *d,
			      struct merge_addition *add, struct strlist *words)
{
	size_t n = 0;
	for (size_t i = 0; i < promise_count(); i++)
		if (d->promise[i] && !(d->had & (1u << i)))
			strlist_add(&words[0], promise_at(i)->name, NULL);
	const struct {
		const char *section, *key;
		const struct strlist *now, *before;
		struct strlist *words;
	} lists[] = {
		{ "filesystem", "read", &d->read, &l->old.read, &words[1] },
		{ "filesystem", "write", &d->write, &l->old.write, &words[2] },
		{ "filesystem", "exec", &d->exec, &l->old.exec, &words[3] },
		{ "network", "connect-tcp", &d->connect, &l->old.connect_tcp, &words[4] },
		{ "network", "bind-tcp", &d->bind, &l->old.bind_tcp, &words[5] },
	};
	for (size_t k = 0; k < N(lists); k++)
		for (size_t i = 0; i < lists[k].now->n; i++)
			if (!strlist_contains(lists[k].before, lists[k].now->item[i]) &&
			    !strpbrk(lists[k].now->item[i], " \t"))
				strlist_add(lists[k].words, lists[k].now->item[i], NULL);
	char *promises = join_words(&words[0]);
	if (*promises)
		add[n++] = (struct merge_addition){ "profile", "promises", promises, MERGE_WORDS };
	else
		free(promises);
	for (size_t i = 0; i < d->allow.n; i++)
		if (!strlist_contains(&l->old.allow, d->allow.item[i]))
			add[n++] = (struct merge_addition){ "profile", "allow", d->allow.item[i],
							    MERGE_LINE };
	for (size_t k = 0; k < N(lists); k++) {
		char *value = join_words(lists[k].words);
		if (*value)
			add[n++] = (struct merge_addition){ lists[k].section, lists[k].key, value,
							    MERGE_WORDS };
		else
			free(value);
	}
	return n;
}

/* What the learner cannot write into the file, said instead. */
static void merge_notes(const struct learner *l, const struct draft *d)
{
	for (size_t i = 0; i < d->needs.n; i++)
		msg("--learn: %s: promise %s", l->in->out, d->needs.item[i]);
	for (size_t i = 0; i < d->allow.n; i++)
		if (!strlist_contains(&l->old.allow, d->allow.item[i]))
			msg("--learn: %s: allow %s, which no promise covers: seen %s %s", l->in->out,
			    d->allow.item[i], d->allow.origin[i],
			    times(strtoul(d->allow.origin[i], NULL, 10)));
}

/* What the run did that no merge can grant: said whether or not the file
 * changed. */
static void refusal_notes(const struct learner *l, const struct draft *d)
{
	for (size_t i = 0; i < d->never.n; i++) {
		const char *why = "";
		syscall_allowable(d->never.item[i], &why);
		msg("--learn: %s: %s is not allowable (%s): the program will be refused it",
		    l->in->out, d->never.item[i], why);
	}
	for (size_t i = 0; i < d->created_elsewhere.n; i++)
		msg("--learn: %s: files were created in %s: declare them outputs in [arguments] "
		    "(a [filesystem] write entry does not grant creating)", l->in->out,
		    d->created_elsewhere.item[i]);
}

/* The merged file is the old text with what this run proved necessary
 * added; nothing else of it changes, and a run that needs nothing new
 * leaves it as it was, byte for byte. */
static void merge_profile(struct learner *l, const struct draft *d)
{
	struct merge_addition *add = xcalloc(d->allow.n + 6, sizeof *add);
	struct strlist words[6] = { 0 };
	size_t n = merge_additions(l, d, add, words);
	char *text = learnmerge_apply(l->old_text, add, n);
	for (size_t i = 0; i < n; i++)
		if (add[i].how == MERGE_WORDS)
			free((char *)add[i].value);
	for (size_t i = 0; i < N(words); i++)
		strlist_free(&words[i]);
	if (strcmp(text, l->last_text) == 0) {
		if (!l->written && (d->never.n || d->created_elsewhere.n))
			msg("--learn: %s: nothing a profile can grant to add; left as it was",
			    l->in->out);
		else if (!l->written)
			msg("--learn: %s already allows what %s did; left as it was", l->in->out,
			    l->in->target->name);
		if (!l->written)
			refusal_notes(l, d);
		l->written = true;
		free(text);
		free(add);
		return;
	}
	char *tmp;
	FILE *f = open_beside(l->in->out, &tmp);
	if (f && fputs(text, f) >= 0 && rename_over(f, tmp, l->in->out)) {
		msg("--learn: merged what %s needed into %s:", l->in->target->name, l->in->out);
		learnmerge_diff(stderr, l->in->out, l->last_text, text);
		merge_notes(l, d);
		refusal_notes(l, d);
		free(l->last_text);
		l->last_text = text;
		text = NULL;
	}
	l->written = true;
	free(tmp);
	free(text);
	free(add);
}

/* Which words of the command line named what the run created or wrote. */
static void learn_outputs(const struct learner *l, struct draft *d)
{
	struct strlist touched = { 0 };
	for (size_t i = 0; i < l->creates.n; i++)
		strlist_add(&touched, l->creates.item[i], NULL);
	for (size_t i = 0; i < l->writes.n; i++)
		strlist_add(&touched, l->writes.item[i], NULL);
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof cwd))
		snprintf(cwd, sizeof cwd, "/");
	learnargs_classify(l->in->argc, l->in->argv, cwd, &touched, &d->args);
	strlist_free(&touched);
}

/* Whether this sandbox-run reads the draft: [arguments] keys for output
 * directories, prefixes and operand roles are newer than some builds. */
static bool loads(const char *path)
{
	struct profile p = { 0 };
	struct strlist errors = { 0 };
	bool ok = profile_load(NULL, path, &p, &errors) == 0;
	profile_free(&p);
	strlist_free(&errors);
	return ok;
}

static bool put_draft(const struct learner *l, struct draft *d)
{
	char *tmp;
	FILE *f = open_beside(l->in->out, &tmp);
	if (!f) {
		free(tmp);
		return false;
	}
	put_header(f, l);
	put_profile_section(f, l, d);
	put_files_section(f, d);
	put_arguments(f, l, d);
	bool done;
	if (fclose(f) != 0) {
		msg("--learn: cannot write %s: %s", tmp, strerror(errno));
		done = false;
	} else if (d->new_keys && !loads(tmp)) {
		unlink(tmp);
		d->new_keys = false;
		done = put_draft(l, d);
	} else if (rename(tmp, l->in->out) < 0) {
		msg("--learn: cannot write %s: %s", l->in->out, strerror(errno));
		done = false;
	} else {
		done = true;
	}
	if (!done)
		unlink(tmp);
	free(tmp);
	return done;
}

static void write_profile(struct learner *l)
{
	struct draft d = { .new_keys = true };
	if (!l->merging)
		learn_outputs(l, &d);
	choose_promises(l, &d);
	prefer_tmppath(l, &d);
	choose_paths(l, &d);
	choose_ports(l, &d);
	if (l->merging)
		merge_profile(l, &d);
	else if (put_draft(l, &d) && !l->written)
		msg("--learn: wrote %s from a permissive run of %s: review it before use",
		    l->in->out, l->in->target->name);
	l->written = true;
	l->dirty = false;
	draft_free(&d);
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
	write_profile(l);
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
		write_profile(l);
	_exit(0);
}

/* ---- the file being merged into ---- */

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "re");
	char *text = NULL;
	size_t size = 0;
	FILE *m = open_memstream(&text, &size);
	char buf[4096];
	size_t got;
	while (f && m && (got = fread(buf, 1, sizeof buf, f)) > 0)
		fwrite(buf, 1, got, m);
	if (!f || !m || ferror(f) || fclose(m) != 0)
		die("--learn=%s: cannot read it: %s", path, strerror(errno));
	fclose(f);
	if (strlen(text) != size)
		die("--learn=%s: a NUL byte in it: not a profile to merge into", path);
	return text;
}

static void load_old(struct learner *l)
{
	if (access(l->in->out, F_OK) != 0)
		return;
	struct strlist errors = { 0 };
	if (profile_load(NULL, l->in->out, &l->old, &errors) == 0)
		profile_validate(&l->old, &errors);
	if (errors.n)
		die("--learn=%s merges into that file, and it has errors: %s; fix or remove it",
		    l->in->out, errors.item[0]);
	l->merging = true;
	l->old_text = read_text(l->in->out);
	l->last_text = xstrdup(l->old_text);
}

static void check_preloads(const struct preloads *pl)
{
	for (size_t i = 0; i < pl->libs.n; i++)
		if (rule_of(pl, i) && rule_of(pl, i)->unsupported)
			die("%s (%s) is preloaded: %s", pl->libs.item[i], pl->libs.origin[i],
			    rule_of(pl, i)->unsupported);
}

/* Found out now rather than after the run: where the profile goes, and
 * whether a profile could be used from there at all (a draft in /tmp is
 * one that others could replace before it is reviewed or used). */
static void check_writable(const char *out)
{
	char *dir = xpath_dir(out);
	if (access(dir, W_OK | X_OK) < 0)
		die("--learn=%s: cannot write in %s: %s", out, dir, strerror(errno));
	free(dir);
	struct strlist errors = { 0 };
	if (profile_check_directory(out, &errors))
		die("--learn=%s", errors.item[0]);
}

void learn_start(const struct learn_input *in)
{
	static struct learner l; /* lives on in the observer */
	l.in = in;
	l.pid = getpid();
	check_writable(in->out);
	load_old(&l);
	check_preloads(in->preloads);
	msg_verbose("--learn: running %s permissively; every call is allowed and recorded",
		    in->target->path);
	scmp_filter_ctx ctx = observing_filter();
	loop_alloc(&loop, "--learn: the observer");
	/* Forked: the observing filter sends the launcher's own execve to it. */
	pid_t observer = sidecar_start("--learn: the observer", observer_main, &l, true);
	if (observer <= 0)
		die("--learn: the observer could not be started (%s)", strerror(-observer));
	/* As in a confined run, minus Landlock and enforcement. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		die("cannot set no_new_privs: %s", strerror(errno));
	caps_drop();
	int r = seccomp_load(ctx);
	int listener = r < 0 ? -1 : seccomp_notify_fd(ctx);
	if (r < 0 || listener < 0)
		die("--learn: cannot load the observing filter: %s", strerror(r < 0 ? -r : errno));
	sidecar_handoff(listener);
	seccomp_release(ctx);
}
