/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The promise catalogue resolves: every name is a system call libseccomp
 * knows on this architecture, or one of the documented kinds of exception;
 * on aarch64 every call the table relies on exists or has its documented
 * modern form in the same promise. Also: the never list and the promises
 * are disjoint, the fallbacks (clone3, openat2) stay out, the quietly
 * refused calls are in no promise and not never, and "allow" refuses
 * calls the catalogue grants only with conditions. */
#include <errno.h>
#include <seccomp.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "catalogue/grants.h"
#include "catalogue/promises.h"
#include "../lib/tap.h"

/* Calls of other architectures kept in the table so that it serves them
 * too: they resolve there, not here. */
static const uint32_t other_arches[] = {
	SCMP_ARCH_X86, SCMP_ARCH_ARM, SCMP_ARCH_AARCH64, SCMP_ARCH_RISCV64, SCMP_ARCH_PPC64LE,
	SCMP_ARCH_S390X,
};

/* Newer than the libseccomp of Debian 12 (2.5.4): skipped, never fatal. */
static const char *const newer_than_libseccomp[] = {
	"mseal", /* Linux 6.10 */
};

/* Calls aarch64 (like every architecture since 2012) lacks, and the modern
 * form that the same promise must hold; NULL: x86-only, nothing to replace. */
static const struct {
	const char *legacy, *modern;
} aarch64_modern[] = {
	{ "open", "openat" }, { "creat", "openat" }, { "stat", "newfstatat" },
	{ "lstat", "newfstatat" }, { "access", "faccessat" }, { "readlink", "readlinkat" },
	{ "getdents", "getdents64" }, { "fork", "clone" }, { "vfork", "clone" },
	{ "pipe", "pipe2" }, { "dup2", "dup3" }, { "poll", "ppoll" }, { "select", "pselect6" },
	{ "epoll_create", "epoll_create1" }, { "epoll_wait", "epoll_pwait" },
	{ "eventfd", "eventfd2" }, { "signalfd", "signalfd4" },
	{ "inotify_init", "inotify_init1" }, { "mkdir", "mkdirat" }, { "rmdir", "unlinkat" },
	{ "unlink", "unlinkat" }, { "rename", "renameat2" }, { "link", "linkat" },
	{ "symlink", "symlinkat" }, { "mknod", "mknodat" }, { "chmod", "fchmodat" },
	{ "chown", "fchownat" }, { "lchown", "fchownat" }, { "utime", "utimensat" },
	{ "utimes", "utimensat" }, { "futimesat", "utimensat" }, { "alarm", "setitimer" },
	{ "pause", "rt_sigsuspend" }, { "time", "clock_gettime" }, { "getpgrp", "getpgid" },
	{ "getrlimit", "prlimit64" }, { "setrlimit", "prlimit64" }, { "sysfs", NULL },
	{ "arch_prctl", NULL }, { "modify_ldt", NULL }, { "iopl", NULL }, { "ioperm", NULL },
	{ "uselib", NULL }, { "ustat", NULL }, { "umount", "umount2" }, { "stime", NULL },
	{ "vm86", NULL }, { "vm86old", NULL }, { "send", "sendto" }, { "recv", "recvfrom" },
	{ "waitpid", "wait4" }, { "sigreturn", "rt_sigreturn" },
};

static bool listed(const char *const *list, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(list[i], name) == 0)
			return true;
	return false;
}

static bool resolves_elsewhere(const char *name)
{
	for (size_t i = 0; i < sizeof other_arches / sizeof other_arches[0]; i++)
		if (seccomp_syscall_resolve_name_arch(other_arches[i], name) >= 0)
			return true;
	return false;
}

static bool promise_names(const struct promise *p, const char *name)
{
	for (size_t j = 0; j < p->nrules; j++)
		if (strcmp(p->rules[j].name, name) == 0)
			return true;
	return false;
}

static bool on_aarch64(const char *name)
{
	return seccomp_syscall_resolve_name_arch(SCMP_ARCH_AARCH64, name) >= 0;
}

/* On aarch64 the promise still holds the call or its modern form. */
static bool aarch64_covered(const struct promise *p, const char *name)
{
	if (on_aarch64(name))
		return true;
	for (size_t i = 0; i < sizeof aarch64_modern / sizeof aarch64_modern[0]; i++) {
		if (strcmp(aarch64_modern[i].legacy, name) != 0)
			continue;
		const char *m = aarch64_modern[i].modern;
		return !m || (promise_names(p, m) && on_aarch64(m));
	}
	return false;
}

/* Native here, a documented other-architecture alias, or documented new. */
static int check_name(const char *what, const char *name, int nr, int *native, int *foreign)
{
	int resolved = seccomp_syscall_resolve_name(name);
	if (nr >= 0 && resolved >= 0) {
		(*native)++;
		if (nr != resolved) {
			printf("# %s %s: built as %d, libseccomp says %d\n", what, name, nr, resolved);
			return 1;
		}
		return 0;
	}
	if (resolves_elsewhere(name)) {
		(*foreign)++;
		return 0;
	}
	if (listed(newer_than_libseccomp, sizeof newer_than_libseccomp / sizeof newer_than_libseccomp[0],
		   name))
		return 0;
	printf("# %s %s: unknown on every architecture libseccomp knows\n", what, name);
	return 1;
}

static void test_resolution(void)
{
	int bad = 0, native = 0, foreign = 0, uncovered = 0;
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *p = promise_at(i);
		for (size_t j = 0; j < p->nrules; j++) {
			const struct promise_call *r = &p->rules[j];
			bad += check_name(p->name, r->name, rule_nr(r), &native, &foreign);
			if (rule_nr(r) >= 0 && !aarch64_covered(p, r->name)) {
				printf("# %s %s: missing on aarch64 without a modern form\n", p->name,
				       r->name);
				uncovered++;
			}
		}
	}
	for (size_t i = 0; i < never_count(); i++) {
		const struct never_call *n = never_at(i);
		int nr = never_nr(n);
		bad += check_name("never", n->name, nr < 0 ? -1 : nr, &native, &foreign);
	}
	ok(bad == 0, "every catalogue name resolves here, on another architecture, or is "
		     "documented as newer than libseccomp (%d native, %d foreign rules)", native, foreign);
	ok(native > 300, "the catalogue is not empty on this architecture (%d rules)", native);
	ok(uncovered == 0, "on aarch64 every promise keeps each call or its modern form");
}

/* Names the running libseccomp does not know resolve to -1, so the filter
 * builder skips them (the escape tests load filters with them in). */
static void test_unknown_skipped(void)
{
	int unknown = 0, wrong = 0;
	char names[256] = "";
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *p = promise_at(i);
		for (size_t j = 0; j < p->nrules; j++) {
			const struct promise_call *r = &p->rules[j];
			if (r->nr != NR_BY_NAME || seccomp_syscall_resolve_name(r->name) >= 0)
				continue;
			unknown++;
			wrong += rule_nr(r) != -1;
			size_t len = strlen(names);
			snprintf(names + len, sizeof names - len, "%s%s", len ? " " : "", r->name);
		}
	}
	ok(wrong == 0, "the %d rule(s) naming calls this libseccomp does not know are skipped (%s)",
	   unknown, unknown ? names : "none");
}

static bool granted_anywhere(const char *name)
{
	for (size_t i = 0; i < promise_count(); i++)
		if (promise_names(promise_at(i), name))
			return true;
	return false;
}

static void test_never_disjoint(void)
{
	int clash = 0;
	for (size_t i = 0; i < never_count(); i++) {
		if (granted_anywhere(never_at(i)->name)) {
			printf("# never-granted %s is in a promise\n", never_at(i)->name);
			clash++;
		}
	}
	ok(clash == 0, "no promise grants a call of the never list");
	static const char *const required[] = {
		"io_uring_setup", "io_uring_enter", "io_uring_register", "bpf", "perf_event_open",
		"userfaultfd", "keyctl", "add_key", "request_key", "ptrace", "process_vm_readv",
		"process_vm_writev", "kcmp", "mount", "umount2", "pivot_root", "chroot", "fsopen",
		"fsmount", "fspick", "open_tree", "move_mount", "mount_setattr", "unshare",
		"setns", "kexec_load", "kexec_file_load", "init_module", "finit_module",
		"delete_module", "reboot", "swapon", "swapoff", "settimeofday", "clock_settime",
		"clock_adjtime", "adjtimex", "acct", "quotactl", "iopl", "ioperm",
		"open_by_handle_at", "name_to_handle_at", "memfd_secret", "pidfd_getfd",
	};
	int missing = 0;
	for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
		if (!never_lookup(required[i])) {
			printf("# %s is not in the never list\n", required[i]);
			missing++;
		}
	}
	ok(missing == 0, "the never list holds every call issue 3 names");
	ok(!granted_anywhere("clone3") && !granted_anywhere("openat2") &&
		   !never_lookup("clone3") && !never_lookup("openat2"),
	   "clone3 and openat2 stay unknown to the catalogue (ENOSYS, libc falls back)");
}

/* Quiet answers (getxattr by path: ENOTSUP) are for calls no promise
 * grants: a promise would override them, the never list would report. */
static void test_quiet(void)
{
	int bad = 0, native = 0, foreign = 0;
	for (size_t i = 0; i < quiet_count(); i++) {
		const struct quiet_call *q = quiet_at(i);
		bad += check_name("quiet", q->name, q->nr, &native, &foreign);
		if (granted_anywhere(q->name) || never_lookup(q->name)) {
			printf("# quietly refused %s is in a promise or the never list\n", q->name);
			bad++;
		}
		bad += q->err <= 0 || !q->errname[0] || !q->why[0];
	}
	ok(bad == 0 && native == 4, "the %d quietly refused calls resolve, have an errno and a "
	   "reason, and no promise or never entry names them", native);
	const char *why = NULL;
	ok(syscall_allowable("getxattr", &why) == 0,
	   "allow = getxattr is accepted: it restores the call the catalogue answers quietly");
	char buf[256];
	promises_granting(seccomp_syscall_resolve_name("inotify_add_watch"), buf, sizeof buf);
	is_str(buf, "\"watch\"", "inotify_add_watch: watch grants it, rpath no longer");
	promises_granting(seccomp_syscall_resolve_name("socketpair"), buf, sizeof buf);
	is_str(buf, "\"unix\"", "a denied socketpair (a datagram pair) names unix");
}

static void test_allowable(void)
{
	static const char *const conditional[] = {
		"ioctl", "clone", "personality", "mmap", "mprotect", "socket", "prctl", "fcntl",
		"openat", "chmod", "memfd_create", "socketpair", "setpriority", "prlimit64",
		"setrlimit", "sched_setaffinity", "sched_setscheduler", "sched_setparam",
	};
	for (size_t i = 0; i < sizeof conditional / sizeof conditional[0]; i++) {
		const char *why = NULL;
		int r = syscall_allowable(conditional[i], &why);
		ok(r < 0 && why && strstr(why, "only with argument conditions"),
		   "allow = %s is refused: granted only with conditions", conditional[i]);
	}
	const char *why = NULL;
	ok(syscall_allowable("ptrace", &why) < 0 && strstr(why, "never granted"),
	   "allow = ptrace is refused: never granted");
	ok(syscall_allowable("execve", &why) == 0 && syscall_allowable("kill", &why) == 0,
	   "allow = execve, allow = kill are accepted (exec and proc grant them whole)");
	ok(syscall_allowable("no_such_call", &why) < 0 && strstr(why, "unknown system call"),
	   "allow = no_such_call is refused as unknown");
}

static void test_granting(void)
{
	char buf[256];
	promises_granting(seccomp_syscall_resolve_name("ioctl"), buf, sizeof buf);
	is_str(buf, "\"tty\"", "a denied ioctl names tty, not stdio which every profile holds");
	promises_granting(seccomp_syscall_resolve_name("socket"), buf, sizeof buf);
	is_str(buf, "\"unix\" or \"inet\" or \"dns\"", "a denied socket names unix, inet, dns");
	promises_granting(seccomp_syscall_resolve_name("personality"), buf, sizeof buf);
	is_str(buf, "\"stdio\"", "personality: only stdio has it, so stdio is named");
	promises_granting(seccomp_syscall_resolve_name("ptrace"), buf, sizeof buf);
	is_str(buf, "", "ptrace: no promise");
}

/* Names and notes are fixed arrays (promises.h): a string exactly as long
 * as its array compiles without a warning and without its NUL. */
static bool terminated(const char *s, size_t size)
{
	return memchr(s, '\0', size) != NULL;
}

static void test_strings_fit(void)
{
	int bad = 0, rules = 0;
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *p = promise_at(i);
		for (size_t j = 0; j < p->nrules; j++, rules++) {
			const struct promise_call *r = &p->rules[j];
			if (!terminated(r->name, sizeof r->name) || !terminated(r->note, sizeof r->note)) {
				printf("# %s: rule %zu does not fit its arrays\n", p->name, j);
				bad++;
			}
			bad += r->ncond && !r->note[0]; /* --list-promises shows conditions by their note */
		}
	}
	ok(bad == 0 && rules > 300, "every name and note of the %d rules fits its array, "
				     "and every conditional rule has a note", rules);
}

/* The one query (grants.h): which promise grants this call with these
 * arguments, and whether it is never granted or refused quietly. */
static bool in(promise_set s, const char *promise)
{
	int i = promise_lookup(promise);
	return i >= 0 && (s & (promise_set)1 << i);
}

static void test_query(void)
{
	struct catalogue_answer a;
	pid_t self = getpid();
	uint64_t exec_anon[6] = { 0, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, 0, 0 };
	catalogue_grants(seccomp_syscall_resolve_name("mmap"), exec_anon, self, &a);
	ok(in(a.holds, "prot_exec") && !in(a.holds, "stdio") && in(a.has, "stdio") && !a.whole,
	   "anonymous executable mmap: held by prot_exec, not by stdio which has mmap otherwise");
	uint64_t to_self[6] = { (uint64_t)self, 9 }, to_init[6] = { 1, 9 };
	catalogue_grants(seccomp_syscall_resolve_name("kill"), to_self, self, &a);
	ok(in(a.holds, "stdio") && in(a.holds, "proc"), "kill to itself: stdio and proc grant it");
	catalogue_grants(seccomp_syscall_resolve_name("kill"), to_init, self, &a);
	ok(!in(a.holds, "stdio") && in(a.holds, "proc") && in(a.whole, "proc"),
	   "kill to pid 1: only proc, which grants kill whole");
	catalogue_grants(seccomp_syscall_resolve_name("ptrace"), NULL, 0, &a);
	ok(a.has == 0 && a.never && strcmp(a.never->name, "ptrace") == 0 && !a.quiet,
	   "ptrace: no promise, the never entry");
	catalogue_grants(seccomp_syscall_resolve_name("getxattr"), NULL, 0, &a);
	ok(a.has == 0 && !a.never && a.quiet && a.quiet->err == ENOTSUP,
	   "getxattr: no promise, refused quietly with ENOTSUP");
	bool held[64] = { false };
	held[promise_lookup("proc")] = true;
	catalogue_grants(seccomp_syscall_resolve_name("kill"), to_init, self, &a);
	ok((a.holds & ~promise_set_of(held)) == 0 && (a.holds & promise_set_of(held)),
	   "kill to pid 1 with proc held: nothing missing (promise_set_of)");
	char buf[128];
	catalogue_grants(seccomp_syscall_resolve_name("socket"), NULL, 0, &a);
	promise_set_names(a.has, ", ", false, buf, sizeof buf);
	is_str(buf, "unix, inet, dns", "socket: the promises that have it, by promise_set_names");
	is_str(promise_set_first(a.has), "unix", "socket: unix first (promise_set_first)");
	catalogue_grants_name("fcntl64", &a);
	ok(in(a.has, "stdio") && !a.whole,
	   "fcntl64 by name: stdio grants it with conditions, on any architecture");
}

int main(void)
{
	test_strings_fit();
	test_resolution();
	test_unknown_skipped();
	test_never_disjoint();
	test_quiet();
	test_allowable();
	test_granting();
	test_query();
	return tap_done();
}
