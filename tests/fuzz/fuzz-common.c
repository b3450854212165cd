/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "fuzz.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"

jmp_buf fuzz_died;
int fuzz_die_armed;

void __wrap_die(const char *fmt, ...) __attribute__((noreturn));
void __wrap_die_status(int status, const char *fmt, ...) __attribute__((noreturn));

void __wrap_die(const char *fmt, ...)
{
	(void)fmt;
	if (!fuzz_die_armed)
		abort(); /* a die() outside the code under test */
	longjmp(fuzz_died, 1);
}

void __wrap_die_status(int status, const char *fmt, ...)
{
	(void)status;
	__wrap_die(fmt);
}

const char *fuzz_dir(void)
{
	static char dir[] = "/tmp/sr-fuzz.XXXXXX";
	static int made;
	if (!made && !mkdtemp(dir)) {
		perror("mkdtemp");
		abort();
	}
	made = 1;
	return dir;
}

const char *fuzz_write(const char *name, const uint8_t *data, size_t n)
{
	static char path[4096];
	snprintf(path, sizeof path, "%s/%s", fuzz_dir(), name);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, data, n) != (ssize_t)n || close(fd) < 0) {
		perror(path);
		abort();
	}
	return path;
}
