/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The promise catalogue. Every syscall named here is "known": a known call
 * outside the granted promises is denied and reported; a call unknown to
 * the catalogue (and clone3/openat2, whose arguments sit behind pointers)
 * gets ENOSYS so that libc falls back to a call that can be filtered.
 * Names that this architecture lacks compile to negative numbers and are
 * skipped, so one table serves every architecture libseccomp knows
 * (tests/escape/catalogue.c checks that, and aarch64.t compiles it there).
 * Each attack this table must stop is a line of tests/escape/attempts.txt. */
#include "catalogue/promises.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <asm/termbits.h> /* struct termios2, for TCGETS2 */
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#include <linux/seccomp.h>
#include <netinet/in.h> /* SOL_IP, IP_RECVERR, IPV6_RECVERR */

#include "base/util.h"
#include "catalogue/grants.h"

#define SYS(n)                                    \
	{                                         \
#n, SCMP_SYS(n), 0, { { 0 } }, "" \
	}
#define SYS1(n, c1, note)                        \
	{                                        \
#n, SCMP_SYS(n), 1, { c1 }, note \
	}
#define SYS2(n, c1, c2, note)                        \
	{                                            \
#n, SCMP_SYS(n), 2, { c1, c2 }, note \
	}
/* Calls newer than the build's kernel headers: numbered by the running
 * libseccomp, skipped when it does not know them. */
#define SYSN(n)                                  \
	{                                        \
#n, NR_BY_NAME, 0, { { 0 } }, "" \
	}
#define SYSN1(n, c1, note)                      \
	{                                       \
#n, NR_BY_NAME, 1, { c1 }, note \
	}
#define EQ(a, v)                     \
	{                            \
		(a), COND_EQ, 0, (v) \
	}
#define MASKED(a, m, v)                       \
	{                                     \
		(a), COND_MASKED_EQ, (m), (v) \
	}
/* ioctl requests are 32 bits in the kernel; compare only those, so that
 * garbage in the upper half cannot slip past (TIOCSTI | 1<<32). */
#define IOCTL(req) SYS1(ioctl, MASKED(1, 0xffffffffu, (req)), #req)
/* fcntl64 is the same call on 32-bit architectures. */
#define FCNTL(cmd) SYS1(fcntl, EQ(1, (cmd)), #cmd), SYS1(fcntl64, EQ(1, (cmd)), #cmd)
#define PRCTL(opt) SYS1(prctl, EQ(0, (opt)), #opt)
/* W^X: an executable mapping is never writable at the same time. */
#define EXEC_NOT_WRITE(a) MASKED(a, PROT_EXEC | PROT_WRITE, PROT_EXEC)
#define NO_EXEC(a) MASKED(a, PROT_EXEC, 0)
#define NO_SETID(a) MASKED(a, SETID_MODE_BITS, 0)

/* O_TMPFILE includes O_DIRECTORY; only its own bit may be masked, or
 * opendir() would look like a write. */
#define TMPFILE_BIT 020000000
#define OPEN_WRITE_BITS (O_ACCMODE | O_CREAT | O_TRUNC | TMPFILE_BIT | O_APPEND)
#define CLONE_NEW_ANY                                                                  \
	(CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | \
	 CLONE_NEWPID | CLONE_NEWNET)
#define SETID_MODE_BITS 07000u
/* The type argument carries SOCK_CLOEXEC/SOCK_NONBLOCK above its low bits. */
#define SOCK_TYPE(t) MASKED(1, 0xf, (t))
/* Process calls act on the caller only: pid 0, or its own (the launcher's
 * pid, which the target keeps; patched into the filter at each run).
 * Landlock's signal scope does not cover these calls. */
#define ON_SELF(n, a, note) SYS1(n, EQ(a, 0), note), SYS1(n, EQ(a, VALUE_SELF_PID), note)
/* Every resource limit but RLIMIT_CORE: a core file is written by the
 * kernel into the working directory, where Landlock's rules do not reach,
 * with memory the target fills. The kernel reads the resource as 32 bits,
 * so "not equal to 4" on the whole register would let RLIMIT_CORE | 1 << 32
 * through (and libseccomp takes one comparison per argument, so no second
 * one for the upper half): resources 0-15 but 4 as masked comparisons of
 * the low 32 bits. */
#define RLIM_0_3(a) MASKED(a, 0xfffffffcu, 0)
#define RLIM_5(a) MASKED(a, 0xffffffffu, 5)
#define RLIM_6_7(a) MASKED(a, 0xfffffffeu, 6)
#define RLIM_8_15(a) MASKED(a, 0xfffffff8u, 8)
#define PRLIMIT_RULES(pid, note)                                \
	SYS2(prlimit64, EQ(0, pid), RLIM_0_3(1), note),         \
		SYS2(prlimit64, EQ(0, pid), RLIM_5(1), note),   \
		SYS2(prlimit64, EQ(0, pid), RLIM_6_7(1), note), \
		SYS2(prlimit64, EQ(0, pid), RLIM_8_15(1), note)
#define SETRLIMIT_RULES(note)                                                 \
	SYS1(setrlimit, RLIM_0_3(0), note), SYS1(setrlimit, RLIM_5(0), note), \
		SYS1(setrlimit, RLIM_6_7(0), note), SYS1(setrlimit, RLIM_8_15(0), note)
_Static_assert(RLIMIT_CORE == 4 && RLIM_NLIMITS == 16, "the RLIM_ masks leave out 4 of 0-15");
#ifndef PR_SET_VMA
#define PR_SET_VMA 0x53564d41
#endif
/* Flags of a further filter that only narrow: synchronising the process's
 * threads to it (TSYNC, TSYNC_ESRCH) and logging its answers (LOG). Not
 * SPEC_ALLOW (turns off the speculative store bypass mitigation) and
 * not NEW_LISTENER (nor WAIT_KILLABLE_RECV, which goes with it): where
 * two filters both answer USER_NOTIF, the kernel notifies the newer
 * filter's listener, so a target holding one would receive the calls our
 * filter sends to the supervisor and could let them CONTINUE. */
#ifndef SECCOMP_FILTER_FLAG_TSYNC_ESRCH
#define SECCOMP_FILTER_FLAG_TSYNC_ESRCH (1u << 4) /* Linux 5.7 */
#endif
#define SECCOMP_NARROWING_FLAGS \
	(SECCOMP_FILTER_FLAG_TSYNC | SECCOMP_FILTER_FLAG_LOG | SECCOMP_FILTER_FLAG_TSYNC_ESRCH)
#define SECCOMP_OTHER_FLAGS (0xffffffffu & ~SECCOMP_NARROWING_FLAGS)
#ifndef MFD_NOEXEC_SEAL
#define MFD_NOEXEC_SEAL 0x0008u /* Linux 6.3 */
#endif

static const struct promise_call stdio_rules[] = {
	SYS(read),
	SYS(write),
	SYS(readv),
	SYS(writev),
	SYS(pread64),
	SYS(pwrite64),
	SYS(preadv),
	SYS(pwritev),
	SYS(preadv2),
	SYS(pwritev2),
	SYS(close),
	SYS(close_range),
	SYS(lseek),
	SYS(_llseek),
	SYS(fstat),
	SYS(fstat64),
	SYS(fstatfs),
	SYS(fstatfs64),
	SYS(dup),
	SYS(dup2),
	SYS(dup3),
	SYS(pipe),
	SYS(pipe2),
	SYS(sendfile),
	SYS(sendfile64),
	SYS(splice),
	SYS(tee),
	SYS(vmsplice),
	SYS(copy_file_range),
	SYS(fadvise64),
	SYS(fadvise64_64),
	SYS(arm_fadvise64_64),
	SYS(readahead),
	SYS(fsync),
	SYS(fdatasync),
	FCNTL(F_DUPFD),
	FCNTL(F_DUPFD_CLOEXEC),
	FCNTL(F_GETFD),
	FCNTL(F_SETFD),
	FCNTL(F_GETFL),
	FCNTL(F_SETFL),
	FCNTL(F_GETPIPE_SZ),
	FCNTL(F_SETPIPE_SZ),
	FCNTL(F_GET_SEALS),
	FCNTL(F_ADD_SEALS),
	FCNTL(F_GETOWN), /* never F_SETOWN: SIGIO to another process */
	/* memory: no executable mapping unless it is file-backed and not
	 * writable, which is what ld.so does with libraries (prot_exec grants
	 * anonymous ones) */
	SYS1(mmap, NO_EXEC(2), "without PROT_EXEC"),
	SYS2(mmap, EXEC_NOT_WRITE(2), MASKED(3, MAP_ANONYMOUS, 0),
	     "PROT_EXEC of a file, not writable (the dynamic loader)"),
	SYS1(mmap2, NO_EXEC(2), "without PROT_EXEC"),
	SYS2(mmap2, EXEC_NOT_WRITE(2), MASKED(3, MAP_ANONYMOUS, 0),
	     "PROT_EXEC of a file, not writable (the dynamic loader)"),
	SYS1(mprotect, NO_EXEC(2), "without PROT_EXEC"),
	SYS1(pkey_mprotect, NO_EXEC(2), "without PROT_EXEC"),
	SYS(munmap),
	SYS(mremap),
	SYS(madvise),
	SYS(msync),
	SYS(mincore),
	SYS(brk),
	SYS(membarrier),
	SYS(mlock),
	SYS(mlock2),
	SYS(munlock),
	SYSN(mseal),
	/* identity, time, scheduling: read-only views of oneself */
	SYS(getpid),
	SYS(getppid),
	SYS(gettid),
	SYS(getuid),
	SYS(geteuid),
	SYS(getgid),
	SYS(getegid),
	SYS(getresuid),
	SYS(getresgid),
	SYS(getgroups),
	SYS(getuid32),
	SYS(geteuid32),
	SYS(getgid32),
	SYS(getegid32),
	SYS(getresuid32),
	SYS(getresgid32),
	SYS(getgroups32),
	SYS(getpgrp),
	SYS(getpgid),
	SYS(getsid),
	SYS(capget),
	SYS(getrlimit),
	SYS(ugetrlimit),
	SYS(getrusage),
	SYS2(prlimit64, EQ(0, 0), EQ(2, 0), "of itself, as a getter (new limit NULL)"),
	SYS(times),
	SYS(uname),
	SYS(sysinfo),
	SYS(umask),
	SYS(getcpu),
	SYS(getrandom),
	SYS(clock_gettime),
	SYS(clock_gettime64),
	SYS(clock_getres),
	SYS(clock_getres_time64),
	SYS(clock_nanosleep),
	SYS(clock_nanosleep_time64),
	SYS(nanosleep),
	SYS(gettimeofday),
	SYS(time),
	SYS(sched_yield),
	SYS(sched_getaffinity),
	SYS(sched_getparam),
	SYS(sched_getscheduler),
	SYS(sched_get_priority_max),
	SYS(sched_get_priority_min),
	SYS(sched_rr_get_interval),
	SYS(sched_rr_get_interval_time64),
	SYS(getitimer),
	SYS(setitimer),
	SYS(alarm),
	SYS(pause),
	SYS(timer_create),
	SYS(timer_settime),
	SYS(timer_settime64),
	SYS(timer_gettime),
	SYS(timer_gettime64),
	SYS(timer_getoverrun),
	SYS(timer_delete),
	/* the kernel compares the low 32 bits: 0xffffffff only reads */
	SYS1(personality, MASKED(0, 0xffffffffu, 0xffffffffu), "query only (0xffffffff)"),
	SYS(arch_prctl),
	SYS(set_tid_address),
	SYS(set_robust_list),
	SYS(get_robust_list),
	SYS(rseq),
	SYS(futex),
	SYS(futex_time64),
	SYS(futex_waitv),
	SYS(exit),
	SYS(exit_group),
	SYS(restart_syscall),
	SYS(wait4),
	SYS(waitid),
	SYS(waitpid),
	/* signals: to oneself (Landlock's signal scope guards the rest) */
	SYS(rt_sigaction),
	SYS(rt_sigprocmask),
	SYS(rt_sigreturn),
	SYS(sigreturn),
	SYS(rt_sigpending),
	SYS(rt_sigsuspend),
	SYS(rt_sigtimedwait),
	SYS(rt_sigtimedwait_time64),
	SYS(sigaltstack),
	SYS1(kill, EQ(0, VALUE_SELF_PID), "to itself"),
	SYS1(tgkill, EQ(0, VALUE_SELF_PID), "to its own threads"),
	/* waiting on descriptors it already has */
	SYS(poll),
	SYS(ppoll),
	SYS(ppoll_time64),
	SYS(select),
	SYS(_newselect),
	SYS(pselect6),
	SYS(pselect6_time64),
	SYS(epoll_create),
	SYS(epoll_create1),
	SYS(epoll_ctl),
	SYS(epoll_wait),
	SYS(epoll_pwait),
	SYS(epoll_pwait2),
	SYS(eventfd),
	SYS(eventfd2),
	SYS(timerfd_create),
	SYS(timerfd_settime),
	SYS(timerfd_settime64),
	SYS(timerfd_gettime),
	SYS(timerfd_gettime64),
	SYS(signalfd),
	SYS(signalfd4),
	/* sockets it already has (OpenBSD's stdio allows the same), and pairs
	 * that cannot send to an address: a stream socket refuses one (EISCONN),
	 * a seqpacket socket ignores it, where a datagram socket would deliver
	 * to any socket on disk (/dev/log, journald) and pass descriptors out.
	 * sendmsg's address sits behind a pointer: that is why no datagram
	 * pair. unix, inet and dns grant sendto with an address. */
	SYS2(socketpair, EQ(0, AF_UNIX), SOCK_TYPE(SOCK_STREAM), "AF_UNIX, SOCK_STREAM"),
	SYS2(socketpair, EQ(0, AF_UNIX), SOCK_TYPE(SOCK_SEQPACKET), "AF_UNIX, SOCK_SEQPACKET"),
	SYS1(sendto, EQ(4, 0), "without an address (NULL)"),
	SYS(recvfrom),
	SYS(send),
	SYS(recv),
	SYS(sendmsg),
	SYS(recvmsg),
	SYS(sendmmsg),
	SYS(recvmmsg),
	SYS(recvmmsg_time64),
	SYS(shutdown),
	SYS(getsockopt),
	SYS(getsockname),
	SYS(getpeername),
	IOCTL(FIONREAD),
	IOCTL(FIONBIO),
	IOCTL(FIOCLEX),
	IOCTL(FIONCLEX),
	IOCTL(TCGETS),
	IOCTL(TCGETS2),
	IOCTL(TIOCGWINSZ),
	IOCTL(TIOCGPGRP),
	PRCTL(PR_GET_DUMPABLE),
	PRCTL(PR_SET_NAME),
	PRCTL(PR_GET_NAME),
	PRCTL(PR_GET_SECUREBITS),
	PRCTL(PR_CAPBSET_READ),
	PRCTL(PR_GET_NO_NEW_PRIVS),
	PRCTL(PR_SET_NO_NEW_PRIVS),
	PRCTL(PR_GET_SECCOMP),
	PRCTL(PR_SET_VMA),
	PRCTL(PR_GET_PDEATHSIG),
	PRCTL(PR_SET_PDEATHSIG),
	PRCTL(PR_GET_TIMERSLACK),
	PRCTL(PR_GET_THP_DISABLE),
	PRCTL(PR_GET_KEEPCAPS),
	PRCTL(PR_GET_CHILD_SUBREAPER),
	/* Restricting itself further (xz 5.6 applies Landlock to itself). A
	 * Landlock domain stacks on ours and can only take rights away; a
	 * further seccomp filter (or strict mode) cannot loosen ours either:
	 * the kernel runs every filter on every call and the strictest answer
	 * wins. Any operation, but not with a listener of its own or
	 * SPEC_ALLOW (SECCOMP_OTHER_FLAGS above says why), except as a probe
	 * with no filter (NULL), which only gets EFAULT: libseccomp probes
	 * each flag so. no_new_privs, which a filter needs, is set. */
	SYS(landlock_create_ruleset),
	SYS(landlock_add_rule),
	SYS(landlock_restrict_self),
	SYS1(seccomp, MASKED(1, SECCOMP_OTHER_FLAGS, 0), "flags TSYNC, TSYNC_ESRCH, LOG only"),
	SYS1(seccomp, EQ(2, 0), "any flag as a probe, without a filter (NULL)"),
	PRCTL(PR_SET_SECCOMP),
};

/* Read-only file access; Landlock decides which files. */
static const struct promise_call rpath_rules[] = {
	SYS1(open, MASKED(1, OPEN_WRITE_BITS, O_RDONLY), "O_RDONLY, no O_CREAT/O_TRUNC/O_APPEND"),
	SYS1(openat, MASKED(2, OPEN_WRITE_BITS, O_RDONLY), "O_RDONLY, no O_CREAT/O_TRUNC/O_APPEND"),
	SYS(stat),
	SYS(lstat),
	SYS(stat64),
	SYS(lstat64),
	SYS(newfstatat),
	SYS(fstatat64),
	SYS(statx),
	SYS(access),
	SYS(faccessat),
	SYS(faccessat2),
	SYS(readlink),
	SYS(readlinkat),
	SYS(getdents),
	SYS(getdents64),
	SYS(chdir),
	SYS(fchdir),
	SYS(getcwd),
	SYS(statfs),
	SYS(statfs64),
	SYS(fgetxattr),
	SYS(flistxattr),
	SYSN(cachestat),
	/* getxattr and listxattr by path: answered quietly (quiet[] below) */
};

/* A watch reports the names of files created or opened beneath any
 * directory the user may read, and when (the keystrokes of a terminal);
 * Landlock does not check watches. */
static const struct promise_call watch_rules[] = {
	SYS(inotify_init),
	SYS(inotify_init1),
	SYS(inotify_add_watch),
	SYS(inotify_rm_watch),
};

/* Writing files that exist (Landlock decides which). */
static const struct promise_call wpath_rules[] = {
	SYS1(open, MASKED(1, O_CREAT | TMPFILE_BIT, 0), "any access mode, no O_CREAT/O_TMPFILE"),
	SYS1(openat, MASKED(2, O_CREAT | TMPFILE_BIT, 0), "any access mode, no O_CREAT/O_TMPFILE"),
	SYS(truncate),
	SYS(truncate64),
	SYS(ftruncate),
	SYS(ftruncate64),
	SYS(fallocate),
	SYS(sync_file_range),
	SYS(sync_file_range2),
	SYS(arm_sync_file_range),
};

/* Creating and removing names; never with set-id mode bits. Like pledge's
 * cpath, O_CREAT opens the file for writing too. */
static const struct promise_call cpath_rules[] = {
	SYS2(open, MASKED(1, O_CREAT, O_CREAT), NO_SETID(2), "O_CREAT without set-id mode bits"),
	SYS2(open, MASKED(1, TMPFILE_BIT, TMPFILE_BIT), NO_SETID(2),
	     "O_TMPFILE without set-id mode bits"),
	SYS2(openat, MASKED(2, O_CREAT, O_CREAT), NO_SETID(3), "O_CREAT without set-id mode bits"),
	SYS2(openat, MASKED(2, TMPFILE_BIT, TMPFILE_BIT), NO_SETID(3),
	     "O_TMPFILE without set-id mode bits"),
	SYS1(creat, NO_SETID(1), "without set-id mode bits"),
	SYS1(mkdir, NO_SETID(1), "without set-id mode bits"),
	SYS1(mkdirat, NO_SETID(2), "without set-id mode bits"),
	SYS(rename),
	SYS(renameat),
	SYS(renameat2),
	SYS(link),
	SYS(linkat),
	SYS(symlink),
	SYS(symlinkat),
	SYS(unlink),
	SYS(unlinkat),
	SYS(rmdir),
};

static const struct promise_call dpath_rules[] = {
	SYS1(mknod, NO_SETID(1), "FIFOs and special files, no set-id mode bits"),
	SYS1(mknodat, NO_SETID(2), "FIFOs and special files, no set-id mode bits"),
};

static const struct promise_call flock_rules[] = {
	SYS(flock),         FCNTL(F_GETLK),     FCNTL(F_SETLK),      FCNTL(F_SETLKW),
	FCNTL(F_OFD_GETLK), FCNTL(F_OFD_SETLK), FCNTL(F_OFD_SETLKW),
};

static const struct promise_call fattr_rules[] = {
	SYS1(chmod, NO_SETID(1), "without set-id mode bits"),
	SYS1(fchmod, NO_SETID(1), "without set-id mode bits"),
	SYS1(fchmodat, NO_SETID(2), "without set-id mode bits"),
	SYSN1(fchmodat2, NO_SETID(2), "without set-id mode bits"),
	SYS(utime),
	SYS(utimes),
	SYS(utimensat),
	SYS(utimensat_time64),
	SYS(futimesat),
	SYS(setxattr),
	SYS(lsetxattr),
	SYS(fsetxattr),
	SYS(removexattr),
	SYS(lremovexattr),
	SYS(fremovexattr),
};

static const struct promise_call chown_rules[] = {
	SYS(chown),   SYS(fchown),   SYS(lchown),   SYS(fchownat),
	SYS(chown32), SYS(fchown32), SYS(lchown32),
};

/* Terminal control and pseudo-terminals, never TIOCSTI (typing into the
 * terminal) or TIOCLINUX. */
static const struct promise_call tty_rules[] = {
	IOCTL(TCSETS),
	IOCTL(TCSETSW),
	IOCTL(TCSETSF),
	IOCTL(TCSETS2),
	IOCTL(TCSETSW2),
	IOCTL(TCSETSF2),
	IOCTL(TIOCSWINSZ),
	IOCTL(TIOCSPGRP),
	IOCTL(TCFLSH),
	IOCTL(TCXONC),
	IOCTL(TCSBRK),
	IOCTL(TIOCGSID),
	IOCTL(TIOCOUTQ),
	IOCTL(TIOCGPTN),
	IOCTL(TIOCSPTLCK),
	IOCTL(TIOCGPTPEER),
	/* ncurses 6.5 (Debian 13: less) sets the file-system ids to the real
	 * ones around each file it opens: its own ids, which change nothing. */
	SYS1(setfsuid, EQ(0, VALUE_SELF_UID), "to its own user id (changes nothing)"),
	SYS1(setfsgid, EQ(0, VALUE_SELF_GID), "to its own group id (changes nothing)"),
	SYS1(setfsuid32, EQ(0, VALUE_SELF_UID), "to its own user id (changes nothing)"),
	SYS1(setfsgid32, EQ(0, VALUE_SELF_GID), "to its own group id (changes nothing)"),
};

/* sendto with an address: a socket it creates can reach addresses anyway. */
#define SOCKET_CALLS                                                                      \
	SYS(bind), SYS(connect), SYS(listen), SYS(accept), SYS(accept4), SYS(setsockopt), \
		SYS(sendto)

static const struct promise_call unix_rules[] = {
	SYS1(socket, EQ(0, AF_UNIX), "AF_UNIX"),
	SYS1(socketpair, EQ(0, AF_UNIX), "AF_UNIX, any type (datagram pairs too)"),
	SOCKET_CALLS,
};

/* TCP and UDP only: raw sockets need CAP_NET_RAW, which is dropped, and
 * other types have no business in a parser. */
static const struct promise_call inet_rules[] = {
	SYS2(socket, EQ(0, AF_INET), SOCK_TYPE(SOCK_STREAM), "AF_INET, SOCK_STREAM"),
	SYS2(socket, EQ(0, AF_INET), SOCK_TYPE(SOCK_DGRAM), "AF_INET, SOCK_DGRAM"),
	SYS2(socket, EQ(0, AF_INET6), SOCK_TYPE(SOCK_STREAM), "AF_INET6, SOCK_STREAM"),
	SYS2(socket, EQ(0, AF_INET6), SOCK_TYPE(SOCK_DGRAM), "AF_INET6, SOCK_DGRAM"),
	SOCKET_CALLS,
};

/* Name resolution as glibc does it: UDP to the servers in resolv.conf
 * (with IP_RECVERR or IPV6_RECVERR on the socket, res_send.c), and a
 * NETLINK_ROUTE socket for getaddrinfo's AI_ADDRCONFIG (reading it needs
 * no privilege; changing routes needs CAP_NET_ADMIN, which is dropped).
 * Resolvers falling back to TCP for long answers need inet. */
static const struct promise_call dns_rules[] = {
	SYS2(socket, EQ(0, AF_INET), SOCK_TYPE(SOCK_DGRAM), "AF_INET, SOCK_DGRAM"),
	SYS2(socket, EQ(0, AF_INET6), SOCK_TYPE(SOCK_DGRAM), "AF_INET6, SOCK_DGRAM"),
	SYS2(socket, EQ(0, AF_NETLINK), EQ(2, NETLINK_ROUTE), "AF_NETLINK, NETLINK_ROUTE"),
	SYS2(setsockopt, EQ(1, SOL_IP), EQ(2, IP_RECVERR), "SOL_IP, IP_RECVERR"),
	SYS2(setsockopt, EQ(1, SOL_IPV6), EQ(2, IPV6_RECVERR), "SOL_IPV6, IPV6_RECVERR"),
	SYS(connect),
	SYS(bind),
	SYS(sendto),
};

/* Linux's seccomp cannot look inside a msghdr, so SCM_RIGHTS cannot be told
 * apart: sendmsg and recvmsg are in stdio. The names are kept so that
 * profiles written for pledge(2) load. */
static const struct promise_call recvfd_rules[] = { SYS(recvmsg) };
static const struct promise_call sendfd_rules[] = { SYS(sendmsg) };

/* Other processes: which ones may be signalled is Landlock's signal scope
 * (ABI 6): only those inside the same sandbox. Priorities, limits and
 * scheduling of itself only (ON_SELF): PRIO_PGRP and PRIO_USER with 0
 * mean its process group and its user. */
#define SELF_NOTE "of itself (pid 0 or its own)"
#define LIMIT_NOTE "of itself (pid 0 or its own), not RLIMIT_CORE"
static const struct promise_call proc_rules[] = {
	SYS(fork),
	SYS(vfork),
	SYS1(clone, MASKED(0, CLONE_THREAD | CLONE_NEW_ANY, 0), "a new process, no CLONE_NEW*"),
	SYS(kill),
	SYS(tgkill),
	SYS(rt_sigqueueinfo),
	SYS(rt_tgsigqueueinfo),
	SYS(setpgid),
	SYS(setsid),
	SYS(getpriority),
	SYS2(setpriority, EQ(0, PRIO_PROCESS), EQ(1, 0), "PRIO_PROCESS " SELF_NOTE),
	SYS2(setpriority, EQ(0, PRIO_PROCESS), EQ(1, VALUE_SELF_PID), "PRIO_PROCESS " SELF_NOTE),
	PRLIMIT_RULES(0, LIMIT_NOTE),
	PRLIMIT_RULES(VALUE_SELF_PID, LIMIT_NOTE),
	SYS2(prlimit64, EQ(0, VALUE_SELF_PID), EQ(2, 0), "of itself (its own pid), as a getter"),
	SETRLIMIT_RULES("not RLIMIT_CORE"),
	ON_SELF(sched_setaffinity, 0, SELF_NOTE),
	ON_SELF(sched_setscheduler, 0, SELF_NOTE),
	ON_SELF(sched_setparam, 0, SELF_NOTE),
	PRCTL(PR_SET_CHILD_SUBREAPER),
};

/* Affinity of the calling thread (0) or of the process's first thread:
 * pthread_setaffinity_np on another thread names its tid, which the
 * filter cannot tell from another process's pid. */
static const struct promise_call thread_rules[] = {
	SYS1(clone, MASKED(0, CLONE_THREAD | CLONE_NEW_ANY, CLONE_THREAD),
	     "a new thread (CLONE_THREAD), no CLONE_NEW*"),
	SYS(tgkill),
	ON_SELF(sched_setaffinity, 0, SELF_NOTE),
};

static const struct promise_call exec_rules[] = { SYS(execve), SYS(execveat) };

/* Executable memory, never writable at the same time. A memfd must be
 * sealed against exec(2): mapping it executable is what JITs need, running
 * it as a program would be a file-less exec that Landlock cannot see. */
static const struct promise_call prot_exec_rules[] = {
	SYS1(mmap, EXEC_NOT_WRITE(2), "PROT_EXEC without PROT_WRITE"),
	SYS1(mmap2, EXEC_NOT_WRITE(2), "PROT_EXEC without PROT_WRITE"),
	SYS1(mprotect, EXEC_NOT_WRITE(2), "PROT_EXEC without PROT_WRITE"),
	SYS1(pkey_mprotect, EXEC_NOT_WRITE(2), "PROT_EXEC without PROT_WRITE"),
	SYS1(memfd_create, MASKED(1, MFD_NOEXEC_SEAL, MFD_NOEXEC_SEAL),
	     "with MFD_NOEXEC_SEAL (Linux 6.3)"),
};

static const struct promise_call id_rules[] = {
	SYS(setuid),     SYS(setgid),      SYS(setreuid),          SYS(setregid),
	SYS(setresuid),  SYS(setresgid),   SYS(setgroups),         SYS(setfsuid),
	SYS(setfsgid),   SYS(setuid32),    SYS(setgid32),          SYS(setreuid32),
	SYS(setregid32), SYS(setresuid32), SYS(setresgid32),       SYS(setgroups32),
	SYS(setfsuid32), SYS(setfsgid32),  PRCTL(PR_SET_KEEPCAPS),
};

/* System V IPC, which fakeroot's sysv flavour talks through. */
static const struct promise_call ipc_rules[] = {
	SYS(msgget), SYS(msgsnd), SYS(msgrcv),     SYS(msgctl),
	SYS(semget), SYS(semop),  SYS(semtimedop), SYS(semtimedop_time64),
	SYS(semctl), SYS(shmget), SYS(shmat),      SYS(shmdt),
	SYS(shmctl),
};

#define PROMISE(n, help)                                                    \
	{                                                                   \
#n, help, n##_rules, sizeof n##_rules / sizeof n##_rules[0] \
	}
static const struct promise promises[] = {
	PROMISE(stdio, "basic I/O on open descriptors, memory, time, signals to itself"),
	PROMISE(rpath, "read files and directories (which ones: Landlock)"),
	PROMISE(watch, "watch files for changes (inotify)"),
	PROMISE(wpath, "write files that exist"),
	PROMISE(cpath, "create, rename and remove files and directories"),
	PROMISE(dpath, "create FIFOs and special files"),
	/* seccomp sees no paths: cpath's calls, and Landlock grants /tmp */
	{ "tmppath", "a private temporary directory, $TMPDIR (cpath's calls there)", cpath_rules,
	  sizeof cpath_rules / sizeof cpath_rules[0] },
	PROMISE(flock, "file locks"),
	PROMISE(fattr, "change file modes (never set-id bits), times and attributes"),
	PROMISE(chown, "change file owners"),
	PROMISE(tty, "terminal control (never TIOCSTI or TIOCLINUX)"),
	PROMISE(unix, "AF_UNIX sockets"),
	PROMISE(inet, "AF_INET and AF_INET6 sockets (ports: Landlock)"),
	PROMISE(dns, "name resolution: UDP sockets and a NETLINK_ROUTE socket"),
	PROMISE(recvfd, "receive descriptors (part of stdio on Linux)"),
	PROMISE(sendfd, "send descriptors (part of stdio on Linux)"),
	PROMISE(proc, "create processes, signal them; its own priority and limits"),
	PROMISE(thread, "create threads"),
	PROMISE(exec, "execute programs (which ones: Landlock)"),
	PROMISE(prot_exec, "executable memory: JIT compilers and memfd code"),
	PROMISE(id, "change user and group ids"),
	PROMISE(ipc, "System V message queues, semaphores and shared memory"),
};
#define N_PROMISES (sizeof promises / sizeof promises[0])
_Static_assert(N_PROMISES <= 64, "a promise_set (grants.h) holds 64 promises");

/* Known to the catalogue, and never granted by any promise or profile. */
#define NEVER(n, why)                \
	{                            \
#n, SCMP_SYS(n), why \
	}
#define NEVERN(n, why)              \
	{                           \
#n, NR_BY_NAME, why \
	}
static const struct never_call never[] = {
	NEVER(io_uring_setup, "io_uring bypasses seccomp"),
	NEVER(io_uring_enter, "io_uring bypasses seccomp"),
	NEVER(io_uring_register, "io_uring bypasses seccomp"),
	NEVER(bpf, "kernel attack surface"),
	NEVER(perf_event_open, "kernel attack surface"),
	NEVER(userfaultfd, "used to widen kernel races"),
	NEVER(keyctl, "kernel keyrings are shared state"),
	NEVER(add_key, "kernel keyrings are shared state"),
	NEVER(request_key, "kernel keyrings are shared state"),
	NEVER(ptrace, "would control other processes"),
	NEVER(process_vm_readv, "would read other processes"),
	NEVER(process_vm_writev, "would write other processes"),
	NEVER(kcmp, "reveals other processes' state"),
	NEVER(pidfd_getfd, "would steal descriptors"),
	NEVER(mount, "mounts escape Landlock"),
	NEVER(umount2, "mounts escape Landlock"),
	NEVER(umount, "mounts escape Landlock"),
	NEVER(pivot_root, "mounts escape Landlock"),
	NEVER(chroot, "mounts escape Landlock"),
	NEVER(fsopen, "mounts escape Landlock"),
	NEVER(fsmount, "mounts escape Landlock"),
	NEVER(fspick, "mounts escape Landlock"),
	NEVER(fsconfig, "mounts escape Landlock"),
	NEVER(open_tree, "mounts escape Landlock"),
	NEVER(move_mount, "mounts escape Landlock"),
	NEVER(mount_setattr, "mounts escape Landlock"),
	NEVER(unshare, "namespaces widen kernel attack surface"),
	NEVER(setns, "namespaces widen kernel attack surface"),
	NEVER(kexec_load, "replaces the kernel"),
	NEVER(kexec_file_load, "replaces the kernel"),
	NEVER(init_module, "loads kernel code"),
	NEVER(finit_module, "loads kernel code"),
	NEVER(delete_module, "unloads kernel code"),
	NEVER(reboot, "stops the machine"),
	NEVER(swapon, "system administration"),
	NEVER(swapoff, "system administration"),
	NEVER(settimeofday, "sets the clock"),
	NEVER(clock_settime, "sets the clock"),
	NEVER(clock_adjtime, "sets the clock"),
	NEVER(adjtimex, "sets the clock"),
	NEVER(stime, "sets the clock"),
	NEVER(acct, "system administration"),
	NEVER(quotactl, "system administration"),
	NEVERN(quotactl_fd, "system administration"),
	NEVER(iopl, "raw hardware access"),
	NEVER(ioperm, "raw hardware access"),
	NEVER(open_by_handle_at, "bypasses path checks"),
	NEVER(name_to_handle_at, "prepares open_by_handle_at"),
	NEVER(memfd_secret, "hides memory from inspection"),
	NEVER(syslog, "reads the kernel log"),
	NEVER(vhangup, "system administration"),
	NEVER(sethostname, "system administration"),
	NEVER(setdomainname, "system administration"),
	NEVER(lookup_dcookie, "kernel attack surface"),
	NEVER(uselib, "obsolete loader call"),
	NEVER(modify_ldt, "kernel attack surface"),
	NEVER(fanotify_init, "watches the whole system"),
	NEVER(process_madvise, "acts on other processes"),
	NEVER(pidfd_open, "acts on other processes"),
	NEVER(pidfd_send_signal, "acts on other processes"),
	NEVER(capset, "capabilities are dropped by sandbox-run"),
	NEVER(tkill, "obsolete; tgkill is granted instead"),
	NEVER(ustat, "obsolete"),
	NEVER(sysfs, "obsolete"),
	NEVER(vm86, "obsolete"),
	NEVER(vm86old, "obsolete"),
};
#define N_NEVER (sizeof never / sizeof never[0])

/* What the argument conditions rule out whatever the promises; calls whose
 * every rule has conditions cannot be named in "allow" either. */
static const char *const never_by_condition[] = {
	"ioctl TIOCSTI, TIOCLINUX (no promise lists them)",
	"clone with CLONE_NEW* flags",
	"mmap, mprotect with PROT_WRITE and PROT_EXEC together",
	"set-id mode bits (07000) in open, creat, mkdir, mknod, chmod",
	"personality other than a query",
	"memfd_create without MFD_NOEXEC_SEAL (a file-less exec)",
	"fcntl F_SETOWN, prctl options not listed",
	"seccomp filters with a listener (NEW_LISTENER) or SPEC_ALLOW",
	"setpriority, prlimit64, sched_set* of another process",
	"RLIMIT_CORE set by setrlimit or prlimit64 (core files escape Landlock)",
};

/* Answered by the kernel with an errno that tools take for "nothing
 * there", in every on-violation mode and unreported, unless a rule of the
 * policy allows the call ("allow = getxattr" does). By path, extended
 * attributes of any file would be readable (Landlock does not check
 * them); on a descriptor (fgetxattr, flistxattr, rpath) the file was
 * opened under Landlock's rules. */
#define QUIET(n, e, why)                    \
	{                                   \
#n, SCMP_SYS(n), e, #e, why \
	}
static const struct quiet_call quiet[] = {
	QUIET(getxattr, ENOTSUP, "extended attributes not supported"),
	QUIET(lgetxattr, ENOTSUP, "extended attributes not supported"),
	QUIET(listxattr, ENOTSUP, "extended attributes not supported"),
	QUIET(llistxattr, ENOTSUP, "extended attributes not supported"),
};
#define N_QUIET (sizeof quiet / sizeof quiet[0])

uint64_t value_of_self(uint64_t value, uint64_t self_pid)
{
	if (value == VALUE_SELF_PID)
		return self_pid;
	if (value == VALUE_SELF_UID)
		return (uint64_t)getuid();
	if (value == VALUE_SELF_GID)
		return (uint64_t)getgid();
	return value;
}

static bool cond_holds(const struct arg_cond *c, uint64_t arg, const pid_t *self)
{
	uint64_t want = self ? value_of_self(c->value, (uint64_t)*self) : c->value;
	switch (c->op) {
	case COND_EQ:
		return arg == want;
	case COND_NE:
		return arg != want;
	case COND_MASKED_EQ:
		return (arg & c->mask) == want;
	}
	return false;
}

bool conds_hold(const struct arg_cond *c, unsigned n, const uint64_t args[6], const pid_t *self)
{
	for (unsigned i = 0; i < n; i++)
		if (!cond_holds(&c[i], args[c[i].arg], self))
			return false;
	return true;
}

size_t promise_count(void)
{
	return N_PROMISES;
}
const struct promise *promise_at(size_t i)
{
	return &promises[i];
}
size_t never_count(void)
{
	return N_NEVER;
}
const struct never_call *never_at(size_t i)
{
	return &never[i];
}
size_t quiet_count(void)
{
	return N_QUIET;
}
const struct quiet_call *quiet_at(size_t i)
{
	return &quiet[i];
}

int promise_lookup(const char *name)
{
	/* The first letter first: a start looks names up many times, and a
	 * strcmp() per promise of the catalogue each time showed in profiles
	 * (docs/performance.md). */
	for (size_t i = 0; i < N_PROMISES; i++)
		if (promises[i].name[0] == name[0] && strcmp(promises[i].name, name) == 0)
			return (int)i;
	return -1;
}

const char *promise_suggest(const char *name)
{
	const char *names[N_PROMISES];
	for (size_t i = 0; i < N_PROMISES; i++)
		names[i] = promises[i].name;
	return closest(name, names, N_PROMISES);
}

bool promise_is_implicit(size_t i)
{
	return strcmp(promises[i].name, "stdio") == 0 || strcmp(promises[i].name, "rpath") == 0;
}

const struct never_call *never_lookup(const char *name)
{
	for (size_t i = 0; i < N_NEVER; i++)
		if (strcmp(never[i].name, name) == 0)
			return &never[i];
	return NULL;
}

int syscall_nr(const char *name)
{
	int nr = seccomp_syscall_resolve_name(name);
	return nr == __NR_SCMP_ERROR ? -1 : nr;
}

static int nr_of(const char *name, int nr)
{
	return nr == NR_BY_NAME ? syscall_nr(name) : nr;
}

int rule_nr(const struct promise_call *r)
{
	return nr_of(r->name, r->nr);
}

int never_nr(const struct never_call *n)
{
	return nr_of(n->name, n->nr);
}

/* An entry numbered by name is resolved only when it could be the call. */
const struct never_call *never_of(int nr)
{
	for (size_t i = 0; i < N_NEVER; i++)
		if ((never[i].nr == nr || never[i].nr == NR_BY_NAME) && never_nr(&never[i]) == nr)
			return &never[i];
	return NULL;
}

const struct quiet_call *quiet_of(int nr)
{
	for (size_t i = 0; i < N_QUIET; i++)
		if (quiet[i].nr == nr)
			return &quiet[i];
	return NULL;
}

/* The catalogue's call nearest to a misspelt name (--check's "did you mean"). */
static const char *syscall_suggest(const char *name)
{
	static const char *names[1024];
	size_t n = 0;
	for (size_t i = 0; i < N_PROMISES; i++)
		for (size_t j = 0; j < promises[i].nrules && n < 1024; j++)
			names[n++] = promises[i].rules[j].name;
	return closest(name, names, n);
}

/* A call that the catalogue grants only with conditions is refused whole
 * in "allow": "allow = ioctl" would grant TIOCSTI, "allow = clone" new
 * namespaces, "allow = mmap" writable code, "allow = openat" set-id files. */
int syscall_allowable(const char *name, const char **why)
{
	static char buf[512];
	char granting[256];
	struct catalogue_answer a;
	catalogue_grants_name(name, &a);
	if (a.never) {
		snprintf(buf, sizeof buf, "system call \"%s\" is never granted (%s)", name,
			 a.never->why);
		*why = buf;
		return -1;
	}
	if (a.has && !a.whole) {
		promise_set_names(a.has, ", ", false, granting, sizeof granting);
		snprintf(buf, sizeof buf,
			 "system call \"%s\" is granted only with argument "
			 "conditions; use a promise instead (%s: sandbox-run --list-promises)",
			 name, granting);
		*why = buf;
		return -1;
	}
	if (a.whole || syscall_nr(name) != -1)
		return 0;
	const char *hint = syscall_suggest(name);
	snprintf(buf, sizeof buf, "unknown system call \"%s\"%s%s%s", name,
		 hint ? " (did you mean \"" : "", hint ? hint : "", hint ? "\"?)" : "");
	*why = buf;
	return -1;
}

/* stdio and rpath are held by every profile, so naming them would not help
 * a denied call; they are named only when no other promise has the call. */
void promises_granting(int nr, char *buf, size_t size)
{
	struct catalogue_answer a;
	catalogue_grants(nr, NULL, 0, &a);
	promise_set others = a.has & ~promises_implicit();
	promise_set_names(others ? others : a.has, " or ", true, buf, size);
}

/* --list-promises: one block per promise; the calls it grants whole on one
 * wrapped line, then one line per call with conditions, the conditions
 * joined by " | " (any one of them suffices). */
#define LIST_WIDTH 78
#define LIST_INDENT "    "

static size_t wrap_word(size_t col, const char *word)
{
	size_t len = strlen(word);
	if (col > strlen(LIST_INDENT) && col + 1 + len > LIST_WIDTH) {
		printf("\n" LIST_INDENT);
		col = strlen(LIST_INDENT);
	} else if (col > strlen(LIST_INDENT)) {
		putchar(' ');
		col++;
	}
	fputs(word, stdout);
	return col + len;
}

static bool shown(const struct promise_call *r)
{
	return rule_nr(r) >= 0; /* not on this architecture, or unknown to libseccomp */
}

static void print_whole_calls(const struct promise *p)
{
	size_t col = 0;
	for (size_t j = 0; j < p->nrules; j++) {
		if (p->rules[j].ncond || !shown(&p->rules[j]))
			continue;
		if (col == 0) {
			fputs(LIST_INDENT, stdout);
			col = strlen(LIST_INDENT);
		}
		col = wrap_word(col, p->rules[j].name);
	}
	if (col)
		putchar('\n');
}

static bool seen_before(const struct promise *p, size_t j)
{
	for (size_t k = 0; k < j; k++)
		if (p->rules[k].ncond && strcmp(p->rules[k].name, p->rules[j].name) == 0)
			return true;
	return false;
}

bool rule_note_repeated(const struct promise *p, size_t first, size_t k)
{
	for (size_t i = first; i < k; i++)
		if (strcmp(p->rules[i].name, p->rules[k].name) == 0 &&
		    strcmp(p->rules[i].note, p->rules[k].note) == 0)
			return true;
	return false;
}

static void print_conditional_calls(const struct promise *p)
{
	for (size_t j = 0; j < p->nrules; j++) {
		const struct promise_call *r = &p->rules[j];
		if (!r->ncond || !shown(r) || seen_before(p, j))
			continue;
		printf(LIST_INDENT "%s:", r->name);
		size_t col = strlen(LIST_INDENT) + strlen(r->name) + 1;
		bool first = true;
		for (size_t k = j; k < p->nrules; k++) {
			const char *note = p->rules[k].note;
			if (!p->rules[k].ncond || strcmp(p->rules[k].name, r->name) != 0 ||
			    rule_note_repeated(p, j, k))
				continue;
			if (!first && col + 3 + strlen(note) > LIST_WIDTH) {
				printf(" |\n" LIST_INDENT "    %s", note);
				col = strlen(LIST_INDENT) + 4 + strlen(note);
			} else {
				printf(first ? " %s" : " | %s", note);
				col += (first ? 1 : 3) + strlen(note);
			}
			first = false;
		}
		putchar('\n');
	}
}

static void print_promise(const struct promise *p)
{
	printf("%s%s\n" LIST_INDENT "# %s\n", p->name,
	       promise_is_implicit((size_t)(p - promises)) ? " (implicit: every profile holds it)" :
							     "",
	       p->help);
	print_whole_calls(p);
	print_conditional_calls(p);
}

int promises_print(const char *name)
{
	if (name) {
		int i = promise_lookup(name);
		if (i < 0)
			return -1;
		print_promise(&promises[i]);
		return 0;
	}
	for (size_t i = 0; i < N_PROMISES; i++) {
		print_promise(&promises[i]);
		putchar('\n');
	}
	printf("never (no promise and no \"allow\" grants these)\n");
	for (size_t i = 0; i < N_NEVER; i++)
		if (never_nr(&never[i]) >= 0)
			printf(LIST_INDENT "%s: %s\n", never[i].name, never[i].why);
	printf("\nnever, by the conditions above\n");
	for (size_t i = 0; i < sizeof never_by_condition / sizeof never_by_condition[0]; i++)
		printf(LIST_INDENT "%s\n", never_by_condition[i]);
	printf("\nquietly refused (an errno from the kernel, unreported; \"allow\" restores a call)\n");
	for (size_t i = 0; i < N_QUIET; i++)
		if (quiet[i].nr >= 0)
			printf(LIST_INDENT "%s: %s (%s)\n", quiet[i].name, quiet[i].errname,
			       quiet[i].why);
	printf("\nENOSYS (libc falls back to a call that can be filtered)\n" LIST_INDENT
	       "clone3 openat2, and every call not named above\n");
	return 0;
}
