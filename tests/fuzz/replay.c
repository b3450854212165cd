/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Runs a harness over files, as libFuzzer does over a corpus: the regression
 * inputs of tests/fuzz/ are replayed by make check in every build, with or
 * without clang. Reports on standard error (fuzz-policy sends standard
 * output to /dev/null); the exit status says whether every file was read. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

static unsigned char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096;
	unsigned char *buf = malloc(cap);
	*n = 0;
	size_t r;
	while (buf && (r = fread(buf + *n, 1, cap - *n, f)) > 0)
		if ((*n += r) == cap)
			buf = realloc(buf, cap *= 2);
	fclose(f);
	return buf;
}

int main(int argc, char **argv)
{
	int status = 0;
	for (int i = 1; i < argc; i++) {
		size_t n;
		unsigned char *data = slurp(argv[i], &n);
		if (!data) {
			fprintf(stderr, "replay: %s: cannot read\n", argv[i]);
			status = 1;
			continue;
		}
		LLVMFuzzerTestOneInput(data, n); /* a crash ends the run */
		free(data);
	}
	return status;
}
