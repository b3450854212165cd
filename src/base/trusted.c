/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "base/trusted.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* file is the profile; path is it or its directory (what says which), st
 * what stat() says of path. */
static int check_stat(const char *file, const char *path, const struct stat *st, const char *what,
		      struct strlist *errors)
{
	if (st->st_uid != 0 && st->st_uid != geteuid()) {
		strlist_addf(errors,
			     "%s: %s%s is owned by uid %u, not by root or you; "
			     "refusing it (chown root %s)",
			     file, what, path == file ? "" : path, (unsigned)st->st_uid, path);
		return 1;
	}
	/* /tmp and its kind are shared on purpose: chmod would break the
	 * machine, so the profile has to move instead. */
	if (S_ISDIR(st->st_mode) && (st->st_mode & S_ISVTX) && (st->st_mode & S_IWOTH)) {
		strlist_addf(
			errors,
			"%s: %s%s is a shared directory (sticky, writable by everyone) "
			"where others can plant profiles; refusing it (move the profile to " SYSCONFDIR
			"/sandbox-run/profiles, or to a directory only you can "
			"write, named in SANDBOX_RUN_PROFILE_PATH or --profile)",
			file, what, path);
		return 1;
	}
	if (st->st_mode & (S_IWGRP | S_IWOTH)) {
		strlist_addf(errors,
			     "%s: %s%s is writable by group or others; refusing it "
			     "(chmod go-w %s)",
			     file, what, path == file ? "" : path, path);
		return 1;
	}
	return 0;
}

static int check_one_owner(const char *file, const char *path, const char *what,
			   struct strlist *errors)
{
	struct stat st;
	if (stat(path, &st) < 0) {
		strlist_addf(errors, "%s: cannot read: %s", path, strerror(errno));
		return 1;
	}
	return check_stat(file, path, &st, what, errors);
}

static int check_directory(const char *path, struct strlist *errors)
{
	char *dir = xpath_dir(path);
	int r = check_one_owner(path, dir, "its directory ", errors);
	free(dir);
	return r;
}

int trusted_check_directory(const char *path, struct strlist *errors)
{
	return check_directory(path, errors);
}

/* /dev/null reads as an empty file, and its mode (writable by all) is the
 * kernel's, not a careless administrator's: a rule linked to it is masked
 * (systemd's convention, sandbox-run.preload(5)), a sandbox-run.conf linked
 * to it means the defaults, a profile linked to it is an empty profile. */
static bool is_dev_null(const struct stat *st)
{
	return S_ISCHR(st->st_mode) && st->st_rdev == makedev(1, 3);
}

FILE *trusted_open(const char *path, bool missing_ok, struct strlist *errors)
{
	/* Non-blocking: a FIFO planted under the name is refused, not waited on. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		if (!(missing_ok && errno == ENOENT))
			strlist_addf(errors, "%s: cannot read: %s", path, strerror(errno));
		return NULL;
	}
	struct stat st;
	FILE *f = NULL;
	if (fstat(fd, &st) < 0)
		strlist_addf(errors, "%s: cannot read: %s", path, strerror(errno));
	else if (S_ISDIR(st.st_mode)) /* read() would fail: not an "empty profile" */
		strlist_addf(errors,
			     "%s: is a directory, not a profile or settings file; name "
			     "the .ini file in it (%s/NAME.ini)",
			     path, path);
	else if ((is_dev_null(&st) || !check_stat(path, path, &st, "the file", errors)) &&
		 !check_directory(path, errors) &&
		 (S_ISREG(st.st_mode) || fcntl(fd, F_SETFL, 0) == 0))
		f = fdopen(fd, "r");
	if (!f)
		close(fd);
	return f;
}
