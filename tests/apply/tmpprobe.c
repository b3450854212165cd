/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tmpprobe: what a program under a tmppath profile sees of temporary
 * directories, for tests/apply/tmpdir.t. Paths come from the environment,
 * never from argv: profiles declare operands as inputs, and an input is
 * granted, which would hide the very hole a test looks for.
 *
 *   tmpprobe env           NAME=VALUE for each temporary-directory variable
 *   tmpprobe stat          the mode and owner of $TMPDIR
 *   tmpprobe scratch       creates $TMPDIR/scratch
 *   tmpprobe scratch-dir   makes $TMPDIR/dir and creates a file in it
 *   tmpprobe read-secret   reads $SR_SECRET (a mode-0600 file of the user's)
 *   tmpprobe plant         creates $SR_PLANT (O_EXCL)
 *   tmpprobe list-tmp      lists /tmp
 *   tmpprobe wait          prints "ready PID", then waits to be killed
 *
 * Each step prints "STEP: allowed" or "STEP: denied (ERRNO)" and the probe
 * goes on; it exits 0 unless it is used wrongly (2). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const vars[] = {
	"TMPDIR", "TEMP", "TMP", "GROFF_TMPDIR", "MAGICK_TEMPORARY_PATH", "MAGICK_TMPDIR",
};

static void verdict(const char *step, int r)
{
	if (r < 0)
		printf("%s: denied (%s)\n", step, strerrorname_np(errno));
	else
		printf("%s: allowed\n", step);
	fflush(stdout);
}

static const char *need(const char *var)
{
	const char *v = getenv(var);
	if (!v) {
		fprintf(stderr, "tmpprobe: %s is not set\n", var);
		exit(2);
	}
	return v;
}

/* Without TMPDIR (the launcher did not set it) the step says so and the
 * probe goes on to the next. */
static char *in_tmpdir(const char *name)
{
	static char path[4096];
	if (!getenv("TMPDIR"))
		return NULL;
	snprintf(path, sizeof path, "%s/%s", getenv("TMPDIR"), name);
	return path;
}

static int make_file(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	int r = write(fd, "probe\n", 6) == 6 ? 0 : -1;
	close(fd);
	return r;
}

static void read_secret(void)
{
	int fd = open(need("SR_SECRET"), O_RDONLY | O_CLOEXEC);
	char buf[64];
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf);
	if (fd >= 0)
		close(fd);
	verdict("read-secret", n < 0 ? -1 : 0);
}

static void list_tmp(void)
{
	DIR *d = opendir("/tmp");
	int r = d && readdir(d) ? 0 : -1;
	if (d)
		closedir(d);
	verdict("list-tmp", r);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *step = argv[i];
		struct stat st;
		if (strcmp(step, "env") == 0) {
			for (size_t v = 0; v < sizeof vars / sizeof vars[0]; v++)
				printf("%s=%s\n", vars[v], getenv(vars[v]) ? getenv(vars[v]) : "");
		} else if (!getenv("TMPDIR") && (!strcmp(step, "stat") || !strncmp(step, "scratch", 7))) {
			printf("%s: no TMPDIR\n", step);
		} else if (strcmp(step, "stat") == 0) {
			if (stat(getenv("TMPDIR"), &st) < 0)
				verdict("stat", -1);
			else
				printf("stat: mode %04o uid %u\n", (unsigned)(st.st_mode & 07777),
				       (unsigned)st.st_uid);
		} else if (strcmp(step, "scratch") == 0) {
			verdict("scratch", make_file(in_tmpdir("scratch")));
		} else if (strcmp(step, "scratch-dir") == 0) {
			int r = mkdir(in_tmpdir("dir"), 0700);
			verdict("scratch-dir", r < 0 ? r : make_file(in_tmpdir("dir/file")));
		} else if (strcmp(step, "read-secret") == 0) {
			read_secret();
		} else if (strcmp(step, "plant") == 0) {
			verdict("plant", make_file(need("SR_PLANT")));
		} else if (strcmp(step, "list-tmp") == 0) {
			list_tmp();
		} else if (strcmp(step, "wait") == 0) {
			printf("ready %d\n", (int)getpid());
			fflush(stdout);
			for (;;)
				pause();
		} else {
			fprintf(stderr, "tmpprobe: unknown step %s\n", step);
			return 2;
		}
		fflush(stdout);
	}
	return 0;
}
