/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Compatibility: posix_spawn under "proc exec" (glibc's posix_spawn is
 * clone(CLONE_VM|CLONE_VFORK) after clone3 gets ENOSYS, then execve).
 * Runs PROGRAM ARG... and reports its exit status. */
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: spawner PROGRAM [ARG]...\n");
		return 2;
	}
	pid_t pid;
	int e = posix_spawn(&pid, argv[1], NULL, NULL, argv + 1, environ);
	if (e) {
		fprintf(stderr, "spawner: posix_spawn %s: %s\n", argv[1], strerror(e));
		return 1;
	}
	int status;
	if (waitpid(pid, &status, 0) != pid) {
		perror("spawner: waitpid");
		return 1;
	}
	printf("%s exited %d\n", argv[1], WIFEXITED(status) ? WEXITSTATUS(status) : 128);
	return 0;
}
