/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "supervise/decode.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <netinet/in.h>
#include <seccomp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <termios.h>
#include <unistd.h>

enum fmt {
	F_END,
	F_INT,
	F_FD,
	F_PATH,
	F_OFLAGS,
	F_MODE,
	F_CMODE, /* a mode that matters only with O_CREAT or O_TMPFILE */
	F_DOMAIN,
	F_TYPE,
	F_IOCTL,
	F_CLONE,
	F_NSFLAGS,
	F_PRCTL,
	F_PROT,
	F_MAP,
	F_SIGNAL,
	F_SOCKADDR,
	F_FCNTL,
	F_SKIP, /* a buffer address or length: says nothing about the denial */
	F_HEX,
};

/* How to print the arguments of the calls reports most often name; any
 * other call shows its first three arguments in hex. */
static const struct {
	const char *name;
	enum fmt arg[6];
} decoders[] = {
	{ "fork", { F_END } },
	{ "vfork", { F_END } },
	{ "open", { F_PATH, F_OFLAGS, F_CMODE } },
	{ "openat", { F_FD, F_PATH, F_OFLAGS, F_CMODE } },
	{ "creat", { F_PATH, F_MODE } },
	{ "unlink", { F_PATH } },
	{ "unlinkat", { F_FD, F_PATH, F_HEX } },
	{ "rmdir", { F_PATH } },
	{ "mkdir", { F_PATH, F_MODE } },
	{ "mkdirat", { F_FD, F_PATH, F_MODE } },
	{ "rename", { F_PATH, F_PATH } },
	{ "renameat", { F_FD, F_PATH, F_FD, F_PATH } },
	{ "renameat2", { F_FD, F_PATH, F_FD, F_PATH, F_HEX } },
	{ "mknod", { F_PATH, F_MODE, F_HEX } },
	{ "mknodat", { F_FD, F_PATH, F_MODE, F_HEX } },
	{ "chmod", { F_PATH, F_MODE } },
	{ "fchmod", { F_FD, F_MODE } },
	{ "fchmodat", { F_FD, F_PATH, F_MODE } },
	{ "truncate", { F_PATH, F_INT } },
	{ "ftruncate", { F_FD, F_INT } },
	{ "chown", { F_PATH, F_INT, F_INT } },
	{ "lchown", { F_PATH, F_INT, F_INT } },
	{ "fchown", { F_FD, F_INT, F_INT } },
	{ "fchownat", { F_FD, F_PATH, F_INT, F_INT, F_HEX } },
	{ "utimensat", { F_FD, F_PATH, F_SKIP, F_HEX } },
	{ "utimes", { F_PATH, F_SKIP } },
	{ "chroot", { F_PATH } },
	{ "chdir", { F_PATH } },
	{ "acct", { F_PATH } },
	{ "swapon", { F_PATH, F_HEX } },
	{ "execve", { F_PATH, F_SKIP, F_SKIP } },
	{ "execveat", { F_FD, F_PATH, F_SKIP, F_SKIP, F_HEX } },
	{ "link", { F_PATH, F_PATH } },
	{ "linkat", { F_FD, F_PATH, F_FD, F_PATH, F_HEX } },
	{ "symlink", { F_PATH, F_PATH } },
	{ "symlinkat", { F_PATH, F_FD, F_PATH } },
	{ "mount", { F_PATH, F_PATH, F_PATH, F_HEX, F_SKIP } },
	{ "umount2", { F_PATH, F_HEX } },
	{ "pivot_root", { F_PATH, F_PATH } },
	{ "name_to_handle_at", { F_FD, F_PATH, F_SKIP, F_SKIP, F_HEX } },
	{ "socket", { F_DOMAIN, F_TYPE, F_INT } },
	{ "socketpair", { F_DOMAIN, F_TYPE, F_INT, F_SKIP } },
	{ "connect", { F_FD, F_SOCKADDR, F_INT } },
	{ "bind", { F_FD, F_SOCKADDR, F_INT } },
	{ "sendto", { F_FD, F_SKIP, F_SKIP, F_HEX, F_SOCKADDR, F_INT } },
	{ "listen", { F_FD, F_INT } },
	{ "accept", { F_FD, F_SKIP, F_SKIP } },
	{ "accept4", { F_FD, F_SKIP, F_SKIP, F_HEX } },
	{ "setsockopt", { F_FD, F_INT, F_INT, F_SKIP, F_INT } },
	{ "ioctl", { F_FD, F_IOCTL, F_SKIP } },
	{ "fcntl", { F_FD, F_FCNTL, F_HEX } },
	{ "clone", { F_CLONE, F_SKIP } },
	{ "clone3", { F_SKIP, F_INT } },
	{ "unshare", { F_NSFLAGS } },
	{ "setns", { F_FD, F_NSFLAGS } },
	{ "prctl", { F_PRCTL, F_HEX, F_HEX } },
	{ "mmap", { F_SKIP, F_SKIP, F_PROT, F_MAP, F_FD, F_SKIP } },
	{ "mprotect", { F_SKIP, F_SKIP, F_PROT } },
	{ "pkey_mprotect", { F_SKIP, F_SKIP, F_PROT, F_INT } },
	{ "memfd_create", { F_PATH, F_HEX } },
	{ "kill", { F_INT, F_SIGNAL } },
	{ "tkill", { F_INT, F_SIGNAL } },
	{ "tgkill", { F_INT, F_INT, F_SIGNAL } },
	{ "rt_sigqueueinfo", { F_INT, F_SIGNAL, F_SKIP } },
	{ "pidfd_send_signal", { F_FD, F_SIGNAL, F_SKIP, F_HEX } },
	{ "pidfd_open", { F_INT, F_HEX } },
	{ "pidfd_getfd", { F_FD, F_INT, F_HEX } },
	{ "ptrace", { F_INT, F_INT, F_SKIP } },
	{ "process_vm_readv", { F_INT, F_SKIP } },
	{ "process_vm_writev", { F_INT, F_SKIP } },
	{ "personality", { F_HEX } },
	{ "prlimit64", { F_INT, F_INT, F_SKIP } },
	{ "setrlimit", { F_INT, F_SKIP } },
	{ "setuid", { F_INT } },
	{ "setgid", { F_INT } },
	{ "setresuid", { F_INT, F_INT, F_INT } },
	{ "setresgid", { F_INT, F_INT, F_INT } },
	{ "setreuid", { F_INT, F_INT } },
	{ "setregid", { F_INT, F_INT } },
	{ "write", { F_FD, F_SKIP, F_SKIP } },
	{ "read", { F_FD, F_SKIP, F_SKIP } },
	{ "flock", { F_FD, F_HEX } },
	{ "bpf", { F_INT, F_SKIP, F_INT } },
	{ "io_uring_setup", { F_INT, F_SKIP } },
	{ "userfaultfd", { F_HEX } },
	{ "perf_event_open", { F_SKIP, F_INT, F_INT, F_FD, F_HEX } },
	{ "keyctl", { F_INT, F_HEX, F_HEX } },
	{ "add_key", { F_PATH, F_PATH, F_SKIP, F_SKIP, F_INT } },
	{ "request_key", { F_PATH, F_PATH, F_SKIP, F_INT } },
	{ "msgget", { F_INT, F_HEX } },
	{ "semget", { F_INT, F_INT, F_HEX } },
	{ "shmget", { F_INT, F_INT, F_HEX } },
};

struct name_value {
	const char *name;
	uint64_t value;
};

#define NV(x)         \
	{             \
#x, x \
	}
static const struct name_value domains[] = {
	NV(AF_UNIX),      NV(AF_INET), NV(AF_INET6),  NV(AF_NETLINK),   NV(AF_PACKET),
	NV(AF_BLUETOOTH), NV(AF_ALG),  NV(AF_VSOCK),  NV(AF_KEY),       NV(AF_CAN),
	NV(AF_TIPC),      NV(AF_RDS),  NV(AF_NFC),    NV(AF_X25),       NV(AF_AX25),
	NV(AF_APPLETALK), NV(AF_IPX),  NV(AF_UNSPEC), { "AF_XDP", 44 }, { "AF_MCTP", 45 },
};
static const struct name_value types[] = {
	NV(SOCK_STREAM),    NV(SOCK_DGRAM),  NV(SOCK_RAW),
	NV(SOCK_SEQPACKET), NV(SOCK_PACKET), NV(SOCK_RDM),
};
static const struct name_value ioctls[] = {
	NV(TCGETS),     NV(TCSETS),      NV(TCSETSW),   NV(TCSETSF),    NV(TIOCSTI),  NV(TIOCLINUX),
	NV(TIOCGWINSZ), NV(TIOCSWINSZ),  NV(TIOCGPGRP), NV(TIOCSPGRP),  NV(FIONREAD), NV(FIONBIO),
	NV(FIOCLEX),    NV(FIONCLEX),    NV(TIOCSCTTY), NV(TIOCNOTTY),  NV(TCFLSH),   NV(TCXONC),
	NV(TCSBRK),     NV(TIOCGSID),    NV(TIOCOUTQ),  NV(TIOCEXCL),   NV(TIOCNXCL), NV(FIOASYNC),
	NV(TIOCSETD),   NV(TIOCGETD),    NV(TIOCGPTN),  NV(TIOCSPTLCK), NV(TIOCMGET), NV(TIOCMSET),
	NV(TIOCCONS),   NV(TIOCGPTPEER), NV(TCGETA),    NV(TCSETA),     NV(TIOCSBRK), NV(TIOCCBRK),
};
static const struct name_value prctls[] = {
	NV(PR_SET_DUMPABLE),
	NV(PR_GET_DUMPABLE),
	NV(PR_SET_NAME),
	NV(PR_GET_NAME),
	NV(PR_SET_PTRACER),
	NV(PR_SET_SECCOMP),
	NV(PR_GET_SECCOMP),
	NV(PR_SET_NO_NEW_PRIVS),
	NV(PR_GET_NO_NEW_PRIVS),
	NV(PR_SET_MM),
	NV(PR_CAP_AMBIENT),
	NV(PR_CAPBSET_READ),
	NV(PR_CAPBSET_DROP),
	NV(PR_SET_KEEPCAPS),
	NV(PR_GET_KEEPCAPS),
	NV(PR_SET_SECUREBITS),
	NV(PR_GET_SECUREBITS),
	NV(PR_SET_CHILD_SUBREAPER),
	NV(PR_GET_CHILD_SUBREAPER),
	NV(PR_SET_PDEATHSIG),
	NV(PR_GET_PDEATHSIG),
	NV(PR_SET_TIMERSLACK),
	NV(PR_GET_TIMERSLACK),
	NV(PR_SET_THP_DISABLE),
	NV(PR_SET_SPECULATION_CTRL),
	NV(PR_GET_SPECULATION_CTRL),
	NV(PR_SET_TSC),
	NV(PR_SET_IO_FLUSHER),
	{ "PR_SET_VMA", 0x53564d41 },
};
static const struct name_value fcntls[] = {
	NV(F_DUPFD),      NV(F_DUPFD_CLOEXEC), NV(F_GETFD),     NV(F_SETFD),  NV(F_GETFL),
	NV(F_SETFL),      NV(F_GETLK),         NV(F_SETLK),     NV(F_SETLKW), NV(F_OFD_GETLK),
	NV(F_OFD_SETLK),  NV(F_OFD_SETLKW),    NV(F_SETOWN),    NV(F_GETOWN), NV(F_SETSIG),
	NV(F_GETSIG),     NV(F_SETLEASE),      NV(F_GETLEASE),  NV(F_NOTIFY), NV(F_SETPIPE_SZ),
	NV(F_GETPIPE_SZ), NV(F_ADD_SEALS),     NV(F_GET_SEALS),
};
static const struct name_value oflags[] = {
	NV(O_CREAT),
	NV(O_EXCL),
	NV(O_NOCTTY),
	NV(O_TRUNC),
	NV(O_APPEND),
	NV(O_NONBLOCK),
	{ "O_TMPFILE", 020000000 },
	NV(O_DIRECTORY),
	NV(O_NOFOLLOW),
	NV(O_CLOEXEC),
	NV(O_PATH),
	NV(O_DSYNC),
	NV(O_SYNC),
	NV(O_NOATIME),
	NV(O_DIRECT),
	{ "O_LARGEFILE", 0100000 },
};
/* Namespace bits first: they are what a reader looks for. */
#define NS_FLAGS                                                                                  \
	NV(CLONE_NEWUSER), NV(CLONE_NEWNS), NV(CLONE_NEWPID), NV(CLONE_NEWNET), NV(CLONE_NEWIPC), \
		NV(CLONE_NEWUTS), NV(CLONE_NEWCGROUP)
static const struct name_value clones[] = {
	NS_FLAGS,
	NV(CLONE_VM),
	NV(CLONE_FS),
	NV(CLONE_FILES),
	NV(CLONE_SIGHAND),
	NV(CLONE_PIDFD),
	NV(CLONE_PTRACE),
	NV(CLONE_VFORK),
	NV(CLONE_PARENT),
	NV(CLONE_THREAD),
	NV(CLONE_SYSVSEM),
	NV(CLONE_SETTLS),
	NV(CLONE_PARENT_SETTID),
	NV(CLONE_CHILD_CLEARTID),
	NV(CLONE_UNTRACED),
	NV(CLONE_CHILD_SETTID),
	NV(CLONE_IO),
};
static const struct name_value nsflags[] = {
	NS_FLAGS, { "CLONE_NEWTIME", 0x80 }, NV(CLONE_FS), NV(CLONE_FILES), NV(CLONE_SYSVSEM),
};
static const struct name_value prots[] = { NV(PROT_READ), NV(PROT_WRITE), NV(PROT_EXEC) };
static const struct name_value maps[] = {
	NV(MAP_SHARED),    NV(MAP_PRIVATE),         NV(MAP_FIXED),      NV(MAP_ANONYMOUS),
	NV(MAP_GROWSDOWN), NV(MAP_DENYWRITE),       NV(MAP_EXECUTABLE), NV(MAP_LOCKED),
	NV(MAP_NORESERVE), NV(MAP_POPULATE),        NV(MAP_NONBLOCK),   NV(MAP_STACK),
	NV(MAP_HUGETLB),   NV(MAP_FIXED_NOREPLACE), NV(MAP_32BIT),
};
#define N(a) (sizeof a / sizeof a[0])
#define TMPFILE_BIT 020000000

/* Where the call is being printed: the output buffer and the caller. */
struct out {
	char *buf;
	size_t size, at;
	pid_t pid;
	const uint64_t *args;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct out *o, const char *fmt, ...)
{
	if (o->at >= o->size)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(o->buf + o->at, o->size - o->at, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->at = o->at + (size_t)n < o->size ? o->at + (size_t)n : o->size - 1;
}

static void put_value(struct out *o, const struct name_value *t, size_t n, uint64_t v)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].value == v) {
			put(o, "%s", t[i].name);
			return;
		}
	put(o, "%#llx", (unsigned long long)v);
}

static void put_flags(struct out *o, const struct name_value *t, size_t n, uint64_t v,
		      const char *zero)
{
	if (!v) {
		put(o, "%s", zero);
		return;
	}
	const char *sep = "";
	for (size_t i = 0; i < n; i++) {
		if (t[i].value && (v & t[i].value) == t[i].value) {
			put(o, "%s%s", sep, t[i].name);
			v &= ~t[i].value;
			sep = "|";
		}
	}
	if (v)
		put(o, "%s%#llx", sep, (unsigned long long)v);
}

/* Copies up to len bytes of the caller's memory, page by page so that a
 * string ending just before an unmapped page is still read. Stops after a
 * NUL when stop_at_nul. Returns the bytes read. */
size_t decode_read_remote(pid_t pid, uint64_t addr, char *dst, size_t len, bool stop_at_nul)
{
	const size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t done = 0;
	while (pid > 0 && addr && done < len) {
		size_t chunk = page - (size_t)((addr + done) % page);
		if (chunk > len - done)
			chunk = len - done;
		struct iovec local = { dst + done, chunk };
		struct iovec remote = { (void *)(uintptr_t)(addr + done), chunk };
		ssize_t n = process_vm_readv(pid, &local, 1, &remote, 1, 0);
		if (n <= 0)
			break;
		if (stop_at_nul && memchr(dst + done, '\0', (size_t)n)) {
			done += (size_t)n;
			break;
		}
		done += (size_t)n;
	}
	return done;
}

static void put_string(struct out *o, const char *s, size_t n)
{
	put(o, "\"");
	for (size_t i = 0; i < n && s[i]; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == 0x7f || c == '"' || c == '\\')
			put(o, "\\x%02x", c);
		else
			put(o, "%c", c);
	}
	put(o, "\"");
}

static void put_path(struct out *o, uint64_t addr)
{
	char path[256];
	size_t n = decode_read_remote(o->pid, addr, path, sizeof path, true);
	if (!addr) {
		put(o, "NULL");
		return;
	}
	if (!n || !memchr(path, '\0', n)) {
		/* unreadable, or longer than we show */
		if (n)
			put_string(o, path, n);
		put(o, n ? "... [best effort]" : "%#llx", (unsigned long long)addr);
		return;
	}
	put_string(o, path, n);
	put(o, " [best effort]");
}

static void put_sockaddr(struct out *o, uint64_t addr, uint64_t len)
{
	struct sockaddr_storage ss;
	memset(&ss, 0, sizeof ss);
	size_t want = len < sizeof ss ? (size_t)len : sizeof ss;
	size_t n = decode_read_remote(o->pid, addr, (char *)&ss, want, false);
	char text[INET6_ADDRSTRLEN];
	if (n < sizeof(sa_family_t)) {
		put(o, addr ? "..." : "NULL");
		return;
	}
	const struct sockaddr_in *in = (const void *)&ss;
	const struct sockaddr_in6 *in6 = (const void *)&ss;
	const struct sockaddr_un *un = (const void *)&ss;
	if (ss.ss_family == AF_INET && n >= sizeof *in &&
	    inet_ntop(AF_INET, &in->sin_addr, text, sizeof text))
		put(o, "{AF_INET %s:%u}", text, ntohs(in->sin_port));
	else if (ss.ss_family == AF_INET6 && n >= sizeof *in6 &&
		 inet_ntop(AF_INET6, &in6->sin6_addr, text, sizeof text))
		put(o, "{AF_INET6 [%s]:%u}", text, ntohs(in6->sin6_port));
	else if (ss.ss_family == AF_UNIX && n > sizeof(sa_family_t)) {
		size_t plen = n - offsetof(struct sockaddr_un, sun_path);
		bool abstract = un->sun_path[0] == '\0';
		put(o, "{AF_UNIX %s", abstract ? "@" : "");
		put_string(o, un->sun_path + abstract, plen - abstract);
		put(o, "}");
	} else {
		put(o, "{");
		put_value(o, domains, N(domains), ss.ss_family);
		put(o, "}");
	}
	put(o, " [best effort]");
}

static void put_oflags(struct out *o, uint64_t v)
{
	static const char *const modes[] = { "O_RDONLY", "O_WRONLY", "O_RDWR", "O_ACCMODE" };
	put(o, "%s", modes[v & O_ACCMODE]);
	/* O_TMPFILE contains O_DIRECTORY; O_LARGEFILE is noise on 64 bits. */
	uint64_t rest = v & ~(uint64_t)O_ACCMODE & ~(uint64_t)0100000;
	if ((rest & TMPFILE_BIT) == TMPFILE_BIT)
		rest &= ~(uint64_t)O_DIRECTORY | TMPFILE_BIT;
	if (rest) {
		put(o, "|");
		put_flags(o, oflags, N(oflags), rest, "0");
	}
}

static void put_signal(struct out *o, uint64_t v)
{
	const char *name = v && v < NSIG ? sigabbrev_np((int)v) : NULL;
	if (name)
		put(o, "SIG%s", name);
	else
		put(o, "%lld", (long long)(int)v);
}

static void put_clone(struct out *o, uint64_t v)
{
	put_flags(o, clones, N(clones), v & ~(uint64_t)CSIGNAL, "0");
	if (v & CSIGNAL) {
		put(o, "|");
		put_signal(o, v & CSIGNAL);
	}
}

static void put_arg(struct out *o, enum fmt f, int i)
{
	uint64_t v = o->args[i];
	switch (f) {
	case F_FD:
		if ((int)v == AT_FDCWD)
			put(o, "AT_FDCWD");
		else
			put(o, "%d", (int)v);
		return;
	case F_INT:
		put(o, "%lld", (long long)v);
		return;
	case F_PATH:
		put_path(o, v);
		return;
	case F_OFLAGS:
		put_oflags(o, v);
		return;
	case F_MODE:
	case F_CMODE:
		put(o, "%#llo", (unsigned long long)v);
		return;
	case F_DOMAIN:
		put_value(o, domains, N(domains), v);
		return;
	case F_TYPE:
		put_value(o, types, N(types), v & 0xf);
		put(o, "%s%s", v & SOCK_CLOEXEC ? "|SOCK_CLOEXEC" : "",
		    v & SOCK_NONBLOCK ? "|SOCK_NONBLOCK" : "");
		return;
	case F_IOCTL:
		/* the kernel looks at the low 32 bits only */
		put_value(o, ioctls, N(ioctls), v & 0xffffffffu);
		if (v >> 32)
			put(o, " (upper bits %#llx)", (unsigned long long)(v >> 32));
		return;
	case F_CLONE:
		put_clone(o, v);
		return;
	case F_NSFLAGS:
		put_flags(o, nsflags, N(nsflags), v, "0");
		return;
	case F_PRCTL:
		put_value(o, prctls, N(prctls), v);
		return;
	case F_FCNTL:
		put_value(o, fcntls, N(fcntls), v);
		return;
	case F_PROT:
		put_flags(o, prots, N(prots), v, "PROT_NONE");
		return;
	case F_MAP:
		put_flags(o, maps, N(maps), v, "0");
		return;
	case F_SIGNAL:
		put_signal(o, v);
		return;
	case F_SOCKADDR:
		put_sockaddr(o, v, o->args[i + 1]);
		return;
	case F_SKIP:
		put(o, "...");
		return;
	default:
		put(o, "%#llx", (unsigned long long)v);
		return;
	}
}

const char *decode_name(int nr)
{
	static char buf[64];
	char *name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, nr);
	if (name)
		snprintf(buf, sizeof buf, "%s", name);
	else
		snprintf(buf, sizeof buf, "syscall_%d", nr);
	free(name);
	return buf;
}

static const enum fmt *formats_of(const char *name)
{
	static const enum fmt fallback[6] = { F_HEX, F_HEX, F_HEX };
	for (size_t i = 0; i < N(decoders); i++)
		if (strcmp(decoders[i].name, name) == 0)
			return decoders[i].arg;
	return fallback;
}

/* open(2) ignores the mode unless it creates a file: do not show garbage. */
static bool creates(const enum fmt *f, const uint64_t *args)
{
	for (int i = 0; i < 6 && f[i] != F_END; i++)
		if (f[i] == F_OFLAGS)
			return args[i] & (O_CREAT | TMPFILE_BIT);
	return true;
}

void decode_call(int nr, const uint64_t args[6], pid_t pid, char *buf, size_t size)
{
	const char *name = decode_name(nr);
	const enum fmt *f = formats_of(name);
	struct out o = { buf, size, 0, pid, args };
	buf[0] = '\0';
	put(&o, "%s(", name);
	for (int i = 0; i < 6 && f[i] != F_END; i++) {
		if (f[i] == F_CMODE && !creates(f, args))
			continue;
		if (i)
			put(&o, ", ");
		put_arg(&o, f[i], i);
	}
	put(&o, ")");
}
