/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The steady-state workload: the calls a parser makes most, many times.
 * Each round writes and reads one byte through a pipe, fstat()s it, asks
 * for its PID and maps and unmaps one page, so a filter that runs on
 * every call (instead of being answered by the kernel's action cache)
 * shows up in the time. Usage: syscall-loop [ROUNDS] (default 20000). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int round_trip(const int fds[2])
{
	char c = 'x';
	struct stat st;
	if (write(fds[1], &c, 1) != 1 || read(fds[0], &c, 1) != 1 || fstat(fds[0], &st) < 0)
		return -1;
	if (getpid() <= 0)
		return -1;
	void *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return -1;
	*(volatile char *)page = c;
	return munmap(page, 4096);
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? strtol(argv[1], NULL, 10) : 20000;
	int fds[2];
	if (pipe(fds) < 0) {
		perror("syscall-loop: pipe");
		return 1;
	}
	for (long i = 0; i < rounds; i++)
		if (round_trip(fds) < 0) {
			perror("syscall-loop: round");
			return 1;
		}
	return 0;
}
