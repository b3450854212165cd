/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The calls that take a path and that Landlock governs (open, openat,
 * creat, execve, mkdir, unlink, rename, link, symlink, mknod, truncate and
 * their *at forms), with the arguments that hold their paths: catalogue
 * data read by two parts. In report mode the filter (apply/seccomp.c)
 * sends these calls to the supervisor, and its path check
 * (supervise/pathcheck.c) reads their arguments by this table. */
#ifndef SR_PATHCALLS_H
#define SR_PATHCALLS_H

#include <stdint.h>

/* What a call does to its path, in Landlock's terms. */
enum op {
	OP_OPEN, /* by its flags: read, write, list; create in its directory */
	OP_CREAT, /* open(path, O_CREAT | O_WRONLY | O_TRUNC) */
	OP_EXEC, /* execute the file */
	OP_TRUNCATE, /* write the file */
	OP_MKDIR, /* make a directory in its directory */
	OP_MKNOD, /* make a file, or a device, FIFO or socket, by mode */
	OP_UNLINK, /* remove from its directory (a directory with AT_REMOVEDIR) */
	OP_RMDIR,
	OP_RENAME, /* remove from the first directory, make in the second */
	OP_LINK, /* make in the second directory */
	OP_SYMLINK, /* make a symbolic link in the second directory */
};

/* Which arguments hold the paths (-1: none, or AT_FDCWD for a directory
 * descriptor). */
struct pathcall {
	const char *name;
	int8_t dirfd, path, dirfd2, path2, flags;
	uint8_t op; /* enum op */
};

/* Call nr's entry, or NULL when it is not one of these calls. */
const struct pathcall *pathcall_find(int nr);

#endif
