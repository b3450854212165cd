/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The program to run: found on PATH like execvp(3), and the files the kernel
 * must be allowed to execute for it (ELF interpreter, #! interpreter). */
#ifndef SR_TARGET_H
#define SR_TARGET_H

#include "base/util.h"

struct target {
	char *path; /* what execve() gets */
	char *name; /* basename, which names the profile */
	struct strlist exec; /* files granted read+execute, with the reason */
};

/* Resolves COMMAND; exits 127 (not found) or 126 (not executable) with a
 * message, as env(1) does. */
void target_resolve(const char *command, struct target *t);
/* Adds the interpreters that running path needs (PT_INTERP, #!), recursively. */
void target_add_interpreters(struct target *t, const char *path, const char *why);
void target_free(struct target *t);

#endif
