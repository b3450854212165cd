/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The steady-state floor: runs COMMAND under the smallest seccomp filter
 * there is, one instruction that allows every call. Once a task has any
 * filter, each of its system calls takes the kernel's seccomp entry path
 * (even when the action cache answers), so a workload of short calls
 * (file -f makes ~230 preads per file) pays this much under any sandbox
 * that uses seccomp; make bench shows it beside sandbox-run's own row.
 * Usage: any-filter COMMAND [ARG]... (exit 125 if the filter fails). */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs("usage: any-filter COMMAND [ARG]...\n", stderr);
		return 125;
	}
	struct sock_filter allow = BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	struct sock_fprog prog = { .len = 1, .filter = &allow };
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) != 0) {
		fprintf(stderr, "any-filter: cannot install a seccomp filter: %s\n", strerror(errno));
		return 125;
	}
	execvp(argv[1], argv + 1);
	fprintf(stderr, "any-filter: %s: %s\n", argv[1], strerror(errno));
	return errno == ENOENT ? 127 : 126;
}
