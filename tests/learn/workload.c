/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A workload for --learn tests: what it does is chosen by its arguments,
 * so that one program exercises several promises and their merging.
 *   workload fork        a child process reads /etc/hostname and reports its
 *                        size over a socketpair
 *   workload threads     two threads compute sums, one reads /etc/debian_version
 *   workload numa        a call no promise grants (a single "allow")
 *   workload write FILE  opens an existing FILE write-only (promise wpath)
 *   workload create DIR  creates DIR/created.txt (promise cpath)
 *   workload tmpfile     creates a file in $TMPDIR (else /tmp) and removes
 *                        it (promise tmppath)
 * Output depends only on the arguments. */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* A file's size, read through open/read: the open is what --learn sees. */
static long size_of(const char *path)
{
	char buf[4096];
	long size = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, sizeof buf)) > 0)
		size += n;
	close(fd);
	return size;
}

static int child_talks(void)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
		return perror("socketpair"), 1;
	pid_t child = fork();
	if (child < 0)
		return perror("fork"), 1;
	if (child == 0) {
		char hello[64];
		int len = snprintf(hello, sizeof hello, "hello from the child, /etc/hostname "
				   "has %ld bytes", size_of("/etc/hostname"));
		close(sv[0]);
		_exit(write(sv[1], hello, (size_t)len + 1) == len + 1 ? 0 : 1);
	}
	close(sv[1]);
	char buf[128] = "";
	ssize_t n = read(sv[0], buf, sizeof buf - 1);
	int status = 0;
	waitpid(child, &status, 0);
	printf("child said: %s; exit %d\n", n > 0 ? buf : "(nothing)", WEXITSTATUS(status));
	return 0;
}

static void *sum(void *arg)
{
	long n = (long)arg, s = 0;
	for (long i = 1; i <= n; i++)
		s += i;
	if (n == 2000)
		s += 1000000 * size_of("/etc/debian_version");
	return (void *)s;
}

static int threads(void)
{
	pthread_t t[2];
	void *result[2];
	for (long i = 0; i < 2; i++)
		if (pthread_create(&t[i], NULL, sum, (void *)(1000 * (i + 1))) != 0)
			return fprintf(stderr, "pthread_create failed\n"), 1;
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], &result[i]);
	printf("sums: %ld %ld\n", (long)result[0], (long)result[1]);
	return 0;
}

/* get_mempolicy: harmless, and in no promise of the catalogue. */
static int numa_policy(void)
{
	int mode = -1;
	long r = syscall(SYS_get_mempolicy, &mode, NULL, 0UL, NULL, 0UL);
	printf("get_mempolicy: %s\n", r == 0 ? "ok" : "failed");
	return 0;
}

static int write_file(const char *path)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0 || write(fd, "written\n", 8) != 8)
		return perror(path), 1;
	close(fd);
	printf("wrote %s\n", strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
	return 0;
}

static int create_file(const char *dir)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/created.txt", dir);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return perror(path), 1;
	close(fd);
	unlink(path);
	printf("created and removed created.txt\n");
	return 0;
}

static int temporary_file(void)
{
	const char *dir = getenv("TMPDIR");
	char path[4096];
	snprintf(path, sizeof path, "%s/workload.XXXXXX", dir && *dir ? dir : "/tmp");
	int fd = mkstemp(path);
	if (fd < 0)
		return perror(path), 1;
	close(fd);
	unlink(path);
	printf("created and removed a temporary file\n");
	return 0;
}

int main(int argc, char **argv)
{
	int status = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "fork") == 0)
			status |= child_talks();
		else if (strcmp(argv[i], "threads") == 0)
			status |= threads();
		else if (strcmp(argv[i], "numa") == 0)
			status |= numa_policy();
		else if (strcmp(argv[i], "write") == 0 && i + 1 < argc)
			status |= write_file(argv[++i]);
		else if (strcmp(argv[i], "create") == 0 && i + 1 < argc)
			status |= create_file(argv[++i]);
		else if (strcmp(argv[i], "tmpfile") == 0)
			status |= temporary_file();
		else
			return fprintf(stderr, "usage: workload fork|threads|numa|write FILE|create DIR|tmpfile...\n"), 2;
		fflush(stdout);
	}
	return status;
}
