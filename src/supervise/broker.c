/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "supervise/broker.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include "supervise/decode.h"
#include "base/pidfd.h"
#include "catalogue/grants.h"
#include "catalogue/sysrule.h"

#define TMPFILE_BIT 020000000
/* What makes an open one that writes or creates: the filter sends those
 * here when the policy declares outputs. */
#define OPEN_WRITE_BITS (O_ACCMODE | O_CREAT | O_TRUNC | TMPFILE_BIT | O_APPEND)
/* The flags of the target's open that the broker's own open keeps. */
#define OPEN_KEPT_BITS                                                                       \
	(O_ACCMODE | O_CREAT | O_EXCL | O_TRUNC | O_APPEND | O_NONBLOCK | O_DSYNC | O_SYNC | \
	 O_NOATIME | O_CLOEXEC)

bool policy_grants_call(const struct policy *p, int nr, const uint64_t *args, pid_t self)
{
	struct catalogue_answer a;
	catalogue_grants(nr, args, self, &a);
	if (a.holds & promise_set_of(p->promise))
		return true;
	for (size_t i = 0; i < p->allow.n; i++)
		if (sysrule_matches(p->allow.item[i], nr, args))
			return true;
	return false;
}

/* ---- matching names ---- */

/* One printf conversion of an integer at *pat ("%d", "%03d", "%ld"):
 * consumes it and the digits (or padding blanks) of name that it prints. */
static bool match_conversion(const char **pat, const char **name)
{
	const char *c = *pat + 1;
	c += strspn(c, "-+ 0#123456789l");
	if (!*c || !strchr("diux", *c))
		return false;
	const char *digits = *c == 'x' ? "0123456789abcdef" : "0123456789";
	const char *n = *name + strspn(*name, " ");
	size_t len = strspn(n, digits);
	if (!len)
		return false;
	*pat = c + 1;
	*name = n + len;
	return true;
}

/* Whether name is one that pattern (gs's page-%d.png) prints. A pattern
 * holds at most a few conversions: the greedy digit match is exact here,
 * since a conversion is never followed by a digit in a name gs prints. */
static bool pattern_matches(const char *pattern, const char *name)
{
	while (*pattern) {
		if (pattern[0] == '%' && pattern[1] == '%') {
			if (*name++ != '%')
				return false;
			pattern += 2;
		} else if (*pattern == '%') {
			if (!match_conversion(&pattern, &name))
				return false;
		} else if (*pattern++ != *name++) {
			return false;
		}
	}
	return *name == '\0';
}

static bool output_matches(const struct output *o, const char *name)
{
	if (o->tree)
		return false; /* an output directory: by where, not by name */
	if (o->prefix)
		return strncmp(name, o->name, strlen(o->name)) == 0 && strcmp(name, ".") != 0 &&
		       strcmp(name, "..") != 0 && *name;
	return o->pattern ? pattern_matches(o->name, name) : strcmp(o->name, name) == 0;
}

/* ---- the target's view of a path ---- */

/* The directory a relative path of tid is looked up in: its working
 * directory or the descriptor dirfd, as the kernel would use them. */
static int open_base(pid_t tid, int dirfd, const char *path)
{
	char link[64];
	if (path[0] == '/')
		snprintf(link, sizeof link, "/");
	else if (dirfd == AT_FDCWD)
		snprintf(link, sizeof link, "/proc/%d/cwd", (int)tid);
	else
		snprintf(link, sizeof link, "/proc/%d/fd/%d", (int)tid, dirfd);
	return open(link, O_PATH | O_DIRECTORY | O_CLOEXEC);
}

/* Opens (O_PATH) the directory path's last component sits in, and points
 * *base at that component. -1 when it cannot be found. */
static int open_parent(pid_t tid, int dirfd, const char *path, const char **base)
{
	const char *slash = strrchr(path, '/');
	*base = slash ? slash + 1 : path;
	int at = open_base(tid, dirfd, path);
	if (at < 0 || !slash)
		return at;
	char dir[PATH_MAX];
	size_t len = slash == path ? 1 : (size_t)(slash - path);
	memcpy(dir, path, len);
	dir[len] = '\0';
	int fd = openat(at, dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	close(at);
	return fd;
}

static bool same_file(int a, int b)
{
	struct stat sa, sb;
	return a >= 0 && b >= 0 && fstat(a, &sa) == 0 && fstat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* A path argument from the target's memory; false when unreadable or
 * longer than PATH_MAX (then the kernel is left to answer). */
static bool read_path(pid_t tid, uint64_t addr, char *buf)
{
	size_t n = decode_read_remote(tid, addr, buf, PATH_MAX, true);
	return n > 0 && memchr(buf, '\0', n) != NULL;
}

static mode_t target_umask(pid_t tid)
{
	char path[64], line[128];
	unsigned mask = 022;
	snprintf(path, sizeof path, "/proc/%d/status", (int)tid);
	FILE *f = fopen(path, "re");
	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "Umask: %o", &mask) == 1)
			break;
	if (f)
		fclose(f);
	return (mode_t)mask;
}

/* ---- answering ---- */

/* Installs fd in the target as the call's result and closes ours. */
static enum broker_answer send_fd(struct broker *b, const struct seccomp_notif *req, int fd,
				  bool cloexec, struct seccomp_notif_resp *resp)
{
	struct seccomp_notif_addfd add = {
		.id = req->id,
		.flags = SECCOMP_ADDFD_FLAG_SEND,
		.srcfd = (uint32_t)fd,
		.newfd_flags = cloexec ? O_CLOEXEC : 0,
	};
	int r = ioctl(b->listener, SECCOMP_IOCTL_NOTIF_ADDFD, &add);
	if (r < 0 && errno == EINVAL) {
		/* Before Linux 5.14 no SEND: install, then answer with the number. */
		add.flags = 0;
		r = ioctl(b->listener, SECCOMP_IOCTL_NOTIF_ADDFD, &add);
		close(fd);
		*resp = (struct seccomp_notif_resp){ .id = req->id,
						     .val = r,
						     .error = r < 0 ? -errno : 0 };
		return BROKER_RESPOND;
	}
	int err = errno;
	close(fd);
	if (r >= 0)
		return BROKER_SENT;
	*resp = (struct seccomp_notif_resp){ .id = req->id, .error = -err };
	return BROKER_RESPOND;
}

static enum broker_answer result(const struct seccomp_notif *req, int err,
				 struct seccomp_notif_resp *resp)
{
	*resp = (struct seccomp_notif_resp){ .id = req->id, .error = err ? -err : 0 };
	return BROKER_RESPOND;
}

/* Not the broker's to serve: the kernel runs the call, Landlock decides. */
static enum broker_answer go_on(struct broker *b, const struct seccomp_notif *req, pid_t tgid,
				struct seccomp_notif_resp *resp)
{
	if (!policy_grants_call(b->p, req->data.nr, (const uint64_t *)req->data.args, tgid))
		return BROKER_NOT_MINE; /* what no promise grants is a denial */
	*resp = (struct seccomp_notif_resp){ .id = req->id,
					     .flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE };
	return BROKER_RESPOND;
}

static enum broker_answer refuse(char *why, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static enum broker_answer refuse(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return BROKER_REFUSED;
}

/* ---- outputs ---- */

struct open_call {
	int dirfd;
	uint64_t path;
	int flags;
	mode_t mode;
};

static bool open_call(int nr, const uint64_t *a, struct open_call *c)
{
	if (nr == SYS_openat)
		*c = (struct open_call){ (int)a[0], a[1], (int)a[2], (mode_t)a[3] };
#ifdef SYS_open
	else if (nr == SYS_open)
		*c = (struct open_call){ AT_FDCWD, a[0], (int)a[1], (mode_t)a[2] };
#endif
#ifdef SYS_creat
	else if (nr == SYS_creat)
		*c = (struct open_call){ AT_FDCWD, a[0], O_CREAT | O_WRONLY | O_TRUNC,
					 (mode_t)a[1] };
#endif
	else
		return false;
	return true;
}

/* The output of directory dir that name is, or -1. */
static int output_named(const struct broker *b, int dir, const char *name)
{
	for (size_t i = 0; i < b->p->n_outputs; i++)
		if (b->out_dir[i] >= 0 && output_matches(&b->p->outputs[i], name) &&
		    same_file(b->out_dir[i], dir))
			return (int)i;
	return -1;
}

static int output_dir_of(const struct broker *b, int dir)
{
	for (size_t i = 0; i < b->p->n_outputs; i++)
		if (!b->p->outputs[i].tree && same_file(b->out_dir[i], dir))
			return (int)i;
	return -1;
}

static bool named_like_output(const struct broker *b, const char *name)
{
	for (size_t i = 0; i < b->p->n_outputs; i++)
		if (output_matches(&b->p->outputs[i], name))
			return true;
	return false;
}

static bool created_before(const struct broker *b, const struct output *o, const char *name)
{
	char *path = xstrjoin(o->dir, "/", name, NULL);
	bool r = strlist_contains(&b->created, path);
	free(path);
	return r;
}

/* Opens output i's name as the target asked: a pattern's name only when
 * new (or created earlier by this run), never through a symbolic link,
 * always a regular file. The name has no slash. */
static enum broker_answer serve_output(struct broker *b, const struct seccomp_notif *req, size_t i,
				       const char *name, const struct open_call *c,
				       struct seccomp_notif_resp *resp, char *why, size_t size)
{
	const struct output *o = &b->p->outputs[i];
	bool again = o->pattern && created_before(b, o, name);
	int flags = (c->flags & OPEN_KEPT_BITS) | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | O_CLOEXEC;
	if (o->pattern && !again)
		flags |= O_CREAT | O_EXCL;
	mode_t old = umask(target_umask((pid_t)req->pid));
	int fd = openat(b->out_dir[i], name, flags, c->mode & 0777);
	int err = errno;
	umask(old);
	if (fd < 0 && err == EEXIST && o->pattern)
		return refuse(why, size,
			      "%s exists: %s creates new files only (remove the old ones first)",
			      name, o->name);
	if (fd < 0 && err == ELOOP)
		return refuse(why, size, "%s is a symbolic link: outputs are never followed", name);
	if (fd < 0)
		return result(req, err, resp);
	struct stat st;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return refuse(why, size, "%s is not a regular file", name);
	}
	if (!(c->flags & O_NONBLOCK))
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	if (o->pattern && !again) {
		char *path = xstrjoin(o->dir, "/", name, NULL);
		strlist_add(&b->created, path, NULL);
		free(path);
	}
	return send_fd(b, req, fd, c->flags & O_CLOEXEC, resp);
}

/* ---- output directories ---- */

static size_t made_hash(dev_t dev, ino_t ino)
{
	return (size_t)(((uint64_t)ino * 0x9e3779b97f4a7c15u) ^ (uint64_t)dev);
}

static struct made *made_entry(const struct broker *b, const struct stat *st)
{
	if (!b->n_made_slots)
		return NULL;
	size_t mask = b->n_made_slots - 1;
	for (size_t i = made_hash(st->st_dev, st->st_ino) & mask; b->made_slots[i];
	     i = (i + 1) & mask) {
		struct made *m = &b->made[b->made_slots[i] - 1];
		if (!m->removed && m->dev == st->st_dev && m->ino == st->st_ino)
			return m;
	}
	return NULL;
}

static void index_made(struct broker *b, size_t index)
{
	size_t mask = b->n_made_slots - 1;
	size_t i = made_hash(b->made[index].dev, b->made[index].ino) & mask;
	while (b->made_slots[i])
		i = (i + 1) & mask;
	b->made_slots[i] = index + 1;
}

static void remember_made(struct broker *b, const struct stat *st, size_t tree)
{
	if (made_entry(b, st))
		return;
	if (b->n_made == b->made_cap)
		b->made = xrealloc(b->made, (b->made_cap = b->made_cap ? 2 * b->made_cap : 64) *
						    sizeof *b->made);
	b->made[b->n_made++] = (struct made){ st->st_dev, st->st_ino, tree, S_ISDIR(st->st_mode),
					      false };
	if (2 * b->n_made > b->n_made_slots) {
		free(b->made_slots);
		b->n_made_slots = b->n_made_slots ? 2 * b->n_made_slots : 128;
		b->made_slots = xcalloc(b->n_made_slots, sizeof *b->made_slots);
		for (size_t i = 0; i < b->n_made; i++)
			index_made(b, i);
	} else {
		index_made(b, b->n_made - 1);
	}
}

/* The output directory that dir is, or that dir was made in by this run:
 * its index, or -1. A directory that was there before is none: new files
 * in it (a .git/hooks/ of the tree) would touch what was there. */
static int tree_of(const struct broker *b, int dir)
{
	struct stat st;
	if (dir < 0 || fstat(dir, &st) < 0)
		return -1;
	for (size_t i = 0; i < b->p->n_outputs; i++) {
		struct stat ot;
		if (b->p->outputs[i].tree && b->out_dir[i] >= 0 && fstat(b->out_dir[i], &ot) == 0 &&
		    ot.st_dev == st.st_dev && ot.st_ino == st.st_ino)
			return (int)i;
	}
	const struct made *m = made_entry(b, &st);
	return m && m->dir ? (int)m->tree : -1;
}

/* The output directory that dir is somewhere beneath (a directory that
 * was there before the run), or -1: for the message of a refusal. */
static int beneath_tree(const struct broker *b, int dir)
{
	char link[64], path[PATH_MAX];
	snprintf(link, sizeof link, "/proc/self/fd/%d", dir);
	ssize_t n = dir < 0 ? -1 : readlink(link, path, sizeof path - 1);
	if (n <= 0)
		return -1;
	path[n] = '\0';
	for (size_t i = 0; i < b->p->n_outputs; i++) {
		const char *root = b->p->outputs[i].dir;
		size_t len = strlen(root);
		if (b->p->outputs[i].tree && strncmp(path, root, len) == 0 && path[len] == '/')
			return (int)i;
	}
	return -1;
}

/* Is name in dir an output directory itself? */
static bool is_tree_root(const struct broker *b, int dir, const char *name)
{
	struct stat st, ot;
	if (fstatat(dir, name, &st, 0) < 0)
		return false;
	for (size_t i = 0; i < b->p->n_outputs; i++)
		if (b->p->outputs[i].tree && b->out_dir[i] >= 0 && fstat(b->out_dir[i], &ot) == 0 &&
		    ot.st_dev == st.st_dev && ot.st_ino == st.st_ino)
			return true;
	return false;
}

static enum broker_answer refuse_old_dir(const struct broker *b, int dir, const char *name,
					 char *why, size_t size)
{
	int t = beneath_tree(b, dir);
	return refuse(why, size,
		      "%s: its directory was in the output directory %s before this "
		      "run: new entries go only in directories the run made (use a new directory)",
		      name, b->p->outputs[t].dir);
}

static bool plain_name(const char *name)
{
	return *name && strcmp(name, ".") != 0 && strcmp(name, "..") != 0;
}

/* Was name in dir made by this run? Never through a symbolic link. */
static bool made_here(const struct broker *b, int dir, const char *name, struct stat *st)
{
	return fstatat(dir, name, st, AT_SYMLINK_NOFOLLOW) == 0 && made_entry(b, st);
}

static enum broker_answer refuse_existing(const struct broker *b, size_t t, const char *name,
					  char *why, size_t size)
{
	return refuse(why, size,
		      "%s was in the output directory %s before this run: only what "
		      "the run creates there may be written (use a new directory)",
		      name, b->p->outputs[t].dir);
}

/* An open that writes or creates in output directory t (dir is the
 * directory the name is in): a new regular file, made with O_EXCL, or one
 * that this run made; never a symbolic link, never what was there. */
static enum broker_answer serve_tree_open(struct broker *b, const struct seccomp_notif *req,
					  size_t t, int dir, const char *name,
					  const struct open_call *c,
					  struct seccomp_notif_resp *resp, char *why, size_t size)
{
	static const char symlink_msg[] = "%s is a symbolic link: output directories are never "
					  "written through one";
	if (!plain_name(name) || (c->flags & (TMPFILE_BIT | O_DIRECTORY)))
		return refuse(why, size,
			      "%s: only files are opened for writing in the output "
			      "directory %s",
			      *name ? name : "\"\"", b->p->outputs[t].dir);
	/* What was there is refused before it is opened (opening a device
	 * may act); what the run made is opened again, and checked again. */
	struct stat st;
	bool exists = fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
	if (exists && S_ISLNK(st.st_mode))
		return refuse(why, size, symlink_msg, name);
	if (exists && !made_entry(b, &st))
		return refuse_existing(b, t, name, why, size);
	if (!exists && !(c->flags & O_CREAT))
		return result(req, ENOENT, resp);
	if (exists && (c->flags & O_CREAT) && (c->flags & O_EXCL))
		return result(req, EEXIST, resp);
	int flags = (c->flags & OPEN_KEPT_BITS & ~(O_CREAT | O_EXCL | O_TRUNC)) | O_NOFOLLOW |
		    O_NOCTTY | O_NONBLOCK | O_CLOEXEC;
	mode_t old = umask(target_umask((pid_t)req->pid));
	int fd = exists ? openat(dir, name, flags) :
			  openat(dir, name, flags | O_CREAT | O_EXCL, c->mode & 0777);
	int err = errno;
	umask(old);
	if (fd < 0)
		return err == ELOOP ? refuse(why, size, symlink_msg, name) : result(req, err, resp);
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (exists && !made_entry(b, &st))) {
		close(fd);
		return refuse(why, size, "%s is not a regular file this run made", name);
	}
	if (exists && (c->flags & O_TRUNC) && (c->flags & O_ACCMODE) != O_RDONLY &&
	    ftruncate(fd, 0) < 0) {
		err = errno;
		close(fd);
		return result(req, err, resp);
	}
	if (!exists)
		remember_made(b, &st, t);
	if (!(c->flags & O_NONBLOCK))
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return send_fd(b, req, fd, c->flags & O_CLOEXEC, resp);
}

/* The calls on paths and descriptors that output directories serve
 * besides open: which argument holds what. */
enum tree_call {
	TREE_MKDIR,
	TREE_UNLINK,
	TREE_CHMOD,
	TREE_UTIMENS,
	TREE_FCHMOD,
	TREE_FCHOWN,
	TREE_FTRUNCATE, /* bsdtar's sparse files: the size set at the end */
	TREE_LINK, /* symlink, rename to a new name: never made there */
	TREE_HARDLINK, /* a second name of a file the run made, in the tree */
	TREE_NONE
};

struct path_call {
	enum tree_call kind;
	int dirfd; /* AT_FDCWD, or the descriptor (fd calls: the file) */
	uint64_t path; /* 0 for a call on dirfd itself */
	uint64_t value; /* mode, times pointer, or uid */
	uint64_t value2; /* gid */
	int flags; /* utimensat's */
};

static bool tree_call(int nr, const uint64_t *a, struct path_call *c)
{
	struct path_call none = { TREE_NONE, AT_FDCWD, 0, 0, 0, 0 };
	*c = none;
	if (nr == SYS_mkdirat)
		*c = (struct path_call){ TREE_MKDIR, (int)a[0], a[1], a[2], 0, 0 };
	else if (nr == SYS_fchmodat)
		*c = (struct path_call){ TREE_CHMOD, (int)a[0], a[1], a[2], 0, 0 };
	else if (nr == SYS_unlinkat)
		*c = (struct path_call){ TREE_UNLINK, (int)a[0], a[1], 0, 0, (int)a[2] };
	else if (nr == SYS_symlinkat)
		*c = (struct path_call){ TREE_LINK, (int)a[1], a[2], 0, 0, 0 };
	else if (nr == SYS_linkat)
		*c = (struct path_call){ TREE_HARDLINK, (int)a[2], a[3], a[1], a[0], (int)a[4] };
	else if (nr == SYS_renameat || nr == SYS_renameat2)
		*c = (struct path_call){ TREE_LINK, (int)a[2], a[3], 0, 0, 0 };
	else if (nr == SYS_utimensat)
		*c = (struct path_call){ TREE_UTIMENS, (int)a[0], a[1], a[2], 0, (int)a[3] };
	else if (nr == SYS_fchmod)
		*c = (struct path_call){ TREE_FCHMOD, (int)a[0], 0, a[1], 0, 0 };
	else if (nr == SYS_fchown)
		*c = (struct path_call){ TREE_FCHOWN, (int)a[0], 0, a[1], a[2], 0 };
	else if (nr == SYS_ftruncate)
		*c = (struct path_call){ TREE_FTRUNCATE, (int)a[0], 0, a[1], 0, 0 };
#ifdef SYS_mkdir
	else if (nr == SYS_mkdir)
		*c = (struct path_call){ TREE_MKDIR, AT_FDCWD, a[0], a[1], 0, 0 };
#endif
#ifdef SYS_symlink
	else if (nr == SYS_symlink || nr == SYS_rename)
		*c = (struct path_call){ TREE_LINK, AT_FDCWD, a[1], 0, 0, 0 };
	else if (nr == SYS_link)
		*c = (struct path_call){
			TREE_HARDLINK, AT_FDCWD, a[1], a[0], (uint64_t)AT_FDCWD, 0
		};
#endif
#ifdef SYS_unlink
	else if (nr == SYS_unlink)
		*c = (struct path_call){ TREE_UNLINK, AT_FDCWD, a[0], 0, 0, 0 };
	else if (nr == SYS_rmdir)
		*c = (struct path_call){ TREE_UNLINK, AT_FDCWD, a[0], 0, 0, AT_REMOVEDIR };
#endif
#ifdef SYS_chmod
	else if (nr == SYS_chmod)
		*c = (struct path_call){ TREE_CHMOD, AT_FDCWD, a[0], a[1], 0, 0 };
#endif
	return c->kind != TREE_NONE;
}

static bool has_trees(const struct policy *p)
{
	for (size_t i = 0; i < p->n_outputs; i++)
		if (p->outputs[i].tree)
			return true;
	return false;
}

/* The target's descriptor fd, as the broker's own (pidfd_getfd). */
static int take_fd(pid_t tgid, int fd)
{
	int pidfd = (int)syscall(SYS_pidfd_open, tgid, 0);
	int ours = pidfd < 0 ? -1 : (int)syscall(SYS_pidfd_getfd, pidfd, fd, 0);
	if (pidfd >= 0)
		close(pidfd);
	return ours;
}

/* chmod, utimensat, fchown on something the run made: done by the broker
 * on its own descriptor of it (fd) or beneath dir (name). */
static int change_made(const struct seccomp_notif *req, const struct path_call *c, int fd, int dir,
		       const char *name, const struct stat *st)
{
	if (c->kind == TREE_CHMOD || c->kind == TREE_FCHMOD) {
		if (c->value & (S_ISUID | S_ISGID))
			return EPERM;
		int r = fd >= 0 ? fchmod(fd, (mode_t)c->value & 07777) :
				  fchmodat(dir, name, (mode_t)c->value & 07777, 0);
		return r < 0 ? errno : 0;
	}
	if (c->kind == TREE_FTRUNCATE)
		return ftruncate(fd, (off_t)c->value) < 0 ? errno : 0;
	if (c->kind == TREE_UNLINK) /* its own: unzip -o removes before it writes */
		return unlinkat(dir, name, c->flags & AT_REMOVEDIR) < 0 ? errno : 0;
	if (c->kind == TREE_FCHOWN) /* the owner it has: what bsdtar as root asks */
		return ((uid_t)c->value == (uid_t)-1 || (uid_t)c->value == st->st_uid) &&
				       ((gid_t)c->value2 == (gid_t)-1 ||
					(gid_t)c->value2 == st->st_gid) ?
			       0 :
			       EPERM;
	struct timespec ts[2], *times = NULL;
	if (c->value) {
		if (decode_read_remote((pid_t)req->pid, c->value, (char *)ts, sizeof ts, false) !=
		    sizeof ts)
			return EFAULT;
		times = ts;
	}
	int r = fd >= 0 ? futimens(fd, times) : utimensat(dir, name, times, AT_SYMLINK_NOFOLLOW);
	return r < 0 ? errno : 0;
}

/* An entry the run removed is no longer its own: its inode number may
 * come back on a file someone else makes. */
static int forget_removed(struct broker *b, const struct path_call *c, const struct stat *st,
			  int err)
{
	struct made *m = made_entry(b, st);
	if (!err && c->kind == TREE_UNLINK && m)
		m->removed = true;
	return err;
}

/* mkdir beneath an output directory: made by the broker, remembered. */
static enum broker_answer tree_mkdir(struct broker *b, const struct seccomp_notif *req, size_t t,
				     int dir, const char *name, mode_t mode,
				     struct seccomp_notif_resp *resp, char *why, size_t size)
{
	if (!plain_name(name))
		return result(req, EEXIST, resp);
	mode_t old = umask(target_umask((pid_t)req->pid));
	int r = mkdirat(dir, name, mode & 01777);
	int err = errno;
	umask(old);
	struct stat st;
	if (r < 0)
		return result(req, err, resp); /* EEXIST touches nothing */
	if (fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0)
		remember_made(b, &st, t);
	(void)why, (void)size;
	return result(req, 0, resp);
}

/* link, linkat: a new name in output directory t (dir, name) for a
 * regular file this run made there (bsdtar's hard link members); nothing
 * else, and never by a descriptor (AT_EMPTY_PATH). */
static enum broker_answer tree_hardlink(struct broker *b, const struct seccomp_notif *req, size_t t,
					int dir, const char *name, const struct path_call *c,
					struct seccomp_notif_resp *resp, char *why, size_t size)
{
	char old[PATH_MAX];
	const char *oname;
	struct stat st;
	if (!plain_name(name) || (c->flags & AT_EMPTY_PATH) ||
	    !read_path((pid_t)req->pid, c->value, old))
		return refuse(why, size,
			      "%s: hard links in output directories name files the run "
			      "made there",
			      name);
	int odir = open_parent((pid_t)req->pid, (int)c->value2, old, &oname);
	bool own = odir >= 0 && tree_of(b, odir) == (int)t && made_here(b, odir, oname, &st) &&
		   S_ISREG(st.st_mode);
	int err = own && linkat(odir, oname, dir, name, 0) < 0 ? errno : 0;
	if (odir >= 0)
		close(odir);
	if (!own)
		return refuse(why, size,
			      "%s: a hard link to %s, which this run did not make in the "
			      "output directory %s",
			      name, old, b->p->outputs[t].dir);
	return result(req, err, resp);
}

/* mkdir, chmod, utimensat, fchmod, fchown: served on output directories
 * and what the run made there; anything else goes on as the promises say
 * (go_on), or is a denial. */
static enum broker_answer broker_tree_call(struct broker *b, const struct seccomp_notif *req,
					   pid_t tgid, const struct path_call *c,
					   struct seccomp_notif_resp *resp, char *why, size_t size)
{
	struct stat st;
	if (!c->path) { /* on a descriptor */
		int fd = take_fd(tgid, c->dirfd);
		const struct made *m = fd >= 0 && fstat(fd, &st) == 0 ? made_entry(b, &st) : NULL;
		enum broker_answer a = m ? result(req, change_made(req, c, fd, -1, NULL, &st),
						  resp) :
					   go_on(b, req, tgid, resp);
		if (fd >= 0)
			close(fd);
		return a;
	}
	char path[PATH_MAX];
	const char *name;
	if (!read_path((pid_t)req->pid, c->path, path))
		return go_on(b, req, tgid, resp);
	/* "dir/" names dir (unzip's chmod of a directory it made) */
	for (size_t len = strlen(path); len > 1 && path[len - 1] == '/'; len--)
		path[len - 1] = '\0';
	int dir = open_parent((pid_t)req->pid, c->dirfd, path, &name);
	if (dir < 0) /* no such directory: the call could reach nothing */
		return result(req, errno, resp);
	int t = tree_of(b, dir);
	enum broker_answer a;
	if (c->kind == TREE_HARDLINK && t >= 0)
		a = tree_hardlink(b, req, (size_t)t, dir, name, c, resp, why, size);
	else if (c->kind == TREE_HARDLINK && beneath_tree(b, dir) < 0)
		a = go_on(b, req, tgid, resp);
	else if ((c->kind == TREE_LINK || c->kind == TREE_HARDLINK) &&
		 (t >= 0 || beneath_tree(b, dir) >= 0))
		a = refuse(why, size,
			   "%s: symbolic links and renames are not made in output "
			   "directories, hard links only to what the run made (%s)",
			   name, b->p->outputs[t >= 0 ? t : beneath_tree(b, dir)].dir);
	else if (c->kind == TREE_LINK)
		a = go_on(b, req, tgid, resp);
	else if (c->kind == TREE_MKDIR && t < 0 && is_tree_root(b, dir, name))
		a = result(req, EEXIST, resp); /* mkdir -p of the directory made for it */
	else if (t < 0 && beneath_tree(b, dir) >= 0 &&
		 (c->kind == TREE_MKDIR || c->kind == TREE_UNLINK ||
		  !policy_grants_call(b->p, req->data.nr, (const uint64_t *)req->data.args, tgid)))
		a = refuse_old_dir(b, dir, name, why, size);
	else if (t < 0)
		a = go_on(b, req, tgid, resp);
	else if (c->kind == TREE_MKDIR)
		a = tree_mkdir(b, req, (size_t)t, dir, name, (mode_t)c->value, resp, why, size);
	else if (made_here(b, dir, name, &st))
		a = result(req, forget_removed(b, c, &st, change_made(req, c, -1, dir, name, &st)),
			   resp);
	else if (policy_grants_call(b->p, req->data.nr, (const uint64_t *)req->data.args, tgid))
		a = go_on(b, req, tgid, resp);
	else
		a = refuse_existing(b, (size_t)t, name, why, size);
	if (dir >= 0)
		close(dir);
	return a;
}

static enum broker_answer broker_open_call(struct broker *b, const struct seccomp_notif *req,
					   pid_t tgid, const struct open_call *c,
					   struct seccomp_notif_resp *resp, char *why, size_t size)
{
	char path[PATH_MAX];
	const char *name;
	if (!read_path((pid_t)req->pid, c->path, path))
		return go_on(b, req, tgid, resp);
	int dir = open_parent((pid_t)req->pid, c->dirfd, path, &name);
	if (dir < 0 && has_trees(b->p)) /* no such directory: it could create nothing */
		return result(req, errno, resp);
	int t = tree_of(b, dir);
	int i = dir < 0 || t >= 0 ? -1 : output_named(b, dir, name);
	int in_dir = dir < 0 || i >= 0 || t >= 0 ? -1 : output_dir_of(b, dir);
	enum broker_answer a;
	if (t >= 0)
		a = serve_tree_open(b, req, (size_t)t, dir, name, c, resp, why, size);
	else if (dir >= 0 && beneath_tree(b, dir) >= 0)
		a = refuse_old_dir(b, dir, name, why, size);
	else if (i >= 0 && !(c->flags & (TMPFILE_BIT | O_DIRECTORY)))
		a = serve_output(b, req, (size_t)i, name, c, resp, why, size);
	else if (i >= 0 || in_dir >= 0)
		a = refuse(why, size, "%s: not a declared output (in this directory: %s only)",
			   name, b->p->outputs[i >= 0 ? i : in_dir].name);
	else if (named_like_output(b, name))
		a = refuse(why, size,
			   "%s is named like a declared output, but not in its directory", name);
	else
		a = go_on(b, req, tgid, resp);
	if (dir >= 0)
		close(dir);
	return a;
}

/* ---- directory operands ---- */

static enum broker_answer serve_listing(struct broker *b, const struct seccomp_notif *req,
					pid_t tgid, const struct open_call *c,
					struct seccomp_notif_resp *resp)
{
	char path[PATH_MAX];
	if (!read_path((pid_t)req->pid, c->path, path))
		return go_on(b, req, tgid, resp);
	int at = open_base((pid_t)req->pid, c->dirfd, path);
	int dir = at < 0 ? -1 : openat(at, path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (at >= 0)
		close(at);
	for (size_t i = 0; dir >= 0 && i < b->p->listable.n; i++) {
		if (!same_file(b->list_dir[i], dir))
			continue;
		close(dir);
		int fd = openat(b->list_dir[i], ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0)
			return result(req, errno, resp);
		return send_fd(b, req, fd, c->flags & O_CLOEXEC, resp);
	}
	if (dir >= 0)
		close(dir);
	return go_on(b, req, tgid, resp);
}

/* ---- datagram relays ---- */

static bool unix_endpoints(const struct policy *p)
{
	for (size_t i = 0; i < p->n_endpoints; i++)
		if (p->endpoints[i].family == AF_UNIX)
			return true;
	return false;
}

/* socket(AF_UNIX, SOCK_DGRAM): one end of a SOCK_SEQPACKET pair instead,
 * the other kept for relaying once the target connects it. */
static enum broker_answer serve_dgram_socket(struct broker *b, const struct seccomp_notif *req,
					     struct seccomp_notif_resp *resp)
{
	int type = (int)req->data.args[1], sv[2];
	if (b->n_relays == BROKER_RELAYS)
		return result(req, EMFILE, resp);
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
		return result(req, errno, resp);
	struct stat st;
	if (fstat(sv[1], &st) < 0 ||
	    (type & SOCK_NONBLOCK && fcntl(sv[1], F_SETFL, O_NONBLOCK) < 0)) {
		int err = errno;
		close(sv[0]);
		close(sv[1]);
		return result(req, err, resp);
	}
	b->relay[b->n_relays++] = (struct relay){ sv[0], st.st_dev, st.st_ino, -1 };
	return send_fd(b, req, sv[1], type & SOCK_CLOEXEC, resp);
}

static struct relay *relay_of(struct broker *b, int sock)
{
	struct stat st;
	if (fstat(sock, &st) < 0)
		return NULL;
	for (size_t i = 0; i < b->n_relays; i++)
		if (b->relay[i].dev == st.st_dev && b->relay[i].theirs == st.st_ino)
			return &b->relay[i];
	return NULL;
}

/* A relay's connect: the broker's own datagram socket goes to the
 * endpoint, as the target's would have. */
static int connect_relay(struct relay *r, const struct sockaddr_storage *ss, size_t len)
{
	int dest = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (dest < 0)
		return errno;
	if (connect(dest, (const struct sockaddr *)ss, (socklen_t)len) < 0) {
		int err = errno;
		close(dest);
		return err;
	}
	if (r->dest >= 0)
		close(r->dest);
	r->dest = dest;
	return 0;
}

size_t broker_poll_fds(const struct broker *b, struct pollfd *pfd, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < b->n_relays && n < max; i++)
		pfd[n++] = (struct pollfd){ b->relay[i].ours, POLLIN, 0 };
	return n;
}

/* Each message on to the endpoint (none before the target connected);
 * descriptors passed along are dropped: the broker asks for none. */
static bool relay_once(struct relay *r)
{
	char buf[65536];
	ssize_t n = recv(r->ours, buf, sizeof buf, MSG_DONTWAIT);
	if (n < 0)
		return errno == EAGAIN || errno == EINTR;
	if (n == 0)
		return false; /* every copy of the target's end is closed */
	if (r->dest >= 0 && send(r->dest, buf, (size_t)n, MSG_DONTWAIT | MSG_NOSIGNAL) < 0)
		msg_verbose("relay: %s", strerror(errno));
	return true;
}

void broker_relay(struct broker *b, const struct pollfd *pfd, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct relay *r = NULL;
		for (size_t j = 0; j < b->n_relays && !r; j++)
			if (b->relay[j].ours == pfd[i].fd)
				r = &b->relay[j];
		if (!r || !pfd[i].revents || relay_once(r))
			continue;
		close(r->ours);
		if (r->dest >= 0)
			close(r->dest);
		*r = b->relay[--b->n_relays];
	}
}

/* ---- connections ---- */

static bool endpoint_matches(const struct endpoint *e, const struct sockaddr_storage *ss,
			     size_t len)
{
	const struct sockaddr_in *in = (const void *)ss;
	const struct sockaddr_in6 *in6 = (const void *)ss;
	const struct sockaddr_un *un = (const void *)ss;
	if (ss->ss_family != e->family)
		return false;
	if (e->family == AF_INET)
		return len >= sizeof *in && ntohs(in->sin_port) == e->port &&
		       memcmp(&in->sin_addr, e->addr, 4) == 0;
	if (e->family == AF_INET6)
		return len >= sizeof *in6 && ntohs(in6->sin6_port) == e->port &&
		       memcmp(&in6->sin6_addr, e->addr, 16) == 0;
	size_t plen = len - offsetof(struct sockaddr_un, sun_path);
	return len > offsetof(struct sockaddr_un, sun_path) && un->sun_path[0] &&
	       strnlen(un->sun_path, plen) == strlen(e->path) &&
	       strncmp(un->sun_path, e->path, plen) == 0;
}

/* Connects the target's socket fd to the address it named, which the
 * broker has compared: its own copy, so a change meanwhile reaches
 * nothing. */
static enum broker_answer socket_call_for(struct broker *b, const struct seccomp_notif *req,
					  pid_t tgid, int fd, const struct sockaddr_storage *ss,
					  size_t len, struct seccomp_notif_resp *resp)
{
	int pidfd = (int)syscall(SYS_pidfd_open, tgid, 0);
	int sock = pidfd < 0 ? -1 : (int)syscall(SYS_pidfd_getfd, pidfd, fd, 0);
	int err = sock < 0 ? errno : 0;
	struct relay *r = sock < 0 || req->data.nr == SYS_bind ? NULL : relay_of(b, sock);
	int (*call)(int, const struct sockaddr *, socklen_t) = req->data.nr == SYS_bind ? bind :
											  connect;
	if (r)
		err = connect_relay(r, ss, len);
	else if (sock >= 0 && call(sock, (const struct sockaddr *)ss, (socklen_t)len) < 0)
		err = errno;
	if (sock >= 0)
		close(sock);
	if (pidfd >= 0)
		close(pidfd);
	return result(req, err, resp);
}

/* What the promises allow of an address, where Landlock cannot say it on
 * this kernel: no abstract Unix socket below ABI 6 (its scope), TCP only
 * to the profile's ports below ABI 4. NULL, or why not. */
static const char *scope_refuses(const struct policy *p, const struct sockaddr_storage *ss,
				 size_t len, bool bind)
{
	const struct sockaddr_un *un = (const void *)ss;
	const struct sockaddr_in *in = (const void *)ss;
	/* Landlock's scope is on connecting (and sending), not on binding. */
	if (ss->ss_family == AF_UNIX && len > offsetof(struct sockaddr_un, sun_path) &&
	    !un->sun_path[0] && !bind && landlock_below(p, 6))
		return "an abstract Unix socket, outside the sandbox";
	if ((ss->ss_family != AF_INET && ss->ss_family != AF_INET6) || !p->restrict_tcp ||
	    !landlock_below(p, 4))
		return NULL;
	for (size_t i = 0; i < p->n_ports; i++)
		if (p->ports[i].bind == bind && p->ports[i].port == ntohs(in->sin_port))
			return NULL; /* sin_port and sin6_port share their place */
	return bind ? "a TCP port the profile does not let it bind" :
		      "a TCP port the profile does not let it connect to";
}

/* connect, and bind below Landlock ABI 4: an endpoint of a preload rule, or
 * what the promises grant within the scopes; made by the broker itself with
 * the address it compared (a continued call would read it again). */
static enum broker_answer broker_connect(struct broker *b, const struct seccomp_notif *req,
					 pid_t tgid, struct seccomp_notif_resp *resp, char *why,
					 size_t size)
{
	const uint64_t *a = (const uint64_t *)req->data.args;
	bool bind = req->data.nr == SYS_bind;
	struct sockaddr_storage ss;
	memset(&ss, 0, sizeof ss);
	size_t len = a[2] < sizeof ss ? (size_t)a[2] : sizeof ss;
	if (decode_read_remote((pid_t)req->pid, a[1], (char *)&ss, len, false) != len ||
	    len < sizeof(sa_family_t))
		return policy_grants_call(b->p, req->data.nr, a, tgid) ? result(req, EFAULT, resp) :
									 BROKER_NOT_MINE;
	for (size_t i = 0; !bind && i < b->p->n_endpoints; i++)
		if (endpoint_matches(&b->p->endpoints[i], &ss, len))
			return socket_call_for(b, req, tgid, (int)a[0], &ss, len, resp);
	if (!policy_grants_call(b->p, req->data.nr, a, tgid)) {
		if (!b->p->n_endpoints)
			return BROKER_NOT_MINE;
		const struct endpoint *e = &b->p->endpoints[0];
		return refuse(why, size, "not an endpoint a preload rule names (%s: %s)",
			      e->family == AF_UNIX ? e->path : "a TCP address", e->why);
	}
	const char *scope = scope_refuses(b->p, &ss, len, bind);
	if (scope)
		return refuse(why, size,
			      "%s (Landlock ABI %d cannot scope it here; the filter "
			      "and the supervisor do)",
			      scope, b->p->landlock_abi);
	return socket_call_for(b, req, tgid, (int)a[0], &ss, len, resp);
}

/* ---- signals, below Landlock ABI 6 ---- */

static bool is_signal_call(int nr)
{
	return nr == SYS_kill || nr == SYS_tgkill || nr == SYS_rt_sigqueueinfo ||
	       nr == SYS_rt_tgsigqueueinfo;
}

static pid_t parent_of(pid_t pid)
{
	char path[64], buf[512];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf - 1);
	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* "PID (COMM) STATE PPID": COMM may hold anything, so from its last ')'. */
	const char *close_paren = strrchr(buf, ')');
	int ppid = 0;
	return close_paren && sscanf(close_paren + 1, " %*c %d", &ppid) == 1 ? ppid : 0;
}

/* The sandbox's own processes: the target and what descends from it; not
 * the supervisor, which the target started (clone) but which is outside. */
static bool own_process(const struct broker *b, pid_t pid)
{
	if (pid <= 0 || pid == getpid())
		return false;
	for (int depth = 0; pid > 1 && depth < 4096; depth++, pid = parent_of(pid))
		if (pid == b->target)
			return true;
	return false;
}

/* kill, tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo to a process outside the
 * caller's own: allowed to the sandbox's own processes (what Landlock's
 * signal scope allows from ABI 6), never to a group or to -1. The caller's
 * own process goes on; another is signalled through a pidfd taken before
 * the check, so a pid reused meanwhile is not hit. */
static enum broker_answer broker_signal(struct broker *b, const struct seccomp_notif *req,
					pid_t tgid, struct seccomp_notif_resp *resp, char *why,
					size_t size)
{
	const uint64_t *a = (const uint64_t *)req->data.args;
	pid_t pid = (pid_t)a[0];
	if (!policy_grants_call(b->p, req->data.nr, a, tgid))
		return BROKER_NOT_MINE;
	if (pid == tgid)
		return go_on(b, req, tgid, resp);
	int pidfd = pid > 0 ? (int)syscall(SYS_pidfd_open, pid, 0) : -1;
	if (pidfd < 0 || !own_process(b, pid)) {
		if (pidfd >= 0)
			close(pidfd);
		return refuse(why, size,
			      "signals reach the sandbox's own processes only "
			      "(Landlock ABI %d has no signal scope; the supervisor keeps it)",
			      b->p->landlock_abi);
	}
	long r;
	if (req->data.nr == SYS_kill)
		r = syscall(SYS_pidfd_send_signal, pidfd, (int)a[1], NULL, 0);
	else if (req->data.nr == SYS_tgkill)
		r = syscall(SYS_tgkill, pid, (pid_t)a[1], (int)a[2]);
	else
		r = -2; /* with a siginfo of the caller's: the kernel runs it */
	int err = r == -1 ? errno : 0;
	close(pidfd);
	if (r == -2)
		return go_on(b, req, tgid, resp);
	return result(req, err, resp);
}

/* ---- truncation by path, below Landlock ABI 3 ---- */

static bool is_truncate_call(int nr)
{
#ifdef SYS_truncate64
	if (nr == SYS_truncate64)
		return true;
#endif
	return nr == SYS_truncate;
}

/* Landlock checks truncation from ABI 3 on; below it, truncate(path) would
 * cut any file the sandbox may read. A declared output is truncated by the
 * broker beneath its directory; anything else is refused. */
static enum broker_answer broker_truncate(struct broker *b, const struct seccomp_notif *req,
					  pid_t tgid, struct seccomp_notif_resp *resp, char *why,
					  size_t size)
{
	const uint64_t *a = (const uint64_t *)req->data.args;
	char path[PATH_MAX];
	const char *name;
	if (!policy_grants_call(b->p, req->data.nr, a, tgid))
		return BROKER_NOT_MINE;
	if (!read_path((pid_t)req->pid, a[0], path))
		return result(req, EFAULT, resp);
	int dir = open_parent((pid_t)req->pid, AT_FDCWD, path, &name);
	int i = dir < 0 ? -1 : output_named(b, dir, name);
	if (dir >= 0)
		close(dir);
	if (i < 0 || b->p->outputs[i].pattern)
		return refuse(why, size,
			      "truncation by path of %s: Landlock ABI %d cannot check it "
			      "(only declared outputs; open the file for writing and ftruncate it)",
			      name, b->p->landlock_abi);
	int fd = openat(b->out_dir[i], name, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	int err = fd < 0 || ftruncate(fd, (off_t)a[1]) < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	return result(req, err, resp);
}

/* ---- the entry points ---- */

enum broker_answer broker_handle(struct broker *b, const struct seccomp_notif *req, pid_t tgid,
				 struct seccomp_notif_resp *resp, char *why, size_t size)
{
	const struct policy *p = b->p;
	const uint64_t *args = (const uint64_t *)req->data.args;
	struct open_call c;
	if (policy_brokers_sockets(p) && (req->data.nr == SYS_connect || req->data.nr == SYS_bind))
		return broker_connect(b, req, tgid, resp, why, size);
	if (is_signal_call(req->data.nr) && landlock_below(p, 6))
		return broker_signal(b, req, tgid, resp, why, size);
	if (is_truncate_call(req->data.nr) && landlock_below(p, 3))
		return broker_truncate(b, req, tgid, resp, why, size);
	if (req->data.nr == SYS_socket && unix_endpoints(p) && args[0] == AF_UNIX &&
	    (args[1] & 0xf) == SOCK_DGRAM && !policy_grants_call(p, SYS_socket, args, tgid))
		return serve_dgram_socket(b, req, resp);
	struct path_call pc;
	if (has_trees(p) && tree_call(req->data.nr, args, &pc))
		return broker_tree_call(b, req, tgid, &pc, resp, why, size);
	if (!open_call(req->data.nr, args, &c))
		return BROKER_NOT_MINE;
	if (p->n_outputs && (c.flags & OPEN_WRITE_BITS))
		return broker_open_call(b, req, tgid, &c, resp, why, size);
	if (p->listable.n && (c.flags & O_DIRECTORY))
		return serve_listing(b, req, tgid, &c, resp);
	return BROKER_NOT_MINE;
}

int broker_refusal_errno(const struct seccomp_notif *req)
{
	return req->data.nr == SYS_connect ? ECONNREFUSED : EACCES;
}

static int open_dir(const char *path)
{
	int fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		msg_verbose("broker: cannot open %s: %s; nothing is served there", path,
			    strerror(errno));
	return fd;
}

void broker_open(struct broker *b, const struct policy *p, int listener, pid_t target)
{
	*b = (struct broker){ .p = p, .listener = listener, .target = target };
	b->out_dir = xcalloc(p->n_outputs + 1, sizeof *b->out_dir);
	b->list_dir = xcalloc(p->listable.n + 1, sizeof *b->list_dir);
	for (size_t i = 0; i < p->n_outputs; i++)
		b->out_dir[i] = open_dir(p->outputs[i].dir);
	for (size_t i = 0; i < p->listable.n; i++)
		b->list_dir[i] = open_dir(p->listable.item[i]);
}

void broker_close(struct broker *b)
{
	for (size_t i = 0; b->out_dir && i < b->p->n_outputs; i++)
		if (b->out_dir[i] >= 0)
			close(b->out_dir[i]);
	for (size_t i = 0; b->list_dir && i < b->p->listable.n; i++)
		if (b->list_dir[i] >= 0)
			close(b->list_dir[i]);
	free(b->out_dir);
	free(b->list_dir);
	for (size_t i = 0; i < b->n_relays; i++) {
		close(b->relay[i].ours);
		if (b->relay[i].dest >= 0)
			close(b->relay[i].dest);
	}
	strlist_free(&b->created);
	free(b->made);
	free(b->made_slots);
}
