/* SPDX-License-Identifier: GPL-2.0-or-later */
/* denier: makes denied system calls on cue, for the supervisor tests.
 *
 *   denier ACTION...     runs each action in turn, one line of output each
 *
 *   socket          socket(AF_INET, SOCK_STREAM, 0): "socket: allowed" or
 *                   "socket: denied (ERRNO)"
 *   repeat N        that call N times: "repeat: N denied (ERRNO), M allowed"
 *   wait            read one byte from stdin (the test's cue), "wait: done"
 *   threads N M     N threads, released at once, make M calls each:
 *                   "threads: N*M denied (ERRNO), K allowed"
 *   children N      N children make the call, the parent none; each exits
 *                   0 when denied, 1 when allowed, and the line says how
 *                   they ended: "children: N denied, K allowed, S signalled
 *                   (SIG)"
 *   orphan          forks a child that outlives the denier: it waits for a
 *                   byte on stdin, then makes the call and prints "orphan:
 *                   ..." as socket does
 *   catch-sigsys    installs a SIGSYS handler that survives: "catch-sigsys: set"
 *   pid             "pid: PID"
 *   reap            waitpid(-1, WNOHANG), as a shell reaps: "reap: ECHILD"
 *                   without children it can wait for, "reap: running"
 *                   with one still running, "reap: PID" when it reaped one
 *
 * Everything it needs besides the denied calls is in stdio (write, read,
 * exit) and, for threads and children, the thread and proc promises. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

struct tally {
	int denied, allowed, err;
};

static pthread_barrier_t barrier;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct tally shared;
static int calls_per_thread;

static void one_call(struct tally *t)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd >= 0) {
		t->allowed++;
		close(fd);
	} else {
		t->denied++;
		t->err = errno;
	}
}

static void print_tally(const char *what, struct tally t)
{
	printf("%s: %d denied (%s), %d allowed\n", what, t.denied,
	       t.err ? strerrorname_np(t.err) : "-", t.allowed);
}

static void *thread_main(void *arg)
{
	(void)arg;
	struct tally t = { 0 };
	pthread_barrier_wait(&barrier);
	for (int i = 0; i < calls_per_thread; i++)
		one_call(&t);
	pthread_mutex_lock(&lock);
	shared.denied += t.denied;
	shared.allowed += t.allowed;
	if (t.err)
		shared.err = t.err;
	pthread_mutex_unlock(&lock);
	return NULL;
}

static void threads(int n, int m)
{
	pthread_t tid[256];
	if (n > 256)
		n = 256;
	calls_per_thread = m;
	pthread_barrier_init(&barrier, NULL, (unsigned)n);
	int started = 0;
	for (int i = 0; i < n; i++)
		if (pthread_create(&tid[i], NULL, thread_main, NULL) == 0)
			started++;
	if (started != n) {
		printf("threads: only %d of %d started\n", started, n);
		exit(2);
	}
	for (int i = 0; i < n; i++)
		pthread_join(tid[i], NULL);
	print_tally("threads", shared);
}

static void children(int n)
{
	int denied = 0, allowed = 0, signalled = 0, sig = 0;
	for (int i = 0; i < n; i++) {
		pid_t pid = fork();
		if (pid == 0) {
			struct tally t = { 0 };
			one_call(&t);
			_exit(t.allowed ? 1 : 0);
		}
		if (pid < 0) {
			printf("children: fork: %s\n", strerrorname_np(errno));
			exit(2);
		}
	}
	int status;
	while (wait(&status) > 0) {
		if (WIFSIGNALED(status)) {
			signalled++;
			sig = WTERMSIG(status);
		} else if (WEXITSTATUS(status) == 0) {
			denied++;
		} else {
			allowed++;
		}
	}
	printf("children: %d denied, %d allowed, %d signalled (%s)\n", denied, allowed,
	       signalled, sig ? sigabbrev_np(sig) : "-");
}

static void orphan(void)
{
	pid_t pid = fork();
	if (pid == 0) {
		char c;
		struct tally t = { 0 };
		if (read(0, &c, 1) < 0)
			_exit(2);
		one_call(&t);
		printf("orphan: %s%s%s\n", t.allowed ? "allowed" : "denied (",
		       t.allowed ? "" : strerrorname_np(t.err), t.allowed ? "" : ")");
		_exit(0);
	}
	printf("orphan: %s\n", pid > 0 ? "started" : "fork failed");
}

static void on_sigsys(int sig)
{
	(void)sig;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "socket") == 0) {
			struct tally t = { 0 };
			one_call(&t);
			printf("socket: %s%s%s\n", t.allowed ? "allowed" : "denied (",
			       t.allowed ? "" : strerrorname_np(t.err), t.allowed ? "" : ")");
		} else if (strcmp(a, "repeat") == 0 && i + 1 < argc) {
			struct tally t = { 0 };
			for (int n = atoi(argv[++i]); n > 0; n--)
				one_call(&t);
			print_tally("repeat", t);
		} else if (strcmp(a, "wait") == 0) {
			char c;
			if (read(0, &c, 1) < 0)
				return 2;
			printf("wait: done\n");
		} else if (strcmp(a, "threads") == 0 && i + 2 < argc) {
			int n = atoi(argv[i + 1]), m = atoi(argv[i + 2]);
			i += 2;
			threads(n, m);
		} else if (strcmp(a, "children") == 0 && i + 1 < argc) {
			children(atoi(argv[++i]));
		} else if (strcmp(a, "orphan") == 0) {
			orphan();
		} else if (strcmp(a, "catch-sigsys") == 0) {
			signal(SIGSYS, on_sigsys);
			printf("catch-sigsys: set\n");
		} else if (strcmp(a, "pid") == 0) {
			printf("pid: %d\n", (int)getpid());
		} else if (strcmp(a, "reap") == 0) {
			int status;
			pid_t r = waitpid(-1, &status, WNOHANG);
			if (r < 0)
				printf("reap: %s\n", strerrorname_np(errno));
			else if (r == 0)
				printf("reap: running\n");
			else
				printf("reap: %d\n", (int)r);
		} else {
			fprintf(stderr, "denier: unknown action %s\n", a);
			return 2;
		}
	}
	return 0;
}
