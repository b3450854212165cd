/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tmpdir: the private temporary directory that promise tmppath grants
 * instead of /tmp. One per run, mode 0700, made by the launcher before it
 * confines, removed with all it holds by the supervisor when the last
 * sandboxed process is gone.
 *
 * Liveness is a lock, not a pid file: the directory's descriptor holds
 * flock(LOCK_EX) for as long as the run lasts (the supervisor keeps it
 * across the target's exec). A run whose supervisor died (SIGKILL, the OOM
 * killer) leaves its directory unlocked, and the next start of any tmppath
 * run removes it. systemd-tmpfiles skips locked directories too. */
#ifndef SR_TMPDIR_H
#define SR_TMPDIR_H

struct tmpdir {
	char *path; /* absolute; the caller's to free */
	int fd; /* the directory, O_RDONLY|O_DIRECTORY|O_CLOEXEC, holding the lock */
};

/* A new directory for this run in tmpdir_parent(), the parent made 0700
 * when missing, left-overs of dead runs there removed first. Exits 125 with
 * one line saying why and what to do when the parent is a symbolic link,
 * not the user's, or writable by others, or anything fails. */
void tmpdir_create(struct tmpdir *t);
/* The same beneath a given parent (tests). */
void tmpdir_create_in(struct tmpdir *t, const char *parent);
/* $XDG_RUNTIME_DIR/sandbox-run when XDG_RUNTIME_DIR is a directory of the
 * user's that others cannot write, else /run/sandbox-run for root and
 * /tmp/sandbox-run-UID for others: a new string. */
char *tmpdir_parent(void);

/* Points TMPDIR, and each variable a shipped tmppath program reads before
 * it (tmpdir.c has the table), at the directory: call it before the
 * target's environment is copied. */
void tmpdir_export(const struct tmpdir *t);

/* Removes the directory and everything in it, never following a symbolic
 * link, making directories the target made unreadable searchable again
 * (they are the user's), then closes t->fd, which ends the lock. 0 or the
 * first -errno; 0 when t->path is NULL. */
int tmpdir_remove(struct tmpdir *t);

#endif
