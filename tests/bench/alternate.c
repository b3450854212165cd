/* SPDX-License-Identifier: GPL-2.0-or-later */
/* alternate: compares commands by running them in turn, one run each,
 * ROUNDS times, so that whatever the machine does meanwhile (a shared host
 * changes speed from minute to minute) falls on all of them alike. hyperfine
 * runs one command many times before the next; this is for telling two
 * builds apart (make bench-compare), not for the report (make bench).
 *
 *   alternate ROUNDS CMD [ARG...] [';;' CMD [ARG...]]...
 *
 * Prints, per command: median, first and third quartile of the wall time
 * in µs, and the median's ratio to the first command's. Each run starts
 * with posix_spawn, stdout on /dev/null; a command that fails stops it.
 *
 * Each round runs the commands in a new random order (a fixed seed, so a
 * rerun repeats it). A run is faster after some commands than after others
 * (here ~45 µs of 2.8 ms, the same binary compared with itself, when NEW
 * always followed OLD): a fixed order, even a rotated one, gives each
 * command the same predecessor every round and that bias to the result. */
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_COMMANDS 16
#define WARMUP 3 /* rounds not counted: caches, the filter cache's first entry */

extern char **environ;

/* xorshift64*: enough to shuffle, and the same shuffles every time. */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * UINT64_C(2685821657736338717);
}

static void shuffle(int *order, int n, uint64_t *seed)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)(next_random(seed) % (uint64_t)(i + 1));
		int swap = order[i];
		order[i] = order[j];
		order[j] = swap;
	}
}

static double now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* One run of argv; its wall time in µs, or -1 if it did not exit 0. */
static double run_once(char **argv, const posix_spawn_file_actions_t *fa)
{
	pid_t pid;
	int status;
	double start = now_us();
	if (posix_spawnp(&pid, argv[0], fa, NULL, argv, environ) != 0 ||
	    waitpid(pid, &status, 0) < 0)
		return -1;
	double took = now_us() - start;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? took : -1;
}

int main(int argc, char **argv)
{
	int rounds = argc > 2 ? atoi(argv[1]) : 0;
	if (rounds < 4) {
		fprintf(stderr, "usage: alternate ROUNDS CMD [ARG...] [';;' CMD [ARG...]]... "
				"(ROUNDS at least 4)\n");
		return 2;
	}
	char **cmd[MAX_COMMANDS];
	int n = 0;
	cmd[n++] = &argv[2];
	for (int i = 2; i < argc; i++)
		if (strcmp(argv[i], ";;") == 0) {
			argv[i] = NULL;
			if (n == MAX_COMMANDS || i + 1 == argc) {
				fprintf(stderr, "alternate: at most %d commands, none empty\n", MAX_COMMANDS);
				return 2;
			}
			cmd[n++] = &argv[i + 1];
		}
	double *t = calloc((size_t)rounds * (size_t)n, sizeof *t);
	posix_spawn_file_actions_t fa;
	if (!t || posix_spawn_file_actions_init(&fa) != 0 ||
	    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0) != 0)
		return 2;
	int order[MAX_COMMANDS];
	for (int c = 0; c < n; c++)
		order[c] = c;
	uint64_t seed = UINT64_C(0x5a17c0ffee5eed);
	for (int r = 0; r < rounds + WARMUP; r++) {
		shuffle(order, n, &seed);
		for (int k = 0; k < n; k++) {
			int c = order[k];
			double took = run_once(cmd[c], &fa);
			if (took < 0) {
				fprintf(stderr, "alternate: %s failed\n", cmd[c][0]);
				posix_spawn_file_actions_destroy(&fa);
				free(t);
				return 1;
			}
			if (r >= WARMUP)
				t[(size_t)c * (size_t)rounds + (size_t)(r - WARMUP)] = took;
		}
	}
	double first = 0;
	for (int c = 0; c < n; c++) {
		double *v = t + (size_t)c * (size_t)rounds;
		qsort(v, (size_t)rounds, sizeof *v, by_value);
		double median = v[rounds / 2];
		if (c == 0)
			first = median;
		printf("%10.1f µs  (quartiles %.1f–%.1f)  %6.3f ×  ", median, v[rounds / 4],
		       v[3 * rounds / 4], median / first);
		for (char **a = cmd[c]; *a; a++)
			printf("%s%s", a == cmd[c] ? "" : " ", *a);
		putchar('\n');
	}
	posix_spawn_file_actions_destroy(&fa);
	free(t);
	return 0;
}
