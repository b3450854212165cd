/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "apply/tmpdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

/* Where the programs of the shipped tmppath profiles (gs, groff, nroff,
 * grops, identify) put temporary files, first match first, as read in
 * their sources and checked on Debian 12 with strace -f -e trace=%file,
 * each variable set alone and then behind the others:
 *
 *   gs 10.00            TMPDIR, TEMP, else "/tmp/" (gp_gettmpdir)
 *   groff 1.22.4        GROFF_TMPDIR, TMPDIR, else P_tmpdir (libgroff's
 *                       xtmpfile: grops, pre-grohtml, post-grohtml, refer;
 *                       it reads TMP and TEMP only on Windows); nroff is a
 *                       shell script that runs groff
 *   ImageMagick 6.9.11  -define registry:temporary-path=DIR, then
 *                       MAGICK_TEMPORARY_PATH, MAGICK_TMPDIR, TMPDIR, else
 *                       P_tmpdir; a "temporary-path" resource in its
 *                       policy.xml overrides them all (Debian's leaves it
 *                       commented out), and a variable that names no
 *                       directory makes it use the working directory
 *
 * None of them calls tmpfile(3), which creates in P_tmpdir (/tmp) whatever
 * the environment says, nor uses a fixed /tmp name: what the variables say
 * is all they write. So every variable that comes before TMPDIR anywhere
 * is set too, or a user's GROFF_TMPDIR=/var/tmp would send groff where
 * Landlock refuses it. */
static const struct {
	const char *name;
	const char *readers;
} tmp_vars[] = {
	{ "TMPDIR", "gs, groff, ImageMagick, glibc's tempnam(3), most programs" },
	{ "TEMP", "gs when TMPDIR is unset" },
	{ "TMP", "no shipped program; set so that none names another directory" },
	{ "GROFF_TMPDIR", "groff's programs, before TMPDIR" },
	{ "MAGICK_TEMPORARY_PATH", "ImageMagick, before MAGICK_TMPDIR and TMPDIR" },
	{ "MAGICK_TMPDIR", "ImageMagick, before TMPDIR" },
};

#define RUN_PREFIX "run-"
/* Left-overs removed by one start; more wait for the next ones, so that a
 * start never takes long. */
#define MAX_COLLECT 16
/* Directories open at once while removing: a deeper one is first moved up
 * to the top (hoist), so a hostile tree of any depth needs no more
 * descriptors and no more stack than this. */
#define MAX_DEPTH 32

static bool others_may_write(mode_t mode)
{
	return (mode & (S_IWGRP | S_IWOTH)) != 0;
}

char *tmpdir_parent(void)
{
	const char *run = getenv("XDG_RUNTIME_DIR");
	struct stat st;
	if (run && run[0] == '/' && stat(run, &st) == 0 && S_ISDIR(st.st_mode) &&
	    st.st_uid == geteuid() && !others_may_write(st.st_mode))
		return xstrjoin(run, "/sandbox-run", NULL);
	if (run && *run)
		msg_verbose("XDG_RUNTIME_DIR=%s is not a directory of yours that only you may "
			    "write: the private temporary directory goes to /tmp",
			    run);
	/* Root's in /run, which no other user can write: in /tmp anyone could
	 * make /tmp/sandbox-run-0 first and stop root's tmppath commands. */
	if (geteuid() == 0)
		return xstrdup("/run/sandbox-run");
	char uid[16];
	put_uint(uid, (unsigned)geteuid());
	return xstrjoin("/tmp/sandbox-run-", uid, NULL);
}

/* Another user's directory there (or a link to one) would let them read or
 * swap the temporary files of every run: refused, never repaired. */
static void __attribute__((noreturn)) refuse_parent(const char *parent, const char *why)
{
	die("private temporary directory: %s %s; remove it%s (promise tmppath makes it "
	    "itself, mode 0700)",
	    parent, why,
	    strncmp(parent, "/tmp/", 5) == 0 ?
		    ", or set XDG_RUNTIME_DIR to a directory of yours that only you may write" :
		    "");
}

static void __attribute__((noreturn)) refuse_owner(const char *parent, uid_t owner)
{
	char *why = xasprintf("belongs to uid %u, not to you (uid %u)", (unsigned)owner,
			      (unsigned)geteuid());
	refuse_parent(parent, why);
}

/* Why open() failed, when the cause is one to refuse (someone else's
 * directory is also unreadable to us). */
static void refuse_unopened(const char *parent)
{
	struct stat st;
	if (lstat(parent, &st) < 0)
		return;
	if (S_ISLNK(st.st_mode))
		refuse_parent(parent, "is a symbolic link");
	if (!S_ISDIR(st.st_mode))
		refuse_parent(parent, "is not a directory");
	if (st.st_uid != geteuid())
		refuse_owner(parent, st.st_uid);
}

static int open_dir_nofollow(const char *path)
{
	return open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/* The parent, made when missing (not its own parents), and checked. */
static int open_parent(const char *parent)
{
	int fd = open_dir_nofollow(parent), err = errno;
	if (fd < 0 && err == ENOENT) {
		mode_t old = umask(077);
		if (mkdir(parent, 0700) < 0 && errno != EEXIST)
			die("private temporary directory: cannot make %s: %s", parent,
			    strerror(errno));
		umask(old);
		fd = open_dir_nofollow(parent);
		err = errno;
	}
	struct stat st;
	if (fd < 0)
		refuse_unopened(parent);
	if (fd < 0 || fstat(fd, &st) < 0)
		die("private temporary directory: cannot open %s: %s", parent,
		    strerror(fd < 0 ? err : errno));
	/* What counts is what was opened, not what a path named a moment ago. */
	if (st.st_uid != geteuid())
		refuse_owner(parent, st.st_uid);
	if (others_may_write(st.st_mode)) {
		char *why = xasprintf("may be written by others (mode %04o)",
				      (unsigned)(st.st_mode & 07777));
		refuse_parent(parent, why);
	}
	return fd;
}

/* A subdirectory as an O_PATH descriptor, its mode put back to 0700
 * whatever the target gave it (mkdir(name, 0) takes no fattr): it is the
 * user's. Opened without following a link and changed through
 * /proc/self/fd, which names that very inode, so a name swapped meanwhile
 * changes nothing elsewhere. */
static int open_restored(int dir, const char *name)
{
	int path = openat(dir, name, O_PATH | O_NOFOLLOW | O_DIRECTORY | O_CLOEXEC);
	if (path < 0)
		return -errno;
	struct stat st;
	if (fstat(path, &st) == 0 && (st.st_mode & S_IRWXU) != S_IRWXU) {
		char proc[32] = "/proc/self/fd/";
		put_uint(proc + strlen(proc), (unsigned)path);
		if (chmod(proc, S_IRWXU) < 0)
			msg_verbose("cannot make %s searchable: %s", name, strerror(errno));
	}
	return path;
}

static int open_subdir(int dir, const char *name)
{
	int path = open_restored(dir, name);
	if (path < 0)
		return path;
	int fd = openat(path, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int err = errno;
	close(path);
	return fd < 0 ? -err : fd;
}

/* Moves a too deep directory up to the top, under a new name (moving a
 * directory elsewhere needs write access to it): the top is emptied again
 * until nothing was moved. */
static int hoist(int top, int dir, const char *name, bool *hoisted)
{
	static unsigned serial;
	int path = open_restored(dir, name);
	if (path < 0)
		return path;
	close(path);
	for (int tries = 0; tries < 1000; tries++) {
		char to[32] = "deep-";
		put_uint(to + strlen(to), serial++);
		if (renameat2(dir, name, top, to, RENAME_NOREPLACE) == 0) {
			*hoisted = true;
			return 0;
		}
		if (errno != EEXIST)
			return -errno;
	}
	return -EEXIST;
}

static int empty_dir(int top, int dir, int depth, bool *hoisted);

/* One entry of dir, whatever it is; a directory with all it holds. */
static int remove_entry(int top, int dir, const char *name, int depth, bool *hoisted)
{
	if (unlinkat(dir, name, 0) == 0)
		return 0;
	if (errno != EISDIR)
		return -errno;
	if (depth + 1 >= MAX_DEPTH)
		return hoist(top, dir, name, hoisted);
	int sub = open_subdir(dir, name);
	if (sub < 0)
		return sub;
	int r = empty_dir(top, sub, depth + 1, hoisted);
	if (unlinkat(dir, name, AT_REMOVEDIR) < 0 && r == 0)
		r = -errno;
	return r;
}

/* Removes what dir holds and closes dir. The first error is returned, but
 * the rest is still removed. */
static int empty_dir(int top, int dir, int depth, bool *hoisted)
{
	DIR *d = fdopendir(dir);
	if (!d) {
		int err = errno;
		close(dir);
		return -err;
	}
	int r = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		int err = remove_entry(top, dirfd(d), e->d_name, depth, hoisted);
		if (err < 0 && r == 0)
			r = err;
	}
	closedir(d);
	return r;
}

/* Everything beneath the directory open as fd (which stays open). */
static int empty_tree(int fd)
{
	int r;
	bool hoisted;
	/* A target under fattr may have taken its own rights away. */
	if (fchmod(fd, S_IRWXU) < 0)
		msg_verbose("cannot restore the mode of a private temporary directory: %s",
			    strerror(errno));
	do {
		hoisted = false;
		int dup_fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
		if (dup_fd < 0)
			return -errno;
		/* Rewound: a shared offset may be anywhere. */
		lseek(dup_fd, 0, SEEK_SET);
		r = empty_dir(dup_fd, dup_fd, 0, &hoisted);
	} while (hoisted && r == 0);
	return r;
}

int tmpdir_remove(struct tmpdir *t)
{
	if (!t->path)
		return 0;
	int r = empty_tree(t->fd);
	/* By name, while the lock is still held: a collector that opened the
	 * directory meanwhile finds it removed (no links) once it gets the lock. */
	if (rmdir(t->path) < 0 && r == 0)
		r = -errno;
	close(t->fd);
	t->fd = -1;
	return r;
}

struct leftover {
	int fd;
	char name[NAME_MAX + 1];
};

/* Left-overs of dead runs, locked now, so that no other start takes them;
 * called with the parent locked exclusively, so no run is between making
 * its directory and locking it. One whose lock is held is alive. */
static size_t claim_leftovers(int parent, struct leftover *dead)
{
	int fd = fcntl(parent, F_DUPFD_CLOEXEC, 3);
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	if (!d) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	size_t n = 0;
	struct dirent *e;
	while (n < MAX_COLLECT && (e = readdir(d))) {
		if (strncmp(e->d_name, RUN_PREFIX, strlen(RUN_PREFIX)) != 0)
			continue;
		int run = openat(parent, e->d_name,
				 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		struct stat st;
		if (run < 0)
			continue;
		/* No links: its supervisor removed it as we opened it. */
		if (flock(run, LOCK_EX | LOCK_NB) < 0 || fstat(run, &st) < 0 || st.st_nlink == 0) {
			close(run);
			continue;
		}
		dead[n].fd = run;
		copy_bounded(dead[n].name, sizeof dead[n].name, e->d_name);
		n++;
	}
	closedir(d);
	return n;
}

static void remove_leftovers(int parent, const char *parent_path, struct leftover *dead, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int r = empty_tree(dead[i].fd);
		if (r == 0 && unlinkat(parent, dead[i].name, AT_REMOVEDIR) < 0)
			r = -errno;
		if (r < 0)
			msg_verbose("cannot remove %s/%s, left by a run that died: %s", parent_path,
				    dead[i].name, strerror(-r));
		else
			msg_verbose("removed %s/%s, left by a run that died", parent_path,
				    dead[i].name);
		close(dead[i].fd);
	}
}

static void make_run_dir(struct tmpdir *t, const char *parent, int parent_fd)
{
	char *path = xstrjoin(parent, "/" RUN_PREFIX "XXXXXX", NULL);
	mode_t old = umask(077);
	char *made = mkdtemp(path);
	int err = errno;
	umask(old);
	if (!made)
		die("private temporary directory: cannot make one in %s: %s", parent,
		    strerror(err));
	int fd = openat(parent_fd, path_base(path),
			O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || flock(fd, LOCK_EX | LOCK_NB) < 0)
		die("private temporary directory: cannot lock %s: %s", path, strerror(errno));
	t->path = path;
	t->fd = fd;
}

void tmpdir_create_in(struct tmpdir *t, const char *parent)
{
	int dir = open_parent(parent);
	struct leftover dead[MAX_COLLECT];
	size_t n = 0;
	/* Collectors hold the parent exclusively, a run making its directory
	 * holds it shared: no collector sees a new directory before its lock.
	 * Busy: someone else is collecting now. */
	if (flock(dir, LOCK_EX | LOCK_NB) == 0)
		n = claim_leftovers(dir, dead);
	if (flock(dir, LOCK_SH) < 0)
		die("private temporary directory: cannot lock %s: %s", parent, strerror(errno));
	make_run_dir(t, parent, dir);
	flock(dir, LOCK_UN);
	remove_leftovers(dir, parent, dead, n);
	close(dir);
	msg_verbose("private temporary directory %s", t->path);
}

void tmpdir_create(struct tmpdir *t)
{
	char *parent = tmpdir_parent();
	tmpdir_create_in(t, parent);
	free(parent);
}

void tmpdir_export(const struct tmpdir *t)
{
	for (size_t i = 0; i < sizeof tmp_vars / sizeof tmp_vars[0]; i++)
		if (setenv(tmp_vars[i].name, t->path, 1) < 0)
			die("cannot set %s (read by %s): %s", tmp_vars[i].name, tmp_vars[i].readers,
			    strerror(errno));
}
