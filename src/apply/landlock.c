/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Landlock has no library: the UAPI is defined here, because bookworm's
 * <linux/landlock.h> stops at ABI 3 and the ABI is stable. */
#include "apply/landlock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#define __NR_landlock_add_rule 445
#define __NR_landlock_restrict_self 446
#endif

struct ll_ruleset_attr {
	uint64_t handled_access_fs;
	uint64_t handled_access_net; /* ABI 4 */
	uint64_t scoped; /* ABI 6 */
};

struct ll_path_beneath_attr {
	uint64_t allowed_access;
	int32_t parent_fd;
} __attribute__((packed));

struct ll_net_port_attr {
	uint64_t allowed_access;
	uint64_t port;
};

#define LL_CREATE_RULESET_VERSION (1U << 0)
#define LL_RULE_PATH_BENEATH 1
#define LL_RULE_NET_PORT 2

#define LL_FS_EXECUTE (1ULL << 0)
#define LL_FS_WRITE_FILE (1ULL << 1)
#define LL_FS_READ_FILE (1ULL << 2)
#define LL_FS_READ_DIR (1ULL << 3)
#define LL_FS_REMOVE_DIR (1ULL << 4)
#define LL_FS_REMOVE_FILE (1ULL << 5)
#define LL_FS_MAKE_CHAR (1ULL << 6)
#define LL_FS_MAKE_DIR (1ULL << 7)
#define LL_FS_MAKE_REG (1ULL << 8)
#define LL_FS_MAKE_SOCK (1ULL << 9)
#define LL_FS_MAKE_FIFO (1ULL << 10)
#define LL_FS_MAKE_BLOCK (1ULL << 11)
#define LL_FS_MAKE_SYM (1ULL << 12)
#define LL_FS_REFER (1ULL << 13) /* ABI 2 */
#define LL_FS_TRUNCATE (1ULL << 14) /* ABI 3 */
#define LL_FS_IOCTL_DEV (1ULL << 15) /* ABI 5 */
#define LL_NET_BIND_TCP (1ULL << 0) /* ABI 4 */
#define LL_NET_CONNECT_TCP (1ULL << 1)
#define LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0) /* ABI 6 */
#define LL_SCOPE_SIGNAL (1ULL << 1)

#define LL_FS_ALL ((LL_FS_IOCTL_DEV << 1) - 1)
/* Rights that a rule on a file (not a directory) may carry. */
#define LL_FS_FILE_RIGHTS \
	(LL_FS_EXECUTE | LL_FS_WRITE_FILE | LL_FS_READ_FILE | LL_FS_TRUNCATE | LL_FS_IOCTL_DEV)

static long ll_create_ruleset(const struct ll_ruleset_attr *attr, size_t size, uint32_t flags)
{
	return syscall(__NR_landlock_create_ruleset, attr, size, flags);
}

static long ll_add_rule(int fd, int type, const void *attr)
{
	return syscall(__NR_landlock_add_rule, fd, type, attr, 0);
}

/* ABI 7: the kernel logs denials (to audit, when it is enabled) only until
 * the restricted process execs, that is never for the target, unless asked
 * to log those after it too. */
#define LL_RESTRICT_SELF_LOG_NEW_EXEC_ON (1U << 1)

static long ll_restrict_self(int fd, uint32_t flags)
{
	return syscall(__NR_landlock_restrict_self, fd, flags);
}

/* on-violation = report asks for every refusal to be visible: there the
 * kernel's own record of the target's, besides the supervisor's guess. */
static uint32_t restrict_flags(const struct policy *p, int abi)
{
	return p->on_violation == VIOLATION_REPORT && abi >= 7 ? LL_RESTRICT_SELF_LOG_NEW_EXEC_ON :
								 0;
}

int landlock_abi(void)
{
	static int known; /* 0 until asked: the answer is never 0 */
	if (!known) {
		long abi = ll_create_ruleset(NULL, 0, LL_CREATE_RULESET_VERSION);
		known = abi < 0 ? -errno : (int)abi;
	}
	return known;
}

int landlock_abi_in_use(const struct policy *p)
{
	int abi = landlock_abi();
	return p->landlock == LANDLOCK_OFF || abi < 0 ? 0 : abi;
}

/* The kernel documentation's pattern: start from everything this code knows
 * and remove, one ABI at a time, what an older kernel lacks. */
static struct ll_ruleset_attr handled_for(int abi)
{
	struct ll_ruleset_attr a = {
		.handled_access_fs = LL_FS_ALL,
		.handled_access_net = LL_NET_BIND_TCP | LL_NET_CONNECT_TCP,
		.scoped = LL_SCOPE_ABSTRACT_UNIX_SOCKET | LL_SCOPE_SIGNAL,
	};
	switch (abi) {
	case 1:
		a.handled_access_fs &= ~LL_FS_REFER; /* ABI 2 */
		/* fall through */
	case 2:
		a.handled_access_fs &= ~LL_FS_TRUNCATE; /* ABI 3 */
		/* fall through */
	case 3:
		a.handled_access_net = 0; /* ABI 4 */
		/* fall through */
	case 4:
		a.handled_access_fs &= ~LL_FS_IOCTL_DEV; /* ABI 5 */
		/* fall through */
	case 5:
		a.scoped = 0; /* ABI 6 */
		/* fall through */
	default:
		break; /* ABI 7 only adds logging flags */
	}
	return a;
}

static uint64_t rights_for(unsigned access)
{
	uint64_t r = 0;
	if (access & ACC_READ_FILE)
		r |= LL_FS_READ_FILE;
	if (access & ACC_READ_DIR)
		r |= LL_FS_READ_DIR;
	if (access & ACC_WRITE)
		r |= LL_FS_WRITE_FILE | LL_FS_TRUNCATE;
	if (access & ACC_EXEC)
		r |= LL_FS_EXECUTE;
	if (access & ACC_CREATE)
		r |= LL_FS_MAKE_REG | LL_FS_REMOVE_FILE;
	if (access & ACC_MAKE_TREE)
		r |= LL_FS_MAKE_DIR | LL_FS_REMOVE_DIR | LL_FS_MAKE_SYM;
	if (access & ACC_IOCTL_DEV)
		r |= LL_FS_IOCTL_DEV;
	return r;
}

/* Descriptors of granted paths, closed together: one close_range() per
 * stretch of consecutive numbers (the kernel hands out the lowest free
 * one, so a caller's descriptor among them splits a stretch, no more)
 * instead of a close() per grant. Bounded, so that a list of thousands of
 * inputs (file -f) holds no more than this many at a time. */
#define BATCH 64
struct batch {
	int fd[BATCH];
	size_t n;
};

static void close_stretch(int first, int last)
{
	if (first == last || syscall(SYS_close_range, first, last, 0) != 0)
		for (int fd = first; fd <= last; fd++)
			close(fd);
}

static void batch_close(struct batch *b)
{
	size_t start = 0;
	for (size_t i = 1; i <= b->n; i++)
		if (i == b->n || b->fd[i] != b->fd[i - 1] + 1) {
			close_stretch(b->fd[start], b->fd[i - 1]);
			start = i;
		}
	b->n = 0;
}

static void batch_add(struct batch *b, int fd)
{
	if (b->n == BATCH)
		batch_close(b);
	b->fd[b->n++] = fd;
}

static void add_path_rule(int ruleset, const struct grant *g, uint64_t handled, struct batch *b)
{
	int fd = open(g->path, O_PATH | O_CLOEXEC);
	if (fd < 0) {
		/* Missing inputs are the target's to report; missing system paths
		 * are normal on other distributions. */
		if (!g->quiet_missing)
			msg_verbose("not granting %s (%s): %s", g->path, g->why, strerror(errno));
		return;
	}
	uint64_t allowed = rights_for(g->access) & handled;
	struct ll_path_beneath_attr attr = { .allowed_access = allowed, .parent_fd = fd };
	int r = allowed ? ll_add_rule(ruleset, LL_RULE_PATH_BENEATH, &attr) : 0;
	/* Directory rights on a file are EINVAL: asking the kernel spares an
	 * fstat() for every directory, which most grants are. */
	if (r < 0 && errno == EINVAL && (allowed & ~LL_FS_FILE_RIGHTS)) {
		attr.allowed_access = allowed & LL_FS_FILE_RIGHTS;
		r = attr.allowed_access ? ll_add_rule(ruleset, LL_RULE_PATH_BENEATH, &attr) : 0;
	}
	if (r < 0) {
		/* A pipe or socket named by /dev/fd/N (file -s <(cmd)) lives in no
		 * filesystem Landlock governs: nothing to grant, nothing it denies. */
		if (errno == EBADFD)
			msg_verbose("not granting %s (%s): a pipe or socket, outside Landlock",
				    g->path, g->why);
		else
			die("landlock: cannot grant %s (%s): %s", g->path, g->why, strerror(errno));
	}
	batch_add(b, fd);
}

static void add_port_rules(int ruleset, const struct policy *p, uint64_t handled_net)
{
	for (size_t i = 0; i < p->n_ports; i++) {
		struct ll_net_port_attr attr = {
			.allowed_access = p->ports[i].bind ? LL_NET_BIND_TCP : LL_NET_CONNECT_TCP,
			.port = p->ports[i].port,
		};
		if ((attr.allowed_access & handled_net) &&
		    ll_add_rule(ruleset, LL_RULE_NET_PORT, &attr) < 0)
			die("landlock: cannot grant TCP port %u (%s): %s", p->ports[i].port,
			    p->ports[i].why, strerror(errno));
	}
}

/* Why Landlock is missing, and so what the user can do: a kernel without
 * it (before 5.13, or built without it; Debian 11's 5.10) needs another
 * kernel; one that has it built but not enabled needs a boot parameter. */
static const char *unavailable_hint(int err)
{
	static char why[160];
	struct utsname u;
	if (err == -ENOSYS) {
		if (uname(&u) < 0)
			snprintf(u.release, sizeof u.release, "?");
		snprintf(why, sizeof why,
			 "kernel %s has no Landlock (it needs Linux 5.13 or "
			 "later built with CONFIG_SECURITY_LANDLOCK)",
			 u.release);
		return why;
	}
	if (err == -EOPNOTSUPP)
		return "Landlock is built in but disabled (add landlock to the lsm= boot parameter: "
		       "see /sys/kernel/security/lsm for the list in use)";
	return strerror(-err);
}

/* Returns the ABI to use, or 0 to skip Landlock. */
static int negotiate(const struct policy *p)
{
	const char *profile = p->profile_path;
	if (p->landlock == LANDLOCK_OFF) {
		msg_verbose("landlock = off in %s: no filesystem confinement", profile);
		return 0;
	}
	int abi = landlock_abi();
	if (abi < 0 && p->landlock == LANDLOCK_REQUIRED)
		die("Landlock is unavailable: %s; without it no layer keeps %s's reads, writes and "
		    "executions to what it declares. Hint: boot a kernel with Landlock (Debian 12's "
		    "has it), or set landlock = best-effort in %s to run with the filter and the "
		    "supervisor alone",
		    unavailable_hint(abi), p->program, profile);
	if (abi < 0) {
		msg("warning: Landlock is unavailable (%s); running %s without filesystem "
		    "confinement (landlock = best-effort in %s)",
		    unavailable_hint(abi), p->program, profile);
		return 0;
	}
	if ((unsigned)abi < p->landlock_abi_needed && p->landlock == LANDLOCK_REQUIRED)
		die("Landlock ABI %d is too old: %s needs ABI %u for what it grants. Hint: "
		    "update the kernel, or set landlock = best-effort",
		    abi, profile, p->landlock_abi_needed);
	if ((unsigned)abi < p->landlock_abi_needed)
		msg("warning: Landlock ABI %d is older than the %u that %s needs; running %s with "
		    "what this kernel offers (landlock = best-effort)",
		    abi, p->landlock_abi_needed, profile, p->program);
	return abi;
}

struct landlock_ruleset landlock_prepare(const struct policy *p)
{
	struct landlock_ruleset rs = { .fd = -1, .abi = negotiate(p) };
	if (!rs.abi)
		return rs;
	struct ll_ruleset_attr attr = handled_for(rs.abi);
	if (!p->restrict_tcp)
		attr.handled_access_net = 0;
	size_t size = rs.abi >= 6 ? sizeof attr : rs.abi >= 4 ? 16 : 8;
	rs.fd = (int)ll_create_ruleset(&attr, size, 0); /* close-on-exec */
	if (rs.fd < 0)
		die("landlock: cannot create a ruleset: %s", strerror(errno));
	struct batch b = { .n = 0 };
	for (size_t i = 0; i < p->n_grants; i++)
		add_path_rule(rs.fd, &p->grants[i], attr.handled_access_fs, &b);
	batch_close(&b);
	add_port_rules(rs.fd, p, attr.handled_access_net);
	return rs;
}

void landlock_restrict(const struct policy *p, struct landlock_ruleset *rs)
{
	if (rs->fd < 0)
		return;
	if (ll_restrict_self(rs->fd, restrict_flags(p, rs->abi)) < 0)
		die("landlock: cannot restrict: %s", strerror(errno));
	close(rs->fd);
	rs->fd = -1;
	msg_verbose("landlock ABI %d applied: %zu paths, %zu ports", rs->abi, p->n_grants,
		    p->n_ports);
}
