/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "catalogue/pathcalls.h"

#include <seccomp.h>
#include <stdbool.h>
#include <stddef.h>

#include "catalogue/promises.h" /* syscall_nr */

/* The calls, and which arguments hold the paths (-1: none, or AT_FDCWD
 * for a directory descriptor). One table for the filter (which calls go
 * to the supervisor) and for the check. */
static const struct pathcall calls[] = {
	{ "open", -1, 0, -1, -1, 1, OP_OPEN },
	{ "openat", 0, 1, -1, -1, 2, OP_OPEN },
	{ "creat", -1, 0, -1, -1, -1, OP_CREAT },
	{ "execve", -1, 0, -1, -1, -1, OP_EXEC },
	{ "execveat", 0, 1, -1, -1, 4, OP_EXEC },
	{ "truncate", -1, 0, -1, -1, -1, OP_TRUNCATE },
	{ "truncate64", -1, 0, -1, -1, -1, OP_TRUNCATE },
	{ "mkdir", -1, 0, -1, -1, -1, OP_MKDIR },
	{ "mkdirat", 0, 1, -1, -1, -1, OP_MKDIR },
	{ "mknod", -1, 0, -1, -1, 1, OP_MKNOD },
	{ "mknodat", 0, 1, -1, -1, 2, OP_MKNOD },
	{ "unlink", -1, 0, -1, -1, -1, OP_UNLINK },
	{ "unlinkat", 0, 1, -1, -1, 2, OP_UNLINK },
	{ "rmdir", -1, 0, -1, -1, -1, OP_RMDIR },
	{ "rename", -1, 0, -1, 1, -1, OP_RENAME },
	{ "renameat", 0, 1, 2, 3, -1, OP_RENAME },
	{ "renameat2", 0, 1, 2, 3, -1, OP_RENAME },
	{ "link", -1, 0, -1, 1, -1, OP_LINK },
	{ "linkat", 0, 1, 2, 3, -1, OP_LINK },
	{ "symlink", -1, -1, -1, 1, -1, OP_SYMLINK },
	{ "symlinkat", -1, -1, 1, 2, -1, OP_SYMLINK },
};
#define N_CALLS (sizeof calls / sizeof calls[0])

/* Their numbers, resolved once: asked at every notification. */
const struct pathcall *pathcall_find(int nr)
{
	static int number[N_CALLS];
	static bool resolved;
	for (size_t i = 0; !resolved && i < N_CALLS; i++)
		number[i] = syscall_nr(calls[i].name);
	resolved = true;
	for (size_t i = 0; nr >= 0 && i < N_CALLS; i++)
		if (number[i] == nr)
			return &calls[i];
	return NULL;
}
