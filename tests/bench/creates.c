/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The broker's workload: creating files, the calls the supervisor serves
 * for a declared output pattern. Usage: creates -o DIR/NAME-%d COUNT
 * (-o names the pattern, so that a profile can declare it as an output):
 * creates DIR/NAME-0 ... DIR/NAME-(COUNT-1), writing one byte to each.
 * DIR "TMPDIR" means $TMPDIR: the reference, in tmppath's private
 * directory, which Landlock grants and no broker serves. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc != 4 || strcmp(argv[1], "-o") != 0) {
		fprintf(stderr, "usage: creates -o DIR/NAME-%%d COUNT\n");
		return 2;
	}
	long count = strtol(argv[3], NULL, 10);
	char pattern[4096];
	const char *tmp = getenv("TMPDIR");
	if (strncmp(argv[2], "TMPDIR/", 7) == 0 && tmp)
		snprintf(pattern, sizeof pattern, "%s/%s", tmp, argv[2] + 7);
	else
		snprintf(pattern, sizeof pattern, "%s", argv[2]);

	for (long i = 0; i < count; i++) {
		char path[4096];
		const char *at = strstr(pattern, "%d");
		if (!at) {
			fprintf(stderr, "creates: %s holds no %%d\n", pattern);
			return 2;
		}
		snprintf(path, sizeof path, "%.*s%ld%s", (int)(at - pattern), pattern, i, at + 2);
		int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd < 0 || write(fd, "x", 1) != 1 || close(fd) < 0) {
			perror(path);
			return 1;
		}
	}
	return 0;
}
