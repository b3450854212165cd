#include "decode.h"

#include <fcntl.h>
#include <linux/sched.h>
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

enum fmt { F_END, F_INT, F_FD, F_PATH, F_OFLAGS, F_MODE, F_DOMAIN, F_TYPE, F_IOCTL,
	   F_CLONE, F_PRCTL, F_PROT, F_SIGNAL, F_HEX };

/* How to print the arguments of the calls reports most often name. */
static const struct {
	const char *name;
	enum fmt arg[6];
} decoders[] = {
	{ "open", { F_PATH, F_OFLAGS, F_MODE } },
	{ "openat", { F_FD, F_PATH, F_OFLAGS, F_MODE } },
	{ "creat", { F_PATH, F_MODE } },
	{ "unlink", { F_PATH } }, { "unlinkat", { F_FD, F_PATH, F_HEX } },
	{ "rmdir", { F_PATH } }, { "mkdir", { F_PATH, F_MODE } },
	{ "mkdirat", { F_FD, F_PATH, F_MODE } }, { "rename", { F_PATH, F_PATH } },
	{ "renameat", { F_FD, F_PATH, F_FD, F_PATH } },
	{ "renameat2", { F_FD, F_PATH, F_FD, F_PATH, F_HEX } },
	{ "chmod", { F_PATH, F_MODE } }, { "fchmod", { F_FD, F_MODE } },
	{ "fchmodat", { F_FD, F_PATH, F_MODE } }, { "truncate", { F_PATH, F_INT } },
	{ "ftruncate", { F_FD, F_INT } }, { "chown", { F_PATH, F_INT, F_INT } },
	{ "chroot", { F_PATH } }, { "execve", { F_PATH, F_HEX, F_HEX } },
	{ "execveat", { F_FD, F_PATH, F_HEX, F_HEX, F_HEX } },
	{ "link", { F_PATH, F_PATH } }, { "symlink", { F_PATH, F_PATH } },
	{ "mount", { F_PATH, F_PATH, F_PATH, F_HEX } },
	{ "socket", { F_DOMAIN, F_TYPE, F_INT } },
	{ "socketpair", { F_DOMAIN, F_TYPE, F_INT, F_HEX } },
	{ "connect", { F_FD, F_HEX, F_INT } }, { "bind", { F_FD, F_HEX, F_INT } },
	{ "ioctl", { F_FD, F_IOCTL, F_HEX } },
	{ "clone", { F_CLONE, F_HEX, F_HEX, F_HEX, F_HEX } },
	{ "unshare", { F_CLONE } }, { "setns", { F_FD, F_CLONE } },
	{ "prctl", { F_PRCTL, F_HEX, F_HEX } },
	{ "mmap", { F_HEX, F_INT, F_PROT, F_HEX, F_FD, F_INT } },
	{ "mprotect", { F_HEX, F_INT, F_PROT } },
	{ "kill", { F_INT, F_SIGNAL } }, { "tgkill", { F_INT, F_INT, F_SIGNAL } },
	{ "ptrace", { F_INT, F_INT, F_HEX, F_HEX } },
	{ "personality", { F_HEX } }, { "prlimit64", { F_INT, F_INT, F_HEX, F_HEX } },
	{ "setrlimit", { F_INT, F_HEX } }, { "write", { F_FD, F_HEX, F_INT } },
	{ "read", { F_FD, F_HEX, F_INT } }, { "fcntl", { F_FD, F_INT, F_HEX } },
};

struct name_value {
	const char *name;
	uint64_t value;
};

#define NV(x) { #x, x }
static const struct name_value domains[] = {
	NV(AF_UNIX), NV(AF_INET), NV(AF_INET6), NV(AF_NETLINK), NV(AF_PACKET),
	NV(AF_BLUETOOTH), NV(AF_ALG), NV(AF_VSOCK), NV(AF_KEY),
};
static const struct name_value types[] = {
	NV(SOCK_STREAM), NV(SOCK_DGRAM), NV(SOCK_RAW), NV(SOCK_SEQPACKET), NV(SOCK_PACKET),
};
static const struct name_value ioctls[] = {
	NV(TCGETS), NV(TCSETS), NV(TCSETSW), NV(TCSETSF), NV(TIOCSTI), NV(TIOCLINUX),
	NV(TIOCGWINSZ), NV(TIOCSWINSZ), NV(TIOCGPGRP), NV(TIOCSPGRP), NV(FIONREAD),
	NV(FIONBIO), NV(FIOCLEX), NV(FIONCLEX), NV(TIOCSCTTY), NV(TIOCNOTTY),
};
static const struct name_value prctls[] = {
	NV(PR_SET_DUMPABLE), NV(PR_GET_DUMPABLE), NV(PR_SET_NAME), NV(PR_SET_PTRACER),
	NV(PR_SET_SECCOMP), NV(PR_SET_NO_NEW_PRIVS), NV(PR_SET_MM), NV(PR_CAP_AMBIENT),
	NV(PR_SET_KEEPCAPS), NV(PR_SET_SECUREBITS), NV(PR_SET_CHILD_SUBREAPER),
	NV(PR_SET_PDEATHSIG),
};
static const struct name_value oflags[] = {
	NV(O_CREAT), NV(O_EXCL), NV(O_NOCTTY), NV(O_TRUNC), NV(O_APPEND), NV(O_NONBLOCK),
	NV(O_DIRECTORY), NV(O_NOFOLLOW), NV(O_CLOEXEC), NV(O_PATH), { "O_TMPFILE", 020000000 },
};
static const struct name_value clones[] = {
	NV(CLONE_VM), NV(CLONE_FS), NV(CLONE_FILES), NV(CLONE_SIGHAND), NV(CLONE_VFORK),
	NV(CLONE_THREAD), NV(CLONE_NEWNS), NV(CLONE_NEWUSER), NV(CLONE_NEWPID),
	NV(CLONE_NEWNET), NV(CLONE_NEWIPC), NV(CLONE_NEWUTS), NV(CLONE_NEWCGROUP),
	NV(CLONE_SETTLS), NV(CLONE_PARENT_SETTID), NV(CLONE_CHILD_CLEARTID),
	NV(CLONE_CHILD_SETTID),
};
static const struct name_value prots[] = { NV(PROT_READ), NV(PROT_WRITE), NV(PROT_EXEC) };
#define N(a) (sizeof a / sizeof a[0])

static size_t put(char *buf, size_t size, size_t at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static size_t put(char *buf, size_t size, size_t at, const char *fmt, ...)
{
	if (at >= size)
		return at;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf + at, size - at, fmt, ap);
	va_end(ap);
	return n < 0 ? at : at + (size_t)n;
}

static size_t put_value(char *b, size_t s, size_t at, const struct name_value *t, size_t n,
			uint64_t v, uint64_t mask)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].value == (v & mask))
			return put(b, s, at, "%s", t[i].name);
	return put(b, s, at, "%#llx", (unsigned long long)v);
}

static size_t put_flags(char *b, size_t s, size_t at, const struct name_value *t, size_t n,
			uint64_t v, const char *zero)
{
	if (!v)
		return put(b, s, at, "%s", zero);
	bool any = false;
	for (size_t i = 0; i < n; i++) {
		if (t[i].value && (v & t[i].value) == t[i].value) {
			at = put(b, s, at, "%s%s", any ? "|" : "", t[i].name);
			v &= ~t[i].value;
			any = true;
		}
	}
	if (v)
		at = put(b, s, at, "%s%#llx", any ? "|" : "", (unsigned long long)v);
	return at;
}

static size_t put_path(char *b, size_t s, size_t at, pid_t pid, uint64_t addr)
{
	char path[256];
	struct iovec local = { path, sizeof path - 1 };
	struct iovec remote = { (void *)(uintptr_t)addr, sizeof path - 1 };
	ssize_t n = addr ? process_vm_readv(pid, &local, 1, &remote, 1, 0) : -1;
	if (n <= 0)
		return put(b, s, at, "%#llx", (unsigned long long)addr);
	path[n] = '\0';
	for (char *c = path; *c; c++)
		if ((unsigned char)*c < 0x20)
			*c = '?';
	return put(b, s, at, "\"%s\"", path);
}

static size_t put_arg(char *b, size_t s, size_t at, enum fmt f, uint64_t v, pid_t pid)
{
	switch (f) {
	case F_FD:
		return (int)v == AT_FDCWD ? put(b, s, at, "AT_FDCWD") : put(b, s, at, "%d", (int)v);
	case F_INT: return put(b, s, at, "%lld", (long long)v);
	case F_PATH: return put_path(b, s, at, pid, v);
	case F_OFLAGS: {
		static const char *const modes[] = { "O_RDONLY", "O_WRONLY", "O_RDWR", "O_ACCMODE" };
		at = put(b, s, at, "%s", modes[v & O_ACCMODE]);
		if (v & ~(uint64_t)O_ACCMODE)
			at = put_flags(b, s, put(b, s, at, "|"), oflags, N(oflags),
				       v & ~(uint64_t)O_ACCMODE & ~(uint64_t)0100000, "0");
		return at;
	}
	case F_MODE: return put(b, s, at, "%#llo", (unsigned long long)v);
	case F_DOMAIN: return put_value(b, s, at, domains, N(domains), v, ~0ULL);
	case F_TYPE:
		at = put_value(b, s, at, types, N(types), v & 0xf, ~0ULL);
		if (v & SOCK_CLOEXEC)
			at = put(b, s, at, "|SOCK_CLOEXEC");
		if (v & SOCK_NONBLOCK)
			at = put(b, s, at, "|SOCK_NONBLOCK");
		return at;
	case F_IOCTL:
		at = put_value(b, s, at, ioctls, N(ioctls), v, 0xffffffffu);
		return (v >> 32) ? put(b, s, at, " (upper bits %#llx)", (unsigned long long)(v >> 32)) : at;
	case F_CLONE: return put_flags(b, s, at, clones, N(clones), v & ~0xffULL, "0");
	case F_PRCTL: return put_value(b, s, at, prctls, N(prctls), v, ~0ULL);
	case F_PROT: return put_flags(b, s, at, prots, N(prots), v, "PROT_NONE");
	case F_SIGNAL: {
		const char *name = v < NSIG ? sigabbrev_np((int)v) : NULL;
		return name ? put(b, s, at, "SIG%s", name) : put(b, s, at, "%lld", (long long)v);
	}
	default: return put(b, s, at, "%#llx", (unsigned long long)v);
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

void decode_call(int nr, const uint64_t args[6], pid_t pid, char *buf, size_t size)
{
	const char *name = decode_name(nr);
	size_t at = put(buf, size, 0, "%s(", name);
	const enum fmt *f = NULL;
	for (size_t i = 0; i < N(decoders); i++)
		if (strcmp(decoders[i].name, name) == 0)
			f = decoders[i].arg;
	static const enum fmt fallback[6] = { F_HEX, F_HEX, F_HEX };
	if (!f)
		f = fallback;
	for (int i = 0; i < 6 && f[i] != F_END; i++)
		at = put_arg(buf, size, i ? put(buf, size, at, ", ") : at, f[i], args[i], pid);
	put(buf, size, at, ")");
}
