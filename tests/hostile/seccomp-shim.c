/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Preloaded into sandbox-run under valgrind only (tests/hostile/leaks.t):
 * valgrind 3.19 has no wrapper for seccomp(2), so libseccomp's probing of
 * the kernel fails and sandbox-run cannot even build (not load) its
 * filters. This answers the probes as a 6.x kernel does; --explain never
 * loads a filter, and every other call goes to libc's syscall(). */
#include <dlfcn.h>
#include <errno.h>
#include <linux/seccomp.h>
#include <stdarg.h>
#include <sys/syscall.h>

long syscall(long nr, ...);
long syscall(long nr, ...)
{
	va_list ap;
	va_start(ap, nr);
	long a[6];
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	if (nr == SYS_seccomp && a[0] == SECCOMP_GET_NOTIF_SIZES) {
		struct seccomp_notif_sizes *s = (struct seccomp_notif_sizes *)a[2];
		s->seccomp_notif = sizeof(struct seccomp_notif);
		s->seccomp_notif_resp = sizeof(struct seccomp_notif_resp);
		s->seccomp_data = sizeof(struct seccomp_data);
		return 0;
	}
	if (nr == SYS_seccomp && a[0] == SECCOMP_GET_ACTION_AVAIL)
		return 0;
	if (nr == SYS_seccomp) {
		errno = EINVAL; /* strict mode or loading: never needed by --explain */
		return -1;
	}
	long (*next)(long, ...) = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
	return next(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}
