/* SPDX-License-Identifier: GPL-2.0-or-later */
/* probe.c — one attack (or one harmless counterpart) per run, for the escape
 * tests of sandbox-run.
 *
 *   probe ATTEMPT [ARG]       run one attempt
 *   probe -v ATTEMPT [ARG]    the same, and tell on stderr how the verdict was reached
 *   probe --list              NAME<TAB>DESCRIPTION, one line per attempt
 *
 * The verdict is one line on stdout plus the exit status:
 *
 *   NAME: allowed                    0  the call reached the kernel: it succeeded, or it
 *                                       failed with an errno that only the kernel gives
 *                                       (bubblewrap's try-syscall idea: a bad fd, pointer
 *                                       or flag makes the call fail harmlessly once it is
 *                                       past the sandbox).  --list shows, per attempt,
 *                                       which errnos count as "reached".
 *   NAME: denied (EPERM)             1  refused the way a sandbox refuses: EPERM, EACCES,
 *                                       ENOSYS (seccomp errno, the supervisor, Landlock),
 *                                       or an attempt-specific answer (Landlock's EXDEV)
 *   NAME: denied (EACCES) at STEP    1  a step before the dangerous call was refused, so
 *                                       the attack could not even be set up
 *   NAME: not-applicable (ENOSYS)    3  the kernel lacks the feature: ENOSYS/EAFNOSUPPORT
 *                                       while no seccomp filter is installed (so the
 *                                       answer cannot have come from a sandbox)
 *   message on stderr                2  usage error, or an answer none of the above explain
 *
 * Killed by a signal (SIGSYS): the harness sees that itself.  Attempts that run
 * the dangerous call in a child re-raise the child's fatal signal, so the
 * harness sees the same death.  alarm(5) bounds every attempt.
 *
 * Steps before the dangerous call only use what a `stdio rpath` sandbox grants,
 * unless the description says otherwise.  Only paths given on the command line
 * are ever written, renamed, chmod'ed or removed.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netinet/in.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/quota.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/inotify.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/kcmp.h>
#include <linux/keyctl.h>
#include <linux/netlink.h>
#include <linux/perf_event.h>
#include <linux/userfaultfd.h>

/* Numbers newer than, or missing from, bookworm's headers.  The ABI is stable. */
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_clone3
#define SYS_clone3 435
#endif
#ifndef SYS_openat2
#define SYS_openat2 437
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif
#ifndef SYS_memfd_secret
#define SYS_memfd_secret 447
#endif
#ifndef SYS_io_uring_setup
#define SYS_io_uring_setup 425
#endif
#ifndef __X32_SYSCALL_BIT
#define __X32_SYSCALL_BIT 0x40000000
#endif
#ifndef MFD_NOEXEC_SEAL
#define MFD_NOEXEC_SEAL 0x0008U
#endif
#ifndef MFD_EXEC
#define MFD_EXEC 0x0010U
#endif
#ifndef UFFD_USER_MODE_ONLY
#define UFFD_USER_MODE_ONLY 1
#endif
#ifndef PR_SET_PTRACER
#define PR_SET_PTRACER 0x59616d61
#endif
#ifndef PR_SET_PTRACER_ANY
#define PR_SET_PTRACER_ANY ((unsigned long)-1)
#endif
#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef MAX_HANDLE_SZ
#define MAX_HANDLE_SZ 128
#endif

/* umount2() flag the kernel guarantees never to use: it fails EINVAL before
 * looking at the path or at privileges. */
#define UMOUNT_UNUSED 0x80000000
/* Below mmap_min_addr, so never mapped: the kernel answers EFAULT. */
#define BAD_PTR ((void *)8)
/* Where the loader lives on x86-64. */
#define LDSO "/lib64/ld-linux-x86-64.so.2"

/* struct open_how and struct clone_args (VER0): spelled out here because the
 * linux/ headers that carry them clash with glibc's <sys/mount.h>/<sched.h>. */
struct probe_open_how { uint64_t flags, mode, resolve; };
struct probe_clone_args {
	uint64_t flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls;
};
/* struct io_uring_params: the kernel wants the whole 120 bytes, zeroed. */
struct probe_io_uring_params {
	uint32_t sq_entries, cq_entries, flags, sq_thread_cpu, sq_thread_idle,
		 features, wq_fd, resv[3];
	uint64_t sq_off[5], cq_off[5];
};

static const char *running;	/* name of the attempt being run */
static bool verbose;

/* ------------------------------------------------------------------ */
/* Results                                                             */

/* What an attempt reports back.  err: 0 = the call succeeded, else its errno.
 * step: NULL when err belongs to the dangerous call itself, else the name of
 * the preparatory step that failed.  err NOT_APPLICABLE: step says why. */
struct result { int err; const char *step; };
#define NOT_APPLICABLE (-1)

static struct result ok(void) { return (struct result){ 0, NULL }; }
static struct result fail(void) { return (struct result){ errno, NULL }; }
static struct result fail_at(const char *step) { return (struct result){ errno, step }; }
static struct result of_err(int err) { return (struct result){ err, NULL }; }
static struct result of_rc(long rc) { return rc < 0 ? fail() : ok(); }
static struct result of_map(void *p) { return p == MAP_FAILED ? fail() : ok(); }

/* Every attempt takes the command-line argument; most have no use for it. */
#define NOARG const char *arg __attribute__((unused))

/* A new fd was the point; close it so nothing leaks into later steps. */
static struct result of_fd(long fd)
{
	if (fd < 0)
		return fail();
	close((int)fd);
	return ok();
}

static void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "probe: %s: ", running ? running : "usage");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static const char *errname(int err)
{
	static char buf[16];
	const char *name = strerrorname_np(err);

	if (name)
		return name;
	snprintf(buf, sizeof buf, "errno %d", err);
	return buf;
}

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

/* BASE + TAG + ".PID": a name that does not exist yet, in a place the
 * command line handed us; the pid keeps reruns from colliding. */
static const char *new_name(const char *base, const char *tag)
{
	static char buf[PATH_MAX];

	if (snprintf(buf, sizeof buf, "%s%s.%ld", base, tag, (long)getpid()) >= (int)sizeof buf)
		die("path too long: %s", base);
	return buf;
}

static in_port_t parse_port(const char *arg)
{
	char *end;
	unsigned long port = strtoul(arg, &end, 10);

	if (!*arg || *end || port == 0 || port > 65535)
		die("not a port number: %s", arg);
	return htons((in_port_t)port);
}

static struct sockaddr_in loopback(in_port_t port)
{
	return (struct sockaddr_in){ .sin_family = AF_INET, .sin_port = port,
				     .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
}

/* Is a seccomp filter installed?  Only then can ENOSYS be a sandbox's answer
 * rather than the kernel's.  Unreadable /proc counts as "yes": a sandbox hid it. */
static bool seccomp_filtered(void)
{
	char line[256];
	bool filtered = true;
	FILE *f = fopen("/proc/self/status", "re");

	if (!f)
		return true;
	while (fgets(line, sizeof line, f))
		if (!strncmp(line, "Seccomp:", 8)) {
			filtered = atoi(line + 8) != 0;
			break;
		}
	fclose(f);
	return filtered;
}

/* Die the way a child died, so the harness sees a SIGSYS even when the
 * dangerous call ran in a child. */
static void die_by_signal(int sig) __attribute__((noreturn));
static void die_by_signal(int sig)
{
	signal(sig, SIG_DFL);
	raise(sig);
	_exit(128 + sig);
}

/* Wait for a child; a stop (it is traced by us) is passed on, a fatal signal
 * is re-raised.  Returns the child's exit status. */
static int reap(pid_t pid)
{
	int st;

	for (;;) {
		if (waitpid(pid, &st, __WALL) < 0) {
			if (errno == EINTR)
				continue;
			die("waitpid: %s", strerror(errno));
		}
		if (WIFSTOPPED(st)) {
			ptrace(PTRACE_CONT, pid, 0, WSTOPSIG(st));
			continue;
		}
		if (WIFSIGNALED(st))
			die_by_signal(WTERMSIG(st));
		return WEXITSTATUS(st);
	}
}

/* The outcome of a fork-like call: the child leaves at once, we reap it. */
static struct result of_fork(long pid)
{
	if (pid < 0)
		return fail();
	if (pid == 0)
		_exit(0);
	reap((pid_t)pid);
	return ok();
}

/* "NAME: allowed": what an exec'd program prints to prove the exec worked. */
static char *allowed_line(void)
{
	static char buf[128];

	snprintf(buf, sizeof buf, "%s: allowed", running);
	return buf;
}

/* ------------------------------------------------------------------ */
/* Filesystem                                                          */

static struct result try_read_file(const char *path)
{
	char byte;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return fail();
	return of_rc(read(fd, &byte, 1));
}

static struct result try_write_file(const char *path)
{
	return of_fd(open(path, O_WRONLY | O_CLOEXEC));
}

static struct result try_append_file(const char *path)
{
	return of_fd(open(path, O_WRONLY | O_APPEND | O_CLOEXEC));
}

/* To the current size: kernel and Landlock check exactly what they check for
 * a real truncation, and the content survives. */
static struct result try_truncate_file(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return fail_at("stat");
	return of_rc(truncate(path, st.st_size));
}

static struct result try_ftruncate_file(const char *path)
{
	struct stat st;
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return fail_at("open O_WRONLY");
	if (fstat(fd, &st) < 0)
		return fail_at("fstat");
	return of_rc(ftruncate(fd, st.st_size));
}

static struct result try_create_file(const char *dir)
{
	return of_fd(open(new_name(dir, "/probe-create"),
			  O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
}

static struct result try_rename_file(const char *path)
{
	return of_rc(rename(path, new_name(path, ".renamed")));
}

static struct result try_unlink_file(const char *path)
{
	return of_rc(unlink(path));
}

static struct result try_mkdir(const char *dir)
{
	return of_rc(mkdir(new_name(dir, "/probe-mkdir"), 0755));
}

static struct result try_mkfifo(const char *dir)
{
	return of_rc(mkfifo(new_name(dir, "/probe-fifo"), 0600));
}

/* A copy of /dev/null: harmless even if it stays behind. */
static struct result try_mknod_dev(const char *dir)
{
	return of_rc(mknod(new_name(dir, "/probe-null"), S_IFCHR | 0600, makedev(1, 3)));
}

static struct result try_symlink(const char *path)
{
	return of_rc(symlink(path, new_name(path, ".symlink")));
}

static struct result try_link(const char *path)
{
	return of_rc(link(path, new_name(path, ".link")));
}

/* Raw syscalls for the chmod family: each attempt names the syscall it tests. */
static struct result try_chmod_file(const char *path)
{
	return of_rc(syscall(SYS_chmod, path, 0644));
}

static struct result try_chmod_setuid(const char *path)
{
	return of_rc(syscall(SYS_chmod, path, 04755));
}

static struct result try_fchmodat_setuid(const char *path)
{
	return of_rc(syscall(SYS_fchmodat, AT_FDCWD, path, 04755));
}

/* fchmod does not need a writable fd: a read-only open (rpath) is enough. */
static struct result try_fchmod_setuid(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return fail_at("open O_RDONLY");
	return of_rc(syscall(SYS_fchmod, fd, 04755));
}

static struct result try_open_setuid_mode(const char *dir)
{
	return of_fd(open(new_name(dir, "/probe-setuid"),
			  O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 04755));
}

/* To the owner it already has: allowed for an unprivileged owner too. */
static struct result try_chown_file(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return fail_at("stat");
	return of_rc(chown(path, st.st_uid, st.st_gid));
}

static struct result try_utimes_file(const char *path)
{
	return of_rc(utimes(path, NULL));
}

static struct result try_flock(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return fail_at("open O_RDONLY");
	return of_rc(flock(fd, LOCK_SH | LOCK_NB));
}

static struct result try_openat2(const char *path)
{
	struct probe_open_how how = { .flags = O_RDONLY | O_CLOEXEC };

	return of_fd(syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof how));
}

static struct result try_name_to_handle_at(const char *path)
{
	static _Alignas(struct file_handle) char buf[sizeof(struct file_handle) + MAX_HANDLE_SZ];
	struct file_handle *fh = (struct file_handle *)buf;
	int mount_id;

	fh->handle_bytes = MAX_HANDLE_SZ;
	return of_rc(name_to_handle_at(AT_FDCWD, path, fh, &mount_id, 0));
}

static struct result try_open_by_handle_at(NOARG)
{
	return of_fd(open_by_handle_at(AT_FDCWD, BAD_PTR, O_RDONLY));
}

/* /dev/tty is the controlling terminal; without one the kernel says ENXIO. */
static struct result try_open_tty(NOARG)
{
	return of_fd(open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC));
}

/* ------------------------------------------------------------------ */
/* Network                                                             */

static struct result try_socket_inet(NOARG) { return of_fd(socket(AF_INET, SOCK_STREAM, 0)); }
static struct result try_socket_inet6(NOARG) { return of_fd(socket(AF_INET6, SOCK_STREAM, 0)); }
static struct result try_socket_udp(NOARG) { return of_fd(socket(AF_INET, SOCK_DGRAM, 0)); }
static struct result try_socket_unix(NOARG) { return of_fd(socket(AF_UNIX, SOCK_STREAM, 0)); }
static struct result try_socket_alg(NOARG) { return of_fd(socket(AF_ALG, SOCK_SEQPACKET, 0)); }

static struct result try_socket_netlink(NOARG)
{
	return of_fd(socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE));
}

/* SOCK_RAW needs CAP_NET_RAW; inet grants only SOCK_STREAM and SOCK_DGRAM. */
static struct result try_socket_raw(NOARG)
{
	return of_fd(socket(AF_INET, SOCK_RAW, IPPROTO_ICMP));
}

static struct result try_socket_packet(NOARG)
{
	return of_fd(socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL)));
}

static struct result try_socketpair(NOARG)
{
	int sv[2];

	return of_rc(socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
}

static struct result try_socket_unix_abstract(NOARG)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);
	int n = snprintf(sa.sun_path + 1, sizeof sa.sun_path - 1,
			 "sandbox-run-probe.%ld", (long)getpid());

	if (fd < 0)
		return fail_at("socket");
	return of_rc(bind(fd, (struct sockaddr *)&sa,
			  (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)n)));
}

static struct result try_socket_unix_path(const char *dir)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	const char *path = new_name(dir, "/probe-sock");
	int fd;

	if (strlen(path) >= sizeof sa.sun_path)
		die("socket path too long: %s", path);
	strcpy(sa.sun_path, path);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0)
		return fail_at("socket");
	return of_rc(bind(fd, (struct sockaddr *)&sa, sizeof sa));
}

static struct result try_connect_tcp(const char *port)
{
	struct sockaddr_in sa = loopback(parse_port(port));
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0)
		return fail_at("socket");
	return of_rc(connect(fd, (struct sockaddr *)&sa, sizeof sa));
}

static struct result try_bind_tcp(NOARG)
{
	struct sockaddr_in sa = loopback(0);
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0)
		return fail_at("socket");
	return of_rc(bind(fd, (struct sockaddr *)&sa, sizeof sa));
}

/* ------------------------------------------------------------------ */
/* Exec: on success the new program prints "NAME: allowed" and exits 0.  */

static struct result try_exec_sh(NOARG)
{
	char *argv[] = { "sh", "-c", "echo \"$0: allowed\"", (char *)running, NULL };

	execve("/bin/sh", argv, environ);
	return fail();
}

/* The ld.so trick: the loader is executable (it is the target's PT_INTERP),
 * /bin/sh need only be readable.  ld.so's first act is to open /bin/sh; we
 * open it first, so a refusal shows up here instead of as ld.so's exit 127. */
static struct result try_exec_ldso(NOARG)
{
	char *argv[] = { LDSO, "/bin/sh", "-c", "echo \"$0: allowed\"", (char *)running, NULL };
	int fd = open("/bin/sh", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return fail_at("open /bin/sh");
	close(fd);
	execve(LDSO, argv, environ);
	return fail();
}

static struct result try_fexecve(NOARG)
{
	char *argv[] = { "echo", allowed_line(), NULL };
	int fd = open("/bin/echo", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return fail_at("open /bin/echo");
	fexecve(fd, argv, environ);
	return fail();
}

/* O_PATH needs no read permission (Landlock does not check it): only the
 * exec itself can stop this one. */
static struct result try_fexecve_opath(NOARG)
{
	char *argv[] = { "echo", allowed_line(), NULL };
	int fd = open("/bin/echo", O_PATH | O_CLOEXEC);

	if (fd < 0)
		return fail_at("open O_PATH /bin/echo");
	syscall(SYS_execveat, fd, "", argv, environ, AT_EMPTY_PATH);
	return fail();
}

/* Fileless exec.  The bytes come from our own binary (/proc/self/exe): the
 * sandbox must let the target read itself, and an attacker could as well have
 * taken them from an input file.  The copy runs `probe --exec-report NAME`. */
static struct result try_execveat_memfd(NOARG)
{
	char *argv[] = { "probe", "--exec-report", (char *)running, NULL };
	char buf[65536];
	ssize_t n;
	int src, mfd = memfd_create("probe", MFD_EXEC);

	if (mfd < 0 && errno == EINVAL)		/* kernel before 6.3: no MFD_EXEC */
		mfd = memfd_create("probe", 0);
	if (mfd < 0)
		return fail_at("memfd_create");
	src = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	if (src < 0)
		return fail_at("open /proc/self/exe");
	while ((n = read(src, buf, sizeof buf)) > 0)
		if (write(mfd, buf, (size_t)n) != n)
			return fail_at("write memfd");
	if (n < 0)
		return fail_at("read /proc/self/exe");
	syscall(SYS_execveat, mfd, "", argv, environ, AT_EMPTY_PATH);
	return fail();
}

/* F_SETOWN on a pipe: SIGIO would then go to any process it names. */
static struct result try_fcntl_setown(NOARG)
{
	int p[2];

	if (pipe2(p, O_CLOEXEC) < 0)
		return fail_at("pipe2");
	return of_rc(fcntl(p[0], F_SETOWN, getpid()));
}

/* A memfd that can be mapped, even executable, but never run (6.3+). */
static struct result try_memfd_noexec(NOARG)
{
	return of_fd(memfd_create("probe", MFD_NOEXEC_SEAL | MFD_CLOEXEC));
}

/* A memfd that exec(2) would run: the first step of a file-less exec. */
static struct result try_memfd_exec(NOARG)
{
	return of_fd(memfd_create("probe", MFD_CLOEXEC));
}

/* ------------------------------------------------------------------ */
/* Memory                                                              */

static void *anon_map(int prot)
{
	return mmap(NULL, (size_t)getpagesize(), prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct result try_mmap_wx(NOARG)
{
	return of_map(anon_map(PROT_READ | PROT_WRITE | PROT_EXEC));
}

static struct result try_mmap_anon_exec(NOARG)
{
	return of_map(anon_map(PROT_READ | PROT_EXEC));
}

static struct result mprotect_to(int prot)
{
	void *p = anon_map(PROT_READ | PROT_WRITE);

	if (p == MAP_FAILED)
		return fail_at("mmap RW");
	return of_rc(mprotect(p, (size_t)getpagesize(), prot));
}

static struct result try_mprotect_exec(NOARG) { return mprotect_to(PROT_READ | PROT_EXEC); }
static struct result try_mprotect_wx(NOARG) { return mprotect_to(PROT_READ | PROT_WRITE | PROT_EXEC); }

/* What ld.so does for every library. */
static struct result try_mmap_file_exec(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return fail_at("open O_RDONLY");
	return of_map(mmap(NULL, (size_t)getpagesize(), PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0));
}

/* ------------------------------------------------------------------ */
/* Terminal ioctls                                                     */

/* The slave side of a fresh pty (the master stays open for the life of the
 * probe).  -1 when /dev/ptmx is out of reach, as it is under `stdio rpath`. */
static int pty_slave(void)
{
	char name[64];
	int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);

	if (master < 0 || grantpt(master) < 0 || unlockpt(master) < 0 ||
	    ptsname_r(master, name, sizeof name) != 0)
		return -1;
	return open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
}

/* REQ on a pty.  Without a pty the request goes to fd -1: EBADF then shows
 * that it got past the filter (seccomp judges the request, not the fd; the
 * real attack target is an inherited terminal that no sandbox layer reopens).
 * The kernel itself answers EPERM for TIOCSTI on a tty that is not our
 * controlling tty unless we hold CAP_SYS_ADMIN: asking again on fd -1 tells
 * that EPERM from a sandbox's. */
static struct result tty_ioctl(unsigned long req, void *argp)
{
	int fd = pty_slave();

	if (syscall(SYS_ioctl, fd, req, argp) == 0)
		return ok();
	if (fd >= 0 && errno == EPERM)
		return of_rc(syscall(SYS_ioctl, -1, req, argp));
	return fail();
}

static struct result try_tiocsti(NOARG)
{
	char byte = ' ';

	return tty_ioctl(TIOCSTI, &byte);
}

/* The kernel reads the request as 32 bits; a filter comparing 64 bits would
 * not recognise it.  Hence sandbox-run's SCMP_CMP_MASKED_EQ. */
static struct result try_tiocsti_highbits(NOARG)
{
	char byte = ' ';

	return tty_ioctl(TIOCSTI | 0xdead00000000UL, &byte);
}

/* 6 = TIOCL_GETSHIFTSTATE, a mere query; a pty answers ENOTTY (not a VT). */
static struct result try_tioclinux(NOARG)
{
	char subcode = 6;

	return tty_ioctl(TIOCLINUX, &subcode);
}

static struct result try_tioclinux_highbits(NOARG)
{
	char subcode = 6;

	return tty_ioctl(TIOCLINUX | 0xdead00000000UL, &subcode);
}

/* ------------------------------------------------------------------ */
/* Kernel attack surface                                               */

static struct result try_io_uring_setup(NOARG)
{
	struct probe_io_uring_params params = { 0 };

	return of_fd(syscall(SYS_io_uring_setup, 1, &params));
}

/* User-mode-only faults need no privilege (vm.unprivileged_userfaultfd=0). */
static struct result try_userfaultfd(NOARG)
{
	return of_fd(syscall(SYS_userfaultfd, O_CLOEXEC | UFFD_USER_MODE_ONLY));
}

static struct result try_bpf(NOARG)
{
	return of_rc(syscall(SYS_bpf, BPF_PROG_LOAD, BAD_PTR, sizeof(union bpf_attr)));
}

/* Counting our own task clock, user space only: allowed at paranoid level 2. */
static struct result try_perf_event_open(NOARG)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE, .size = sizeof attr,
		.config = PERF_COUNT_SW_TASK_CLOCK,
		.disabled = 1, .exclude_kernel = 1, .exclude_hv = 1,
	};

	return of_fd(syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC));
}

static struct result try_keyctl(NOARG)
{
	return of_rc(syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 0));
}

/* Into the process keyring, which dies with us. */
static struct result try_add_key(NOARG)
{
	return of_rc(syscall(SYS_add_key, "user", "sandbox-run-probe", "x", 1,
			     KEY_SPEC_PROCESS_KEYRING));
}

/* No callout info: the kernel only searches, and finds nothing (ENOKEY). */
static struct result try_request_key(NOARG)
{
	return of_rc(syscall(SYS_request_key, "user", "sandbox-run-probe:absent", NULL,
			     KEY_SPEC_PROCESS_KEYRING));
}

static struct result try_memfd_secret(NOARG)
{
	return of_fd(syscall(SYS_memfd_secret, 0));
}

static struct result try_kcmp(NOARG)
{
	return of_rc(syscall(SYS_kcmp, getpid(), getpid(), KCMP_VM, 0, 0));
}

/* ------------------------------------------------------------------ */
/* Other processes                                                     */

/* PTRACE_SEIZE rather than ATTACH: it stops nothing and queues no SIGSTOP,
 * and our exit detaches (exit_ptrace), so the parent never notices. */
static struct result try_ptrace_parent(NOARG)
{
	return of_rc(ptrace(PTRACE_SEIZE, getppid(), 0, 0));
}

static struct result try_ptrace_child(NOARG)
{
	pid_t pid = fork();
	struct result r;
	int st;

	if (pid < 0)
		return fail_at("fork");
	if (pid == 0) {
		alarm(5);		/* alarms do not survive fork */
		for (;;)
			pause();
	}
	r = of_rc(ptrace(PTRACE_ATTACH, pid, 0, 0));
	if (r.err == 0) {
		while (waitpid(pid, &st, __WALL) < 0 && errno == EINTR)
			;
		ptrace(PTRACE_DETACH, pid, 0, 0);
	}
	kill(pid, SIGKILL);
	while (waitpid(pid, &st, __WALL) < 0 && errno == EINTR)
		;
	return r;
}

/* In a child: TRACEME in the probe itself would make the harness our tracer. */
static struct result try_ptrace_traceme(NOARG)
{
	pid_t pid = fork();

	if (pid < 0)
		return fail_at("fork");
	if (pid == 0)
		_exit(ptrace(PTRACE_TRACEME, 0, 0, 0) == 0 ? 0 : errno);
	return of_err(reap(pid));
}

static struct result try_process_vm_writev(NOARG)
{
	char byte = 0;
	struct iovec local = { &byte, 1 }, remote = { BAD_PTR, 1 };

	return of_rc(process_vm_writev(getppid(), &local, 1, &remote, 1, 0));
}

static struct result try_process_vm_readv(NOARG)
{
	char byte;
	struct iovec local = { &byte, 1 }, remote = { BAD_PTR, 1 };

	return of_rc(process_vm_readv(getppid(), &local, 1, &remote, 1, 0));
}

/* Steal the parent's fd 0.  pidfd_open is a step a sandbox may refuse on its
 * own; then a bad pidfd still shows whether pidfd_getfd gets through (EBADF). */
static struct result try_pidfd_getfd(NOARG)
{
	long pidfd = syscall(SYS_pidfd_open, getppid(), 0);

	return of_fd(syscall(SYS_pidfd_getfd, pidfd, 0, 0));
}

/* Signal 0: the kernel only checks whether we may signal. */
static struct result try_kill_parent(NOARG) { return of_rc(kill(getppid(), 0)); }
static struct result try_kill_init(NOARG) { return of_rc(kill(1, 0)); }
static struct result try_kill_self(NOARG) { return of_rc(kill(getpid(), 0)); }

static struct result try_tgkill_parent(NOARG)
{
	pid_t ppid = getppid();

	return of_rc(syscall(SYS_tgkill, ppid, ppid, 0));
}

/* ------------------------------------------------------------------ */
/* Namespaces, mounts, root                                            */

static struct result try_unshare_user(NOARG) { return of_rc(unshare(CLONE_NEWUSER)); }
static struct result try_unshare_ns(NOARG) { return of_rc(unshare(CLONE_NEWNS)); }

/* Raw clone: the child returns 0 from the syscall on a copy of our stack,
 * exactly as with fork. */
static struct result clone_with(unsigned long flags)
{
	return of_fork(syscall(SYS_clone, flags | SIGCHLD, 0, NULL, NULL, 0));
}

static struct result try_clone_newns(NOARG) { return clone_with(CLONE_NEWNS); }
static struct result try_clone_newuser(NOARG) { return clone_with(CLONE_NEWUSER); }

static struct result try_clone3(NOARG)
{
	struct probe_clone_args args = { .exit_signal = SIGCHLD };

	return of_fork(syscall(SYS_clone3, &args, sizeof args));
}

/* If /proc/self/ns is out of reach the fd is -1, and EBADF still shows
 * whether setns itself gets through. */
static struct result setns_to(const char *ns, int type)
{
	int fd = open(ns, O_RDONLY | O_CLOEXEC);

	return of_rc(setns(fd, type));
}

/* Our own net namespace: a no-op that needs CAP_SYS_ADMIN. */
static struct result try_setns(NOARG) { return setns_to("/proc/self/ns/net", CLONE_NEWNET); }
/* Our own user namespace: the kernel refuses re-entry with EINVAL, for anyone. */
static struct result try_setns_user(NOARG) { return setns_to("/proc/self/ns/user", CLONE_NEWUSER); }

static struct result try_mount(const char *dir)
{
	if (mount("sandbox-run-probe", dir, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=16k") < 0)
		return fail();
	/* It worked: take it away again so the harness can remove DIR. */
	if (umount2(dir, MNT_DETACH) < 0)
		fprintf(stderr, "probe: mount: could not unmount %s again: %s\n", dir, strerror(errno));
	return ok();
}

/* MS_NOUSER is refused (EINVAL) before privileges or LSMs are consulted. */
static struct result try_mount_try(const char *dir)
{
	if (mount("sandbox-run-probe", dir, "tmpfs", MS_NOUSER, NULL) < 0)
		return fail();
	umount2(dir, MNT_DETACH);	/* cannot happen; clean up if it ever does */
	return ok();
}

static struct result try_umount(NOARG)
{
	return of_rc(umount2("/sandbox-run-probe-nonexistent", UMOUNT_UNUSED));
}

/* Harmless: the probe exits right after. */
static struct result try_chroot(const char *dir) { return of_rc(chroot(dir)); }
/* The path is looked up before privileges are checked: EFAULT for anyone. */
static struct result try_chroot_try(NOARG) { return of_rc(chroot(BAD_PTR)); }

/* Never with real paths: pivot_root(".", ".") would take the machine's root. */
static struct result try_pivot_root(NOARG)
{
	return of_rc(syscall(SYS_pivot_root, BAD_PTR, BAD_PTR));
}

/* ------------------------------------------------------------------ */
/* Personality, other ABIs                                             */

static struct result try_personality_exec(NOARG)
{
	long old = syscall(SYS_personality, READ_IMPLIES_EXEC);

	if (old < 0)
		return fail();
	syscall(SYS_personality, old);
	return ok();
}

static struct result try_personality_query(NOARG)
{
	return of_rc(syscall(SYS_personality, 0xffffffffUL));
}

static sigjmp_buf int80_fault;

static void on_int80_fault(int sig)
{
	(void)sig;
	siglongjmp(int80_fault, 1);
}

/* i386 getpid (20) through the 32-bit gate.  Without IA32 emulation the gate
 * may be missing altogether: that is a SIGSEGV, caught here. */
static struct result try_int80(NOARG)
{
	struct sigaction sa = { .sa_handler = on_int80_fault };
	long ret = 20;

	if (sigsetjmp(int80_fault, 1))
		return (struct result){ NOT_APPLICABLE, "SIGSEGV: no int 0x80 gate" };
	sigaction(SIGSEGV, &sa, NULL);
	/* The kernel returns zeros in r8-r11 from a compat syscall. */
	__asm__ volatile ("int $0x80" : "+a"(ret) : : "r8", "r9", "r10", "r11", "memory", "cc");
	if (ret == getpid())
		return ok();
	return of_err(ret < 0 && ret > -4096 ? (int)-ret : EIO);
}

static struct result try_x32_syscall(NOARG)
{
	return of_rc(syscall(__X32_SYSCALL_BIT | SYS_getpid));
}

/* ------------------------------------------------------------------ */
/* Limits, IPC, prctl                                                  */

/* Soft limit up to the hard one: no privilege needed.  glibc sends it as
 * prlimit64 with a new limit, which is what the filter has to judge. */
static struct result raise_limit(int resource)
{
	struct rlimit rl;

	if (getrlimit(resource, &rl) < 0)
		return fail_at("getrlimit");
	rl.rlim_cur = rl.rlim_max;
	return of_rc(setrlimit(resource, &rl));
}

static struct result try_setrlimit_raise(NOARG) { return raise_limit(RLIMIT_NOFILE); }
/* A core file is written by the kernel, beside Landlock's rules. */
static struct result try_setrlimit_core(NOARG) { return raise_limit(RLIMIT_CORE); }

/* The kernel reads the resource as 32 bits: RLIMIT_CORE with garbage above
 * them is RLIMIT_CORE.  Set to the value it has. */
static struct result try_prlimit_core_highbits(NOARG)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_CORE, &rl) < 0)
		return fail_at("getrlimit");
	return of_rc(syscall(SYS_prlimit64, 0, RLIMIT_CORE | (1UL << 32), &rl, NULL));
}

/* Its own limit through its own pid (not 0): the filter's pid placeholder. */
static struct result try_prlimit_self(NOARG)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return fail_at("getrlimit");
	return of_rc(syscall(SYS_prlimit64, getpid(), RLIMIT_NOFILE, &rl, NULL));
}

static struct result try_prlimit_get(NOARG)
{
	struct rlimit rl;

	return of_rc(syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, NULL, &rl));
}

/* SysV objects outlive the process: remove what we made. */
static struct result try_msgget(NOARG)
{
	int id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);

	if (id < 0)
		return fail();
	msgctl(id, IPC_RMID, NULL);
	return ok();
}

static struct result try_semget(NOARG)
{
	int id = semget(IPC_PRIVATE, 1, IPC_CREAT | 0600);

	if (id < 0)
		return fail();
	semctl(id, 0, IPC_RMID);
	return ok();
}

static struct result try_shmget(NOARG)
{
	int id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);

	if (id < 0)
		return fail();
	shmctl(id, IPC_RMID, NULL);
	return ok();
}

static struct result try_prctl_dumpable(NOARG)
{
	return of_rc(prctl(PR_SET_DUMPABLE, 1, 0, 0, 0));
}

/* Yama's "anyone may ptrace me"; without Yama the kernel says EINVAL. */
static struct result try_prctl_other(NOARG)
{
	return of_rc(prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0));
}

static struct result try_setuid(NOARG)
{
	return of_rc(setuid(getuid()));
}

/* ------------------------------------------------------------------ */
/* System administration: every call is made to fail harmlessly        */

static struct result try_acct(NOARG) { return of_rc(acct(BAD_PTR)); }
static struct result try_swapon(NOARG) { return of_rc(swapon(BAD_PTR, 0)); }

/* Wrong magic and an unknown command: two reasons never to reboot.  Not
 * glibc's reboot(), which supplies the right magic. */
static struct result try_reboot(NOARG)
{
	return of_rc(syscall(SYS_reboot, 0, 0, 0xdeadU, NULL));
}

/* Raw: glibc turns settimeofday(tv, NULL) into clock_settime. */
static struct result try_settimeofday(NOARG)
{
	struct timeval tv = { .tv_sec = 0, .tv_usec = -1 };

	return of_rc(syscall(SYS_settimeofday, &tv, NULL));
}

static struct result try_clock_settime(NOARG)
{
	struct timespec ts = { 0, 0 };

	return of_rc(syscall(SYS_clock_settime, 1000, &ts));
}

static struct result try_init_module(NOARG)
{
	return of_rc(syscall(SYS_init_module, BAD_PTR, 4096UL, ""));
}

static struct result try_finit_module(NOARG)
{
	return of_rc(syscall(SYS_finit_module, -1, "", 0));
}

/* nr_segments 0 would unload the loaded kernel: use 1 segment at a bad
 * address, and a flag no kernel knows. */
static struct result try_kexec_load(NOARG)
{
	return of_rc(syscall(SYS_kexec_load, 0UL, 1UL, NULL, 0x8000UL));
}

/* Level 4 does not exist: EINVAL before any privilege check. */
static struct result try_iopl(NOARG) { return of_rc(syscall(SYS_iopl, 4)); }
/* An empty range: EINVAL. */
static struct result try_ioperm(NOARG) { return of_rc(syscall(SYS_ioperm, 0UL, 0UL, 0)); }

/* Quota type 0x7f does not exist: EINVAL before anything is looked up. */
static struct result try_quotactl(NOARG)
{
	return of_rc(syscall(SYS_quotactl, QCMD(Q_GETINFO, 0x7f), NULL, 0, NULL));
}

/* ------------------------------------------------------------------ */
/* Priorities, limits and scheduling of other processes.  The parent is   */
/* the harness's shell: we inherited its limits, affinity and policy, so  */
/* each setter gives it what it has (its nice value only goes up).        */

static struct result try_prlimit_parent(NOARG)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return fail_at("getrlimit");
	return of_rc(syscall(SYS_prlimit64, getppid(), RLIMIT_NOFILE, &rl, NULL));
}

/* Only reads: the kernel checks the same permission as for a setter, and
 * RLIMIT_CPU = 1 would kill PID 1. */
static struct result try_prlimit_init(NOARG)
{
	struct rlimit rl;

	return of_rc(syscall(SYS_prlimit64, 1, RLIMIT_CPU, NULL, &rl));
}

static struct result try_setpriority_parent(NOARG)
{
	return of_rc(setpriority(PRIO_PROCESS, (id_t)getppid(), 19));
}

/* Through its own pid (not 0): the filter's pid placeholder. */
static struct result try_setpriority_self(NOARG)
{
	return of_rc(setpriority(PRIO_PROCESS, (id_t)getpid(), 19));
}

static struct result set_affinity(pid_t pid)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof set, &set) < 0)
		return fail_at("sched_getaffinity");
	return of_rc(sched_setaffinity(pid, sizeof set, &set));
}

static struct result try_sched_setaffinity_parent(NOARG) { return set_affinity(getppid()); }
static struct result try_sched_setaffinity_self(NOARG) { return set_affinity(getpid()); }

static struct result try_sched_setscheduler_parent(NOARG)
{
	struct sched_param sp;
	int policy = sched_getscheduler(0);

	if (policy < 0 || sched_getparam(0, &sp) < 0)
		return fail_at("sched_getscheduler");
	return of_rc(syscall(SYS_sched_setscheduler, getppid(), policy, &sp));
}

static struct result try_sched_setparam_parent(NOARG)
{
	struct sched_param sp;

	if (sched_getparam(0, &sp) < 0)
		return fail_at("sched_getparam");
	return of_rc(sched_setparam(getppid(), &sp));
}

/* ------------------------------------------------------------------ */
/* Datagrams to an address                                             */

static socklen_t unix_address(const char *path, struct sockaddr_un *sa)
{
	*sa = (struct sockaddr_un){ .sun_family = AF_UNIX };
	if (strlen(path) >= sizeof sa->sun_path)
		die("socket path too long: %s", path);
	strcpy(sa->sun_path, path);
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + strlen(path) + 1);
}

static struct result try_socketpair_dgram(NOARG)
{
	int sv[2];

	return of_rc(socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, sv));
}

static struct result try_socketpair_seqpacket(NOARG)
{
	int sv[2];

	return of_rc(socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv));
}

/* A datagram pair's socket is unconnected for any other address: it
 * reaches every datagram socket on disk (/dev/log, journald).  MSG_DONTWAIT:
 * a full queue (EAGAIN) was reached as well. */
static struct result try_dgram_to_socket(const char *path)
{
	struct sockaddr_un sa;
	socklen_t len = unix_address(path, &sa);
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, sv) < 0)
		return fail_at("socketpair SOCK_DGRAM");
	return of_rc(sendto(sv[0], "probe", 5, MSG_DONTWAIT, (struct sockaddr *)&sa, len));
}

/* ... and passes descriptors out (SCM_RIGHTS): here the pair's other end. */
static struct result try_dgram_send_fd(const char *path)
{
	struct sockaddr_un sa;
	socklen_t len = unix_address(path, &sa);
	union { char buf[CMSG_SPACE(sizeof(int))]; struct cmsghdr align; } control;
	struct iovec iov = { "probe", 5 };
	struct msghdr msg = { .msg_name = &sa, .msg_namelen = len, .msg_iov = &iov,
			      .msg_iovlen = 1, .msg_control = control.buf,
			      .msg_controllen = sizeof control.buf };
	struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, sv) < 0)
		return fail_at("socketpair SOCK_DGRAM");
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cmsg), &sv[1], sizeof(int));
	return of_rc(sendmsg(sv[0], &msg, MSG_DONTWAIT));
}

/* sendto with an address, on the stream pair stdio may make: once past the
 * filter the kernel refuses a name on a connected stream (EISCONN). */
static struct result try_sendto_address(NOARG)
{
	struct sockaddr_un sa;
	socklen_t len = unix_address("/run/sandbox-run-probe.none", &sa);
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return fail_at("socketpair SOCK_STREAM");
	return of_rc(sendto(sv[0], "probe", 5, MSG_DONTWAIT, (struct sockaddr *)&sa, len));
}

/* ------------------------------------------------------------------ */
/* Watching and metadata                                               */

/* The names of files created or opened in DIR, and when. */
static struct result try_inotify_watch(const char *dir)
{
	int fd = inotify_init1(IN_CLOEXEC);

	if (fd < 0)
		return fail();
	return of_rc(inotify_add_watch(fd, dir, IN_CREATE | IN_OPEN));
}

/* The harness sets this attribute on FILE. */
#define PROBE_XATTR "user.sandbox-run-probe"

static struct result try_getxattr_path(const char *path)
{
	char buf[64];

	return of_rc(getxattr(path, PROBE_XATTR, buf, sizeof buf));
}

static struct result try_listxattr_path(const char *path)
{
	char buf[256];

	return of_rc(listxattr(path, buf, sizeof buf));
}

/* On a descriptor opened under Landlock's rules: rpath keeps it. */
static struct result try_fgetxattr(const char *path)
{
	char buf[64];
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return fail_at("open O_RDONLY");
	return of_rc(fgetxattr(fd, PROBE_XATTR, buf, sizeof buf));
}

/* ------------------------------------------------------------------ */
/* Counterparts: what an ordinary program does                         */

static struct result try_fork(NOARG) { return of_fork(fork()); }

static void *thread_main(void *arg) { return arg; }

static struct result try_thread(NOARG)
{
	pthread_t t;
	int err = pthread_create(&t, NULL, thread_main, NULL);

	if (err)
		return of_err(err);
	return of_err(pthread_join(t, NULL));
}

static struct result try_getpid(NOARG) { return of_rc(syscall(SYS_getpid)); }

/* A zero-byte write passes the same checks; the verdict line is the real one. */
static struct result try_write_stdout(NOARG) { return of_rc(write(STDOUT_FILENO, "", 0)); }

static struct result try_getrandom(NOARG)
{
	char buf[16];

	return of_rc(getrandom(buf, sizeof buf, GRND_NONBLOCK));
}

/* ------------------------------------------------------------------ */
/* The table                                                           */

enum argkind { ARG_NONE, ARG_FILE, ARG_DIR, ARG_PORT, ARG_SOCKET };
static const char *const argkind_name[] = { "", "FILE", "DIR", "PORT", "SOCKET" };

struct attempt {
	const char *name;
	enum argkind arg;
	struct result (*run)(const char *arg);
	int reached[4];		/* errnos that prove the call reached the kernel */
	int denied[2];		/* sandbox answers besides EPERM, EACCES, ENOSYS */
	const char *desc;
};

static const struct attempt attempts[] = {
	/* filesystem */
	{ "read-file", ARG_FILE, try_read_file, {0}, {0}, "open FILE O_RDONLY and read a byte" },
	{ "write-file", ARG_FILE, try_write_file, {0}, {0}, "open existing FILE O_WRONLY" },
	{ "append-file", ARG_FILE, try_append_file, {0}, {0}, "open existing FILE O_WRONLY|O_APPEND" },
	{ "truncate-file", ARG_FILE, try_truncate_file, {0}, {0}, "truncate(FILE) to its current size" },
	{ "ftruncate-file", ARG_FILE, try_ftruncate_file, {0}, {0}, "open FILE O_WRONLY (needs wpath), ftruncate to its current size" },
	{ "create-file", ARG_DIR, try_create_file, {0}, {0}, "open DIR/probe-create.PID O_CREAT|O_EXCL" },
	{ "rename-file", ARG_FILE, try_rename_file, {0}, {EXDEV}, "rename FILE to FILE.renamed.PID" },
	{ "unlink-file", ARG_FILE, try_unlink_file, {0}, {0}, "unlink FILE" },
	{ "mkdir", ARG_DIR, try_mkdir, {0}, {0}, "mkdir DIR/probe-mkdir.PID" },
	{ "mkfifo", ARG_DIR, try_mkfifo, {0}, {0}, "mkfifo DIR/probe-fifo.PID" },
	{ "mknod-dev", ARG_DIR, try_mknod_dev, {0}, {0}, "mknod DIR/probe-null.PID as a char device 1:3 (a /dev/null)" },
	{ "symlink", ARG_FILE, try_symlink, {0}, {0}, "symlink FILE.symlink.PID -> FILE" },
	{ "link", ARG_FILE, try_link, {0}, {EXDEV}, "hard link FILE.link.PID to FILE" },
	{ "chmod-file", ARG_FILE, try_chmod_file, {0}, {0}, "chmod(FILE, 0644)" },
	{ "chmod-setuid", ARG_FILE, try_chmod_setuid, {0}, {0}, "chmod(FILE, 04755)" },
	{ "fchmodat-setuid", ARG_FILE, try_fchmodat_setuid, {0}, {0}, "fchmodat(AT_FDCWD, FILE, 04755)" },
	{ "fchmod-setuid", ARG_FILE, try_fchmod_setuid, {0}, {0}, "open FILE O_RDONLY, fchmod(fd, 04755)" },
	{ "open-setuid-mode", ARG_DIR, try_open_setuid_mode, {0}, {0}, "open DIR/probe-setuid.PID O_CREAT|O_EXCL with mode 04755" },
	{ "chown-file", ARG_FILE, try_chown_file, {0}, {0}, "chown FILE to the owner and group it already has" },
	{ "utimes-file", ARG_FILE, try_utimes_file, {0}, {0}, "utimes(FILE, NULL): set times to now" },
	{ "flock", ARG_FILE, try_flock, {EWOULDBLOCK}, {0}, "open FILE O_RDONLY, flock LOCK_SH|LOCK_NB" },
	{ "openat2", ARG_FILE, try_openat2, {0}, {0}, "openat2 FILE O_RDONLY (a sandbox answers ENOSYS so libc falls back)" },
	{ "name-to-handle-at", ARG_FILE, try_name_to_handle_at, {EOPNOTSUPP, EOVERFLOW}, {0}, "name_to_handle_at(FILE)" },
	{ "open-by-handle-at", ARG_NONE, try_open_by_handle_at, {EFAULT}, {0}, "open_by_handle_at with a bad handle pointer" },
	{ "open-tty", ARG_NONE, try_open_tty, {ENXIO}, {0}, "open /dev/tty O_RDWR (ENXIO without a controlling tty)" },
	/* network */
	{ "socket-inet", ARG_NONE, try_socket_inet, {0}, {0}, "socket(AF_INET, SOCK_STREAM)" },
	{ "socket-inet6", ARG_NONE, try_socket_inet6, {0}, {0}, "socket(AF_INET6, SOCK_STREAM)" },
	{ "socket-udp", ARG_NONE, try_socket_udp, {0}, {0}, "socket(AF_INET, SOCK_DGRAM)" },
	{ "socket-netlink", ARG_NONE, try_socket_netlink, {0}, {0}, "socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE)" },
	{ "socket-raw", ARG_NONE, try_socket_raw, {0}, {0}, "socket(AF_INET, SOCK_RAW, IPPROTO_ICMP)" },
	{ "socket-packet", ARG_NONE, try_socket_packet, {0}, {0}, "socket(AF_PACKET, SOCK_RAW, ETH_P_ALL)" },
	{ "socket-alg", ARG_NONE, try_socket_alg, {0}, {0}, "socket(AF_ALG, SOCK_SEQPACKET): kernel crypto API" },
	{ "socket-unix", ARG_NONE, try_socket_unix, {0}, {0}, "socket(AF_UNIX, SOCK_STREAM)" },
	{ "socket-unix-abstract", ARG_NONE, try_socket_unix_abstract, {0}, {0}, "bind an AF_UNIX socket to an abstract name" },
	{ "socket-unix-path", ARG_DIR, try_socket_unix_path, {0}, {0}, "bind an AF_UNIX socket to DIR/probe-sock.PID" },
	{ "connect-tcp", ARG_PORT, try_connect_tcp, {ECONNREFUSED}, {0}, "connect to 127.0.0.1:PORT (ECONNREFUSED: nobody listens, but the connect was let through)" },
	{ "bind-tcp", ARG_NONE, try_bind_tcp, {0}, {0}, "bind a TCP socket to 127.0.0.1:0" },
	{ "socketpair", ARG_NONE, try_socketpair, {0}, {0}, "socketpair(AF_UNIX, SOCK_STREAM)" },
	{ "socketpair-seqpacket", ARG_NONE, try_socketpair_seqpacket, {0}, {0}, "socketpair(AF_UNIX, SOCK_SEQPACKET)" },
	{ "socketpair-dgram", ARG_NONE, try_socketpair_dgram, {0}, {0}, "socketpair(AF_UNIX, SOCK_DGRAM)" },
	{ "dgram-to-socket", ARG_SOCKET, try_dgram_to_socket, {EAGAIN}, {0}, "socketpair SOCK_DGRAM, sendto SOCKET (a datagram socket on disk)" },
	{ "dgram-send-fd", ARG_SOCKET, try_dgram_send_fd, {EAGAIN}, {0}, "socketpair SOCK_DGRAM, sendmsg to SOCKET with a descriptor (SCM_RIGHTS)" },
	{ "sendto-address", ARG_NONE, try_sendto_address, {EISCONN}, {0}, "socketpair SOCK_STREAM, sendto with an address (EISCONN from the kernel)" },
	/* exec */
	{ "exec-sh", ARG_NONE, try_exec_sh, {0}, {0}, "execve /bin/sh -c 'echo NAME: allowed'" },
	{ "exec-ldso", ARG_NONE, try_exec_ldso, {0}, {0}, "open /bin/sh for reading, then execve " LDSO " /bin/sh -c ..." },
	{ "fexecve", ARG_NONE, try_fexecve, {0}, {0}, "open /bin/echo O_RDONLY, fexecve it" },
	{ "fexecve-opath", ARG_NONE, try_fexecve_opath, {0}, {0}, "open /bin/echo O_PATH, execveat(fd, \"\", AT_EMPTY_PATH)" },
	{ "execveat-memfd", ARG_NONE, try_execveat_memfd, {0}, {0}, "memfd_create, copy /proc/self/exe into it, execveat(AT_EMPTY_PATH)" },
	/* memory */
	{ "mmap-wx", ARG_NONE, try_mmap_wx, {0}, {0}, "mmap anonymous PROT_READ|PROT_WRITE|PROT_EXEC" },
	{ "fcntl-setown", ARG_NONE, try_fcntl_setown, {0}, {0}, "fcntl(pipe, F_SETOWN, self)" },
	{ "memfd-noexec", ARG_NONE, try_memfd_noexec, {EINVAL}, {0}, "memfd_create MFD_NOEXEC_SEAL (EINVAL before Linux 6.3)" },
	{ "memfd-exec", ARG_NONE, try_memfd_exec, {0}, {0}, "memfd_create without MFD_NOEXEC_SEAL: executable" },
	{ "mmap-anon-exec", ARG_NONE, try_mmap_anon_exec, {0}, {0}, "mmap anonymous PROT_READ|PROT_EXEC" },
	{ "mprotect-exec", ARG_NONE, try_mprotect_exec, {0}, {0}, "mmap anonymous RW, mprotect to PROT_READ|PROT_EXEC" },
	{ "mprotect-wx", ARG_NONE, try_mprotect_wx, {0}, {0}, "mmap anonymous RW, mprotect to PROT_READ|PROT_WRITE|PROT_EXEC" },
	{ "mmap-file-exec", ARG_FILE, try_mmap_file_exec, {0}, {0}, "mmap FILE PROT_READ|PROT_EXEC, as ld.so does (FILE not on a noexec mount)" },
	/* terminal */
	{ "tiocsti", ARG_NONE, try_tiocsti, {EBADF, EIO}, {0}, "TIOCSTI one byte into a new pty (needs /dev/ptmx; else on fd -1)" },
	{ "tiocsti-highbits", ARG_NONE, try_tiocsti_highbits, {EBADF, EIO}, {0}, "TIOCSTI|0xdead00000000 via raw ioctl, as tiocsti" },
	{ "tioclinux", ARG_NONE, try_tioclinux, {ENOTTY, EBADF, EINVAL}, {0}, "TIOCLINUX TIOCL_GETSHIFTSTATE on a new pty (else on fd -1)" },
	{ "tioclinux-highbits", ARG_NONE, try_tioclinux_highbits, {ENOTTY, EBADF, EINVAL}, {0}, "TIOCLINUX|0xdead00000000 via raw ioctl, as tioclinux" },
	/* kernel attack surface */
	{ "io-uring-setup", ARG_NONE, try_io_uring_setup, {0}, {0}, "io_uring_setup(1 entry)" },
	{ "userfaultfd", ARG_NONE, try_userfaultfd, {0}, {0}, "userfaultfd(UFFD_USER_MODE_ONLY)" },
	{ "bpf", ARG_NONE, try_bpf, {EFAULT, EINVAL}, {0}, "bpf(BPF_PROG_LOAD) with a bad attr pointer" },
	{ "perf-event-open", ARG_NONE, try_perf_event_open, {0}, {0}, "perf_event_open: own task clock, user space only" },
	{ "keyctl", ARG_NONE, try_keyctl, {ENOKEY}, {0}, "keyctl(KEYCTL_GET_KEYRING_ID, session keyring)" },
	{ "add-key", ARG_NONE, try_add_key, {EDQUOT}, {0}, "add_key a \"user\" key to the process keyring" },
	{ "request-key", ARG_NONE, try_request_key, {ENOKEY}, {0}, "request_key an absent \"user\" key, no upcall" },
	{ "memfd-secret", ARG_NONE, try_memfd_secret, {0}, {0}, "memfd_secret(0)" },
	{ "kcmp", ARG_NONE, try_kcmp, {0}, {0}, "kcmp(self, self, KCMP_VM)" },
	/* other processes */
	{ "ptrace-parent", ARG_NONE, try_ptrace_parent, {0}, {0}, "PTRACE_SEIZE the parent (no stop; detached when we exit)" },
	{ "ptrace-child", ARG_NONE, try_ptrace_child, {0}, {0}, "fork a pausing child (needs proc), PTRACE_ATTACH, detach, kill, reap" },
	{ "ptrace-traceme", ARG_NONE, try_ptrace_traceme, {0}, {0}, "fork a child (needs proc) that calls PTRACE_TRACEME" },
	{ "process-vm-writev", ARG_NONE, try_process_vm_writev, {EFAULT}, {0}, "process_vm_writev into the parent at a bad address" },
	{ "process-vm-readv", ARG_NONE, try_process_vm_readv, {EFAULT}, {0}, "process_vm_readv from the parent at a bad address" },
	{ "pidfd-getfd", ARG_NONE, try_pidfd_getfd, {EBADF}, {0}, "pidfd_open(parent), pidfd_getfd(its fd 0) (bad pidfd if pidfd_open is refused)" },
	{ "kill-parent", ARG_NONE, try_kill_parent, {0}, {0}, "kill(parent, 0)" },
	{ "kill-init", ARG_NONE, try_kill_init, {0}, {0}, "kill(1, 0)" },
	{ "tgkill-parent", ARG_NONE, try_tgkill_parent, {0}, {0}, "tgkill(parent, parent, 0)" },
	{ "kill-self", ARG_NONE, try_kill_self, {0}, {0}, "kill(self, 0)" },
	/* namespaces, mounts, root */
	{ "unshare-user", ARG_NONE, try_unshare_user, {0}, {0}, "unshare(CLONE_NEWUSER)" },
	{ "unshare-ns", ARG_NONE, try_unshare_ns, {0}, {0}, "unshare(CLONE_NEWNS)" },
	{ "clone-newns", ARG_NONE, try_clone_newns, {0}, {0}, "raw clone(CLONE_NEWNS|SIGCHLD), child exits, reaped" },
	{ "clone-newuser", ARG_NONE, try_clone_newuser, {0}, {0}, "raw clone(CLONE_NEWUSER|SIGCHLD), child exits, reaped" },
	{ "clone3", ARG_NONE, try_clone3, {0}, {0}, "raw clone3 {exit_signal=SIGCHLD} (a sandbox answers ENOSYS so libc falls back)" },
	{ "setns", ARG_NONE, try_setns, {EBADF}, {0}, "setns(/proc/self/ns/net, CLONE_NEWNET) (fd -1 if the open is refused)" },
	{ "setns-user", ARG_NONE, try_setns_user, {EINVAL, EBADF}, {0}, "setns(/proc/self/ns/user): own user ns, EINVAL for anyone" },
	{ "mount", ARG_DIR, try_mount, {0}, {0}, "mount a tmpfs on DIR, then unmount it" },
	{ "mount-try", ARG_DIR, try_mount_try, {EINVAL}, {0}, "mount a tmpfs on DIR with MS_NOUSER (EINVAL for anyone)" },
	{ "umount", ARG_NONE, try_umount, {EINVAL}, {0}, "umount2 with an unused flag (EINVAL for anyone)" },
	{ "chroot", ARG_DIR, try_chroot, {0}, {0}, "chroot(DIR)" },
	{ "chroot-try", ARG_NONE, try_chroot_try, {EFAULT}, {0}, "chroot with a bad path pointer (EFAULT for anyone)" },
	{ "pivot-root", ARG_NONE, try_pivot_root, {EFAULT}, {0}, "pivot_root with bad path pointers" },
	/* personality, other ABIs */
	{ "personality-exec", ARG_NONE, try_personality_exec, {0}, {0}, "personality(READ_IMPLIES_EXEC), then back" },
	{ "personality-query", ARG_NONE, try_personality_query, {0}, {0}, "personality(0xffffffff): query only" },
	{ "int80", ARG_NONE, try_int80, {0}, {0}, "i386 getpid through int $0x80" },
	{ "x32-syscall", ARG_NONE, try_x32_syscall, {0}, {0}, "getpid with __X32_SYSCALL_BIT" },
	/* limits, IPC, prctl, ids */
	{ "setrlimit-raise", ARG_NONE, try_setrlimit_raise, {0}, {0}, "setrlimit(RLIMIT_NOFILE): soft up to hard" },
	{ "setrlimit-core", ARG_NONE, try_setrlimit_core, {0}, {0}, "setrlimit(RLIMIT_CORE): soft up to hard" },
	{ "prlimit-core-highbits", ARG_NONE, try_prlimit_core_highbits, {0}, {0}, "prlimit64(0, RLIMIT_CORE | 1<<32) to its current value" },
	{ "prlimit-self", ARG_NONE, try_prlimit_self, {0}, {0}, "prlimit64(getpid(), RLIMIT_NOFILE) to its current value" },
	{ "prlimit-parent", ARG_NONE, try_prlimit_parent, {0}, {0}, "prlimit64(parent, RLIMIT_NOFILE) to the value it has" },
	{ "prlimit-init", ARG_NONE, try_prlimit_init, {0}, {0}, "prlimit64(1, RLIMIT_CPU, NULL, &old): read PID 1's limit" },
	{ "setpriority-parent", ARG_NONE, try_setpriority_parent, {0}, {0}, "setpriority(PRIO_PROCESS, parent, 19)" },
	{ "setpriority-self", ARG_NONE, try_setpriority_self, {0}, {0}, "setpriority(PRIO_PROCESS, getpid(), 19)" },
	{ "sched-setaffinity-parent", ARG_NONE, try_sched_setaffinity_parent, {0}, {0}, "sched_setaffinity(parent) to our (inherited) mask" },
	{ "sched-setaffinity-self", ARG_NONE, try_sched_setaffinity_self, {0}, {0}, "sched_setaffinity(getpid()) to its mask" },
	{ "sched-setscheduler-parent", ARG_NONE, try_sched_setscheduler_parent, {0}, {0}, "sched_setscheduler(parent) to our (inherited) policy" },
	{ "sched-setparam-parent", ARG_NONE, try_sched_setparam_parent, {0}, {0}, "sched_setparam(parent) to our (inherited) parameters" },
	/* watching, metadata */
	{ "inotify-watch", ARG_DIR, try_inotify_watch, {0}, {0}, "inotify_init1, inotify_add_watch(DIR, IN_CREATE|IN_OPEN)" },
	{ "getxattr-path", ARG_FILE, try_getxattr_path, {0}, {EOPNOTSUPP}, "getxattr(FILE, user.sandbox-run-probe)" },
	{ "listxattr-path", ARG_FILE, try_listxattr_path, {0}, {EOPNOTSUPP}, "listxattr(FILE)" },
	{ "fgetxattr", ARG_FILE, try_fgetxattr, {0}, {0}, "open FILE O_RDONLY, fgetxattr(fd, user.sandbox-run-probe)" },
	{ "prlimit-get", ARG_NONE, try_prlimit_get, {0}, {0}, "prlimit64(0, RLIMIT_NOFILE, NULL, &old): query only" },
	{ "msgget", ARG_NONE, try_msgget, {0}, {0}, "msgget(IPC_PRIVATE), removed again" },
	{ "semget", ARG_NONE, try_semget, {0}, {0}, "semget(IPC_PRIVATE), removed again" },
	{ "shmget", ARG_NONE, try_shmget, {0}, {0}, "shmget(IPC_PRIVATE), removed again" },
	{ "prctl-dumpable", ARG_NONE, try_prctl_dumpable, {0}, {0}, "prctl(PR_SET_DUMPABLE, 1)" },
	{ "prctl-other", ARG_NONE, try_prctl_other, {EINVAL}, {0}, "prctl(PR_SET_PTRACER, ANY) (EINVAL without Yama)" },
	{ "setuid", ARG_NONE, try_setuid, {0}, {0}, "setuid(getuid())" },
	/* system administration */
	{ "acct", ARG_NONE, try_acct, {EFAULT}, {0}, "acct with a bad path pointer" },
	{ "swapon", ARG_NONE, try_swapon, {EFAULT}, {0}, "swapon with a bad path pointer" },
	{ "reboot", ARG_NONE, try_reboot, {EINVAL}, {0}, "raw reboot with wrong magic and an unknown command" },
	{ "settimeofday", ARG_NONE, try_settimeofday, {EINVAL}, {0}, "raw settimeofday with tv_usec -1" },
	{ "clock-settime", ARG_NONE, try_clock_settime, {EINVAL}, {0}, "clock_settime on a clock id that does not exist" },
	{ "init-module", ARG_NONE, try_init_module, {EFAULT, ENOEXEC}, {0}, "init_module with a bad image pointer" },
	{ "finit-module", ARG_NONE, try_finit_module, {EBADF}, {0}, "finit_module(-1)" },
	{ "kexec-load", ARG_NONE, try_kexec_load, {EINVAL, EFAULT}, {0}, "kexec_load with an unknown flag and a bad segment pointer" },
	{ "iopl", ARG_NONE, try_iopl, {EINVAL}, {0}, "iopl(4): no such level" },
	{ "ioperm", ARG_NONE, try_ioperm, {EINVAL}, {0}, "ioperm over an empty range" },
	{ "quotactl", ARG_NONE, try_quotactl, {EINVAL}, {0}, "quotactl on a quota type that does not exist" },
	/* counterparts */
	{ "fork", ARG_NONE, try_fork, {0}, {0}, "fork, child exits, reaped" },
	{ "thread", ARG_NONE, try_thread, {0}, {0}, "pthread_create and join" },
	{ "getpid", ARG_NONE, try_getpid, {0}, {0}, "getpid" },
	{ "write-stdout", ARG_NONE, try_write_stdout, {0}, {0}, "write 0 bytes to stdout (the verdict is the real write)" },
	{ "getrandom", ARG_NONE, try_getrandom, {EAGAIN}, {0}, "getrandom 16 bytes, GRND_NONBLOCK" },
};

#define N_ATTEMPTS (sizeof attempts / sizeof attempts[0])

/* ------------------------------------------------------------------ */
/* Verdicts                                                            */

enum verdict { ALLOWED, DENIED, INAPPLICABLE, UNEXPECTED };

static bool listed(const int *list, size_t n, int err)
{
	for (size_t i = 0; i < n && list[i]; i++)
		if (list[i] == err)
			return true;
	return false;
}

static enum verdict classify(const struct attempt *a, struct result r)
{
	if (r.err == NOT_APPLICABLE)
		return INAPPLICABLE;
	if (r.err == 0 && !r.step)
		return ALLOWED;
	/* Only the dangerous call itself can prove it reached the kernel. */
	if (!r.step && listed(a->reached, sizeof a->reached / sizeof a->reached[0], r.err))
		return ALLOWED;
	if (r.err == EPERM || r.err == EACCES ||
	    listed(a->denied, sizeof a->denied / sizeof a->denied[0], r.err))
		return DENIED;
	if (r.err == ENOSYS || r.err == EAFNOSUPPORT)
		return seccomp_filtered() ? DENIED : INAPPLICABLE;
	return UNEXPECTED;
}

/* The verdict line goes to stdout; if a sandbox refuses that, to stderr. */
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof line)
		n = (int)strlen(line);
	if (write(STDOUT_FILENO, line, (size_t)n) != n)
		fputs(line, stderr);
}

static int report(const struct attempt *a, struct result r)
{
	const char *at = r.step ? " at " : "", *step = r.step ? r.step : "";

	switch (classify(a, r)) {
	case ALLOWED:
		if (verbose)
			fprintf(stderr, "probe: %s: reached the kernel: %s\n", a->name,
				r.err ? errname(r.err) : "success");
		say("%s: allowed\n", a->name);
		return 0;
	case DENIED:
		say("%s: denied (%s)%s%s\n", a->name, errname(r.err), at, step);
		return 1;
	case INAPPLICABLE:
		say("%s: not-applicable (%s)\n", a->name,
		    r.err == NOT_APPLICABLE ? r.step : errname(r.err));
		return 3;
	case UNEXPECTED:
		break;
	}
	fprintf(stderr, "probe: %s: %s%s%s failed unexpectedly: %s (%s)\n", a->name,
		r.step ? "" : "the attempted call", r.step ? "step " : "", step,
		strerror(r.err), errname(r.err));
	return 2;
}

static void list(void)
{
	for (size_t i = 0; i < N_ATTEMPTS; i++) {
		const struct attempt *a = &attempts[i];

		printf("%s\t%s%s", a->name, a->desc, a->reached[0] ? "; reached:" : "");
		for (size_t j = 0; j < sizeof a->reached / sizeof a->reached[0] && a->reached[j]; j++)
			printf(" %s", errname(a->reached[j]));
		putchar('\n');
	}
}

static int usage(void)
{
	fputs("usage: probe [-v] ATTEMPT [FILE|DIR|PORT]\n"
	      "       probe --list\n", stderr);
	return 2;
}

int main(int argc, char **argv)
{
	const struct attempt *a = NULL;

	alarm(5);	/* nothing may hang: SIGALRM's default action ends the probe */

	if (argc == 2 && !strcmp(argv[1], "--list")) {
		list();
		return 0;
	}
	/* How a program exec'd by an attempt proves that the exec worked. */
	if (argc == 3 && !strcmp(argv[1], "--exec-report")) {
		printf("%s: allowed\n", argv[2]);
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "-v")) {
		verbose = true;
		argc--, argv++;
	}
	if (argc < 2)
		return usage();
	for (size_t i = 0; i < N_ATTEMPTS; i++)
		if (!strcmp(argv[1], attempts[i].name))
			a = &attempts[i];
	if (!a) {
		fprintf(stderr, "probe: unknown attempt \"%s\" (see probe --list)\n", argv[1]);
		return 2;
	}
	if (argc != (a->arg == ARG_NONE ? 2 : 3)) {
		fprintf(stderr, "usage: probe %s%s%s\n", a->name,
			a->arg == ARG_NONE ? "" : " ", argkind_name[a->arg]);
		return 2;
	}
	running = a->name;
	return report(a, a->run(argv[2]));
}
