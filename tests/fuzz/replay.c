/* Runs a harness over files, as libFuzzer does over a corpus: the regression
 * inputs of tests/fuzz/ are replayed by make check in every build, with or
 * without clang. Prints TAP, one line per file. */
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
	printf("1..%d\n", argc - 1);
	for (int i = 1; i < argc; i++) {
		size_t n;
		unsigned char *data = slurp(argv[i], &n);
		if (!data) {
			printf("not ok %d - %s: cannot read\n", i, argv[i]);
			continue;
		}
		LLVMFuzzerTestOneInput(data, n); /* a crash ends the run */
		printf("ok %d - %s\n", i, argv[i]);
		free(data);
	}
	return 0;
}
