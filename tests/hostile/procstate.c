/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procstate: print what a process inherits and a launcher must not change:
 * each open descriptor (number, close-on-exec, access mode and status
 * flags, file type, and device:inode for files), the ignored and the
 * blocked signals. Run it with and without sandbox-run and compare.
 * Needs nothing from the filesystem, so any profile can run it.
 *
 *   procstate [OUTFD]    write the report to OUTFD (default 1), so that it
 *                        can run with standard output closed */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <unistd.h>

static int out = STDOUT_FILENO;

static const char *type_of(mode_t m)
{
	return S_ISREG(m) ? "file" : S_ISDIR(m) ? "dir" : S_ISCHR(m) ? "chr" : S_ISBLK(m) ? "blk"
	       : S_ISFIFO(m) ? "fifo" : S_ISSOCK(m) ? "sock" : "other";
}

static void descriptors(void)
{
	struct rlimit rl;
	int max = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < 65536 ? (int)rl.rlim_cur : 65536;
	for (int fd = 0; fd < max; fd++) {
		int fdflags = fcntl(fd, F_GETFD);
		if (fdflags < 0)
			continue;
		int fl = fcntl(fd, F_GETFL);
		struct stat st;
		if (fstat(fd, &st) < 0)
			continue;
		dprintf(out, "fd %d cloexec=%d flags=%#x %s", fd, !!(fdflags & FD_CLOEXEC), fl,
		       type_of(st.st_mode));
		/* Pipes are made anew for each run: only files keep their identity. */
		if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode) || S_ISCHR(st.st_mode))
			dprintf(out, " %lx:%lu", (unsigned long)st.st_dev, (unsigned long)st.st_ino);
		dprintf(out, "\n");
	}
}

static void signals(void)
{
	sigset_t blocked;
	sigprocmask(SIG_SETMASK, NULL, &blocked);
	for (int sig = 1; sig < NSIG; sig++) {
		struct sigaction sa;
		if (sigaction(sig, NULL, &sa) == 0 && sa.sa_handler == SIG_IGN)
			dprintf(out, "signal %d ignored\n", sig);
		if (sigismember(&blocked, sig) == 1)
			dprintf(out, "signal %d blocked\n", sig);
	}
}

int main(int argc, char **argv)
{
	if (argc > 1)
		out = atoi(argv[1]);
	descriptors();
	signals();
	return 0;
}
