/* SPDX-License-Identifier: GPL-2.0-or-later */
/* scopetry: one call that Landlock scopes from a later ABI than some
 * kernels have, for tests/apply/old-abi.t (run under tests/lib/fault
 * --landlock-abi N, which makes the launcher see an older Landlock).
 *
 *   scopetry kill PID          kill(PID, 0)
 *   scopetry kill-parent       kill(getppid(), 0)
 *   scopetry tgkill PID        tgkill(PID, PID, 0)
 *   scopetry kill-all          kill(-1, 0)
 *   scopetry kill-group        kill(-getpgrp(), 0)
 *   scopetry kill-child        fork a child, kill(child, SIGTERM), reap it
 *   scopetry abstract NAME     connect an AF_UNIX stream socket to @NAME
 *   scopetry truncate FILE     truncate(FILE, its size)
 *
 * Prints "OP: ok" or "OP: ERRNO-NAME"; exits 0 or 1 (2: usage). */

#include <errno.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

static int verdict(const char *op, int r)
{
	printf("%s: %s\n", op, r < 0 ? strerrorname_np(errno) : "ok");
	return r < 0;
}

static int kill_child(void)
{
	pid_t child = fork();
	if (child == 0) {
		pause();
		_exit(0);
	}
	if (child < 0)
		return verdict("kill-child", -1);
	int r = kill(child, SIGTERM), status = 0;
	if (r < 0)
		kill(child, SIGKILL); /* as a last resort; it is ours */
	waitpid(child, &status, 0);
	return verdict("kill-child", r < 0 || !WIFSIGNALED(status) ? -1 : 0);
}

static int abstract(const char *name)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	size_t n = strlen(name) < sizeof a.sun_path - 1 ? strlen(name) : sizeof a.sun_path - 1;
	memcpy(a.sun_path + 1, name, n);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return verdict("abstract", -1);
	return verdict("abstract", connect(fd, (struct sockaddr *)&a,
					   (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n)));
}

static int truncate_file(const char *path)
{
	struct stat st;
	if (stat(path, &st) < 0)
		return verdict("truncate", -1);
	return verdict("truncate", truncate(path, st.st_size));
}

int main(int argc, char **argv)
{
	const char *op = argc > 1 ? argv[1] : "";
	if (argc == 3 && strcmp(op, "kill") == 0)
		return verdict(op, kill(atoi(argv[2]), 0));
	if (argc == 3 && strcmp(op, "tgkill") == 0)
		return verdict(op, (int)syscall(SYS_tgkill, atoi(argv[2]), atoi(argv[2]), 0));
	if (argc == 2 && strcmp(op, "kill-parent") == 0)
		return verdict(op, kill(getppid(), 0));
	if (argc == 2 && strcmp(op, "kill-all") == 0)
		return verdict(op, kill(-1, 0));
	if (argc == 2 && strcmp(op, "kill-group") == 0)
		return verdict(op, kill(-getpgrp(), 0));
	if (argc == 2 && strcmp(op, "kill-child") == 0)
		return kill_child();
	if (argc == 3 && strcmp(op, "abstract") == 0)
		return abstract(argv[2]);
	if (argc == 3 && strcmp(op, "truncate") == 0)
		return truncate_file(argv[2]);
	fprintf(stderr, "usage: scopetry kill PID | tgkill PID | kill-all | kill-group | kill-child "
			"| abstract NAME | truncate FILE\n");
	return 2;
}
