/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fileops: a stand-in for a parser, to prove what Landlock lets through.
 *
 *   fileops [-o OUT]... [IN]...
 *
 * Reads each IN (lists it when it is a directory), writes each OUT (an OUT
 * with %d is a pattern: page 1 and 2 are written), then tries the paths of
 * $ALSO_READ and $ALSO_WRITE (colon lists), which are NOT on the command
 * line and so never declared, and $READ_AT_NAME relative to a descriptor
 * of the directory $READ_AT (opened O_PATH, which Landlock does not check:
 * only the openat through it is). One line per attempt: "read PATH: ok" or
 * "read PATH: EACCES". Exit 0, or 2 for a usage error. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void result(const char *what, const char *path, int err)
{
	printf("%s %s: %s\n", what, path, err ? strerrorname_np(err) : "ok");
}

static void try_read(const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		if (d)
			closedir(d);
		result("list", path, d ? 0 : errno);
		return;
	}
	int fd = open(path, O_RDONLY);
	char buf[256];
	int err = fd < 0 ? errno : read(fd, buf, sizeof buf) < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	result("read", path, err);
}

static void write_one(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	int err = fd < 0 ? errno : write(fd, "written\n", 8) != 8 ? errno : 0;
	if (fd >= 0)
		close(fd);
	result("write", path, err);
}

static void try_write(const char *pattern)
{
	if (!strstr(pattern, "%d")) {
		write_one(pattern);
		return;
	}
	/* Expand %d by hand: a format string from argv is not for printf. */
	size_t at = (size_t)(strstr(pattern, "%d") - pattern);
	for (int page = 1; page <= 2; page++) {
		char path[4096];
		snprintf(path, sizeof path, "%.*s%d%s", (int)at, pattern, page, pattern + at + 2);
		write_one(path);
	}
}

static void try_list(const char *env, void (*fn)(const char *))
{
	const char *list = getenv(env);
	if (!list)
		return;
	char *copy = strdup(list), *save = NULL;
	for (char *p = strtok_r(copy, ":", &save); p; p = strtok_r(NULL, ":", &save))
		fn(p);
	free(copy);
}

static void try_read_at(void)
{
	const char *dir = getenv("READ_AT"), *name = getenv("READ_AT_NAME");
	if (!dir || !name)
		return;
	int at = open(dir, O_PATH | O_DIRECTORY);
	int fd = at < 0 ? -1 : openat(at, name, O_RDONLY);
	result("readat", name, fd < 0 ? errno : 0);
	if (fd >= 0)
		close(fd);
	if (at >= 0)
		close(at);
}

int main(int argc, char **argv)
{
	int opt;
	while ((opt = getopt(argc, argv, "o:")) != -1) {
		if (opt != 'o') {
			fprintf(stderr, "usage: fileops [-o OUT]... [IN]...\n");
			return 2;
		}
		try_write(optarg);
	}
	for (int i = optind; i < argc; i++)
		try_read(argv[i]);
	try_list("ALSO_READ", try_read);
	try_list("ALSO_WRITE", try_write);
	try_read_at();
	return 0;
}
