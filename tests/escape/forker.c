/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Compatibility: fork and wait under a profile granting "proc" (glibc's
 * fork is clone without CLONE_THREAD; clone3 would get ENOSYS). Each child
 * exits with its own status; the parent reports them in order. */
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

#define N_CHILDREN 3

int main(void)
{
	pid_t pid[N_CHILDREN];
	for (int i = 0; i < N_CHILDREN; i++) {
		pid[i] = fork();
		if (pid[i] < 0) {
			fprintf(stderr, "forker: fork: %s\n", strerror(errno));
			return 1;
		}
		if (pid[i] == 0)
			_exit(10 + i);
	}
	for (int i = 0; i < N_CHILDREN; i++) {
		int status;
		if (waitpid(pid[i], &status, 0) != pid[i] || !WIFEXITED(status)) {
			fprintf(stderr, "forker: child %d did not exit normally\n", i);
			return 1;
		}
		printf("child %d exited %d\n", i, WEXITSTATUS(status));
	}
	return 0;
}
