/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "supervise/pathcheck.h"

#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalogue/pathcalls.h"
#include "supervise/decode.h"
#include "base/util.h"

/* Neither Landlock right nor profile key: a device, FIFO or socket made by
 * mknod (Landlock's MAKE_CHAR, MAKE_BLOCK, MAKE_FIFO, MAKE_SOCK, which no
 * grant includes). Beyond enum access. */
#define ACC_SPECIAL (1u << 15)

#define TMPFILE_FLAGS (020000000 | O_DIRECTORY)

bool pathcheck_call(int nr)
{
	return pathcall_find(nr) != NULL;
}

/* ---- the caller's view of a path ---- */

/* The directory a path of tid is looked up from, as the kernel would. */
static int lookup_base(pid_t tid, int dirfd, const char *path)
{
	char link[64];
	if (path[0] == '/')
		snprintf(link, sizeof link, "/");
	else if (dirfd == AT_FDCWD || dirfd < 0)
		snprintf(link, sizeof link, "/proc/%d/cwd", (int)tid);
	else
		snprintf(link, sizeof link, "/proc/%d/fd/%d", (int)tid, dirfd);
	return open(link, O_PATH | O_DIRECTORY | O_CLOEXEC);
}

/* An empty name never reaches Landlock: the kernel answers ENOENT first
 * (Archive::Zip's symlink("", "") probe under exiftool), or it means the
 * descriptor itself (AT_EMPTY_PATH, checked when it was opened). */
static bool read_path(pid_t tid, uint64_t addr, char *buf)
{
	size_t n = decode_read_remote(tid, addr, buf, PATH_MAX, true);
	return n > 0 && memchr(buf, '\0', n) != NULL && buf[0] != '\0';
}

/* Names that mean the process looking them up, which the supervisor must
 * look up as the target's (snoopy's /proc/self/loginuid, file's /dev/fd/63). */
static const struct {
	const char *prefix, *as; /* as: what follows /proc/PID */
	bool task; /* then /task/PID first */
} own_names[] = {
	{ "/proc/self", "", false },       { "/proc/thread-self", "", true },
	{ "/dev/fd", "/fd", false },       { "/dev/stdin", "/fd/0", false },
	{ "/dev/stdout", "/fd/1", false }, { "/dev/stderr", "/fd/2", false },
};

/* path as process pid sees it, in buf; path itself when it is not one. */
static const char *as_seen_by(pid_t pid, const char *path, char buf[PATH_MAX])
{
	for (size_t i = 0; i < sizeof own_names / sizeof own_names[0]; i++) {
		size_t len = strlen(own_names[i].prefix);
		if (strncmp(path, own_names[i].prefix, len) != 0 || (path[len] && path[len] != '/'))
			continue;
		char proc[64];
		snprintf(proc, sizeof proc, own_names[i].task ? "/proc/%d/task/%d" : "/proc/%d",
			 (int)pid, (int)pid);
		if (strlen(proc) + strlen(own_names[i].as) + strlen(path + len) >= PATH_MAX)
			return path;
		strcpy(stpcpy(stpcpy(buf, proc), own_names[i].as), path + len);
		return buf;
	}
	return path;
}

/* The file path names, as an O_PATH descriptor; -1 if there is none. */
static int open_object(pid_t tid, int dirfd, const char *path, bool follow)
{
	char buf[PATH_MAX];
	int base = lookup_base(tid, dirfd, path);
	if (base < 0)
		return -1;
	int fd = openat(base, as_seen_by(tid, path, buf),
			O_PATH | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));
	close(base);
	return fd;
}

/* The directory path's last component is in (O_PATH), with that component
 * copied to name; -1 if there is none. Trailing slashes are not components. */
static int open_parent(pid_t tid, int dirfd, const char *path, char name[NAME_MAX + 1])
{
	char copy[PATH_MAX];
	copy_bounded(copy, sizeof copy, path);
	size_t len = strlen(copy);
	while (len > 1 && copy[len - 1] == '/')
		copy[--len] = '\0';
	char *slash = strrchr(copy, '/');
	copy_bounded(name, NAME_MAX + 1, slash ? slash + 1 : copy);
	if (slash)
		slash == copy ? (void)(slash[1] = '\0') : (void)(*slash = '\0');
	else
		strcpy(copy, ".");
	return open_object(tid, dirfd, copy, true);
}

/* ---- comparing with the grants, inode by inode ---- */

/* The grants' files, stat()ed once: a check compares inodes only. The
 * supervisor serves one policy, whose grants are all made before it
 * starts; so the table is the process's own. */
struct granted_inode {
	dev_t dev;
	ino_t ino;
	unsigned access;
};

static struct granted_inode *inodes;
static size_t n_inodes;
/* The command line's words as files (argv_word), resolved like the grants
 * from the launcher's working directory, which the supervisor leaves. */
static char **argv_real;

static char *word_path(const char *word)
{
	char *real = realpath(word, NULL);
	if (real)
		return real;
	char *dir = xpath_dir(word), *rdir = realpath(dir, NULL);
	real = rdir ? xstrjoin(strcmp(rdir, "/") ? rdir : "", "/", path_base(word), NULL) : NULL;
	free(rdir);
	free(dir);
	return real;
}

void pathcheck_prepare(const struct policy *p, pid_t target)
{
	inodes = xcalloc(p->n_grants + 1, sizeof *inodes);
	for (size_t i = 0; i < p->n_grants; i++) {
		struct stat g;
		char buf[PATH_MAX];
		if (stat(as_seen_by(target, p->grants[i].path, buf), &g) == 0)
			inodes[n_inodes++] = (struct granted_inode){ g.st_dev, g.st_ino,
								     p->grants[i].access };
	}
	argv_real = xcalloc((size_t)p->argc + 1, sizeof *argv_real);
	for (int i = 1; i < p->argc; i++) {
		const char *word = p->argv[i], *eq = word[0] == '-' ? strchr(word, '=') : NULL;
		argv_real[i] = word_path(eq ? eq + 1 : word);
	}
}

static unsigned grants_on(const struct stat *st)
{
	unsigned access = 0;
	for (size_t i = 0; i < n_inodes; i++)
		if (inodes[i].dev == st->st_dev && inodes[i].ino == st->st_ino)
			access |= inodes[i].access;
	return access;
}

/* The access the grants give fd's file through itself and every directory
 * above it (Landlock's rule on a directory holds beneath it); all of it
 * when the file is outside the tree (a pipe, a deleted file). Its path,
 * symbolic links resolved, to real. */
static unsigned granted(int fd, char real[PATH_MAX])
{
	char link[64];
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, real, PATH_MAX - 1);
	if (n <= 0 || real[0] != '/')
		return ~0u;
	real[n] = '\0';
	struct stat st;
	if (fstat(fd, &st) < 0 || st.st_nlink == 0)
		return ~0u;
	unsigned access = grants_on(&st);
	char dir[PATH_MAX];
	copy_bounded(dir, sizeof dir, real);
	for (char *slash; (slash = strrchr(dir, '/'));) {
		slash == dir ? (void)(slash[1] = '\0') : (void)(*slash = '\0');
		if (stat(dir, &st) == 0)
			access |= grants_on(&st);
		if (slash == dir)
			break;
	}
	return access;
}

/* Whether the access needed on the existing file path names is granted;
 * true when there is no such file (the kernel answers ENOENT itself). */
static bool check_object(pid_t tid, int dirfd, const char *path, bool follow, unsigned need,
			 struct path_refusal *r)
{
	int fd = open_object(tid, dirfd, path, follow);
	if (fd < 0)
		return true;
	struct stat st;
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode) && (need & ACC_READ_FILE))
		need = (need & ~ACC_READ_FILE) | ACC_READ_DIR;
	unsigned missing = need & ~granted(fd, r->path);
	close(fd);
	r->access = missing;
	r->in_dir = false;
	return missing == 0;
}

/* Whether the access needed in the directory of path's last component is
 * granted (making or removing a name there). */
static bool check_in_dir(pid_t tid, int dirfd, const char *path, unsigned need,
			 struct path_refusal *r)
{
	char name[NAME_MAX + 1], dir[PATH_MAX];
	int fd = open_parent(tid, dirfd, path, name);
	if (fd < 0)
		return true;
	unsigned missing = need & ~granted(fd, dir);
	close(fd);
	if (strlen(dir) + 1 + strlen(name) >= sizeof r->path)
		return true; /* ENAMETOOLONG, from the kernel */
	strcpy(stpcpy(stpcpy(r->path, dir), strcmp(dir, "/") ? "/" : ""), name);
	r->access = missing;
	r->in_dir = true;
	return missing == 0;
}

static unsigned open_access(int flags)
{
	unsigned need = (flags & O_TRUNC) ? ACC_WRITE : 0;
	switch (flags & O_ACCMODE) {
	case O_RDONLY:
		return need | ACC_READ_FILE;
	case O_WRONLY:
		return need | ACC_WRITE;
	default:
		return need | ACC_READ_FILE | ACC_WRITE;
	}
}

static bool check_open(pid_t tid, int dirfd, const char *path, int flags, struct path_refusal *r)
{
	if (flags & O_PATH)
		return true; /* Landlock checks what is done with the descriptor, not this */
	if ((flags & TMPFILE_FLAGS) == TMPFILE_FLAGS) {
		/* O_TMPFILE names the directory the file is made in. */
		bool ok = check_object(tid, dirfd, path, true, ACC_CREATE, r);
		r->in_dir = true;
		return ok;
	}
	int fd = open_object(tid, dirfd, path, !(flags & O_NOFOLLOW));
	if (fd >= 0) {
		close(fd);
		if ((flags & O_CREAT) && (flags & O_EXCL))
			return true; /* EEXIST, from the kernel */
		return check_object(tid, dirfd, path, !(flags & O_NOFOLLOW), open_access(flags), r);
	}
	return !(flags & O_CREAT) || check_in_dir(tid, dirfd, path, ACC_CREATE, r);
}

/* What making or removing path's kind of file needs in its directory. */
static unsigned tree_access(pid_t tid, int dirfd, const char *path)
{
	int fd = open_object(tid, dirfd, path, false);
	struct stat st;
	bool dir = fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
	if (fd >= 0)
		close(fd);
	return dir ? ACC_MAKE_TREE : ACC_CREATE;
}

static unsigned mknod_access(mode_t mode)
{
	return (mode & S_IFMT) == 0 || S_ISREG(mode) ? ACC_CREATE : ACC_SPECIAL;
}

/* /proc/TID/... back to /proc/self/..., the name a profile grants. */
static void name_own(pid_t tid, char path[PATH_MAX])
{
	char proc[32];
	int n = snprintf(proc, sizeof proc, "/proc/%d", (int)tid);
	char tail[PATH_MAX];
	if (strncmp(path, proc, (size_t)n) != 0 || (path[n] != '/' && path[n]) ||
	    strlen(path + n) + sizeof "/proc/self" > sizeof tail)
		return;
	strcpy(tail, path + n);
	strcpy(stpcpy(path, "/proc/self"), tail);
}

static int dirfd_arg(const uint64_t *args, int i)
{
	return i < 0 ? AT_FDCWD : (int)args[i];
}

bool pathcheck_refused(const struct policy *p, pid_t tid, int nr, const uint64_t args[6],
		       struct path_refusal *r)
{
	const struct pathcall *call = pathcall_find(nr);
	if (!call || p->landlock_abi <= 0 || !inodes)
		return false;
	char path[PATH_MAX], path2[PATH_MAX];
	if (call->path >= 0 && !read_path(tid, args[call->path], path))
		return false;
	if (call->path2 >= 0 && !read_path(tid, args[call->path2], path2))
		return false;
	int fd1 = dirfd_arg(args, call->dirfd), fd2 = dirfd_arg(args, call->dirfd2);
	int flags = call->flags >= 0 ? (int)args[call->flags] : 0;
	*r = (struct path_refusal){ .call = call->name };
	bool ok = true;
	switch (call->op) {
	case OP_OPEN:
		ok = check_open(tid, fd1, path, flags, r);
		break;
	case OP_CREAT:
		ok = check_open(tid, fd1, path, O_CREAT | O_WRONLY | O_TRUNC, r);
		break;
	case OP_EXEC:
		ok = !path[0] || check_object(tid, fd1, path, true, ACC_EXEC, r);
		break;
	case OP_TRUNCATE:
		ok = check_object(tid, fd1, path, true, ACC_WRITE, r);
		break;
	case OP_MKDIR:
		ok = check_in_dir(tid, fd1, path, ACC_MAKE_TREE, r);
		break;
	case OP_MKNOD:
		ok = check_in_dir(tid, fd1, path, mknod_access((mode_t)flags), r);
		break;
	case OP_UNLINK:
		ok = check_in_dir(
			tid, fd1, path,
			(flags & AT_REMOVEDIR) ? ACC_MAKE_TREE : tree_access(tid, fd1, path), r);
		break;
	case OP_RMDIR:
		ok = check_in_dir(tid, fd1, path, ACC_MAKE_TREE, r);
		break;
	case OP_RENAME: {
		unsigned need = tree_access(tid, fd1, path);
		ok = check_in_dir(tid, fd1, path, need, r) &&
		     check_in_dir(tid, fd2, path2, need, r);
		break;
	}
	case OP_LINK:
		ok = check_in_dir(tid, fd2, path2, ACC_CREATE, r);
		break;
	case OP_SYMLINK:
		ok = check_in_dir(tid, fd2, path2, ACC_MAKE_TREE, r);
		break;
	}
	if (!ok)
		name_own(tid, r->path);
	/* A file name is the target's to choose: it must not forge a line. */
	for (char *c = r->path; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	return !ok;
}

/* ---- saying it ---- */

const char *pathcheck_access_name(const struct path_refusal *r)
{
	unsigned a = r->access;
	if (a & ACC_SPECIAL)
		return "make a device, FIFO or socket";
	if (a & ACC_MAKE_TREE)
		return "make or remove a directory or symbolic link";
	if (a & ACC_CREATE)
		return "create or remove";
	if (a & ACC_EXEC)
		return "execute";
	if ((a & ACC_READ_FILE) && (a & ACC_WRITE))
		return "read and write";
	if (a & ACC_WRITE)
		return "write";
	if (a & ACC_READ_DIR)
		return "list";
	return "read";
}

/* The command-line word that names path, if one does (argv[i], or the
 * value of an --option=VALUE word), with the option it follows or
 * carries. Returns its index in argv, or 0. */
static int argv_word(const struct policy *p, const char *path, char *option, size_t size)
{
	for (int i = 1; argv_real && i < p->argc; i++) {
		const char *word = p->argv[i], *eq = word[0] == '-' ? strchr(word, '=') : NULL;
		if (!argv_real[i] || strcmp(argv_real[i], path) != 0)
			continue;
		option[0] = '\0';
		if (eq)
			snprintf(option, size, "%.*s", (int)(eq - word), word);
		else if (i > 1 && p->argv[i - 1][0] == '-' && strcmp(p->argv[i - 1], "--") != 0)
			copy_bounded(option, size, p->argv[i - 1]);
		return i;
	}
	return 0;
}

static void arguments_remedy(const struct policy *p, const struct path_refusal *r, int i,
			     const char *option, char *buf, size_t size)
{
	bool out = r->access & (ACC_WRITE | ACC_CREATE);
	if (option[0])
		snprintf(buf, size,
			 "it is argv[%d], the value of %s: add \"%s\" to \"%s-options =\" "
			 "in [arguments] of %s",
			 i, option, option, out ? "output" : "input", p->profile_path);
	else
		snprintf(buf, size,
			 "it is argv[%d], an operand: \"operands = %s\" in [arguments] "
			 "of %s declares it",
			 i, out ? "output" : "input", p->profile_path);
}

/* The directory operand path lies beneath (directory-operands = self
 * grants the directory's listing only), or NULL. */
static const char *beneath_operand(const struct policy *p, const char *path)
{
	for (size_t i = 0; i < p->listable.n; i++) {
		size_t len = strlen(p->listable.item[i]);
		if (strncmp(path, p->listable.item[i], len) == 0 && path[len] == '/')
			return p->listable.item[i];
	}
	return NULL;
}

/* The command-line word (argv index) of a declared input, a file granted
 * by itself, whose directory is dir; 0 if none. gzip opens its input's
 * directory to open the input relative to it, and reads it by its full
 * name when that is refused. */
static int input_in(const struct policy *p, const char *dir)
{
	size_t len = strlen(dir);
	for (int i = 1; argv_real && i < p->argc; i++) {
		const char *f = argv_real[i];
		if (!f || strncmp(f, dir, len) != 0 || f[len] != '/' || strchr(f + len + 1, '/'))
			continue;
		for (size_t k = 0; k < p->n_grants; k++)
			if ((p->grants[k].access & ACC_READ_FILE) &&
			    strcmp(p->grants[k].path, f) == 0)
				return i;
	}
	return 0;
}

void pathcheck_remedy(const struct policy *p, const struct path_refusal *r, char *buf, size_t size)
{
	int in = r->access == ACC_READ_DIR ? input_in(p, r->path) : 0;
	if (in > 0) {
		snprintf(buf, size,
			 "it is the directory of argv[%d], a declared input, which is granted by "
			 "itself: no key grants listing its directory; a program that then reads "
			 "the input by its full name (gzip does) loses nothing",
			 in);
		return;
	}
	char option[128];
	const char *operand = r->access & ACC_READ ? beneath_operand(p, r->path) : NULL;
	int i = r->access & (ACC_MAKE_TREE | ACC_SPECIAL | ACC_EXEC) ?
			0 :
			argv_word(p, r->path, option, sizeof option);
	if (i > 0)
		arguments_remedy(p, r, i, option, buf, size);
	else if (operand)
		snprintf(buf, size,
			 "it is beneath the directory operand %s, of which only the "
			 "listing is granted: \"directory-operands = tree\" in [arguments] of %s "
			 "grants what is beneath",
			 operand, p->profile_path);
	else if (r->access & ACC_SPECIAL)
		snprintf(buf, size, "no profile key grants making devices, FIFOs or sockets");
	else if (r->access & ACC_MAKE_TREE)
		snprintf(buf, size,
			 "directories and symbolic links can be made only in the private "
			 "temporary directory (promise tmppath in %s)",
			 p->profile_path);
	else if (r->access & ACC_CREATE)
		snprintf(buf, size,
			 "files are created only as declared outputs ([arguments] "
			 "output-options or operands = output in %s) or, temporary ones, in the "
			 "private temporary directory (promise tmppath)",
			 p->profile_path);
	else if (r->access & ACC_EXEC)
		snprintf(buf, size, "add \"exec = %s\" to [filesystem] of %s (with promise exec)",
			 r->path, p->profile_path);
	else if (r->access & ACC_WRITE)
		snprintf(buf, size, "add \"write = %s\" to [filesystem] of %s (with promise wpath)",
			 r->path, p->profile_path);
	else
		snprintf(buf, size, "add \"read = %s\" to [filesystem] of %s", r->path,
			 p->profile_path);
}
