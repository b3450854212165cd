/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The seccomp filter as the kernel will run it: the exported BPF is
 * executed here, by a small interpreter of the instructions libseccomp and
 * prologue.c emit, for every system call number from 0 to 1023, and each
 * answer is compared with what the catalogue says it must be:
 *   - a call of another architecture, or of x32, is killed;
 *   - a number below 512 that no promise, never-list entry or allow line
 *     names gets ENOSYS (libc falls back);
 *   - a call a granted promise allows without conditions is allowed;
 *   - a quietly refused call (getxattr by path) gets its errno, unless an
 *     allow line names it;
 *   - a call nothing granted names, and every number from 512 on, gets the
 *     denial action;
 *   - the launcher's own execve passes with its exact pointers only;
 *   - with on-violation = report, the keyring calls get EPERM, and the
 *     calls Landlock judges by path go to the supervisor (catalogue/pathcalls.h);
 *   - calls with argument conditions are decided by them (a table);
 *   - every call allowed whole is allowed by number and architecture
 *     alone, so the kernel's action cache allows it without running the
 *     filter.
 * The same holds for the filter read back from the filter cache, with the
 * action and the pointers patched in. A ruleset made up to change its
 * answer at every number checks the prologue's way out when its 8-bit
 * jumps do not reach (prologue.c), and the size of the file profile's
 * filter is bounded. */
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "filter/bpfcompile.h"
#include "filter/filtercache.h"
#include "catalogue/pathcalls.h"
#include "catalogue/promises.h"
#include "apply/seccomp.h"
#include "bpfrun.h"
#include "../lib/tap.h"

static uint32_t call(const struct sock_fprog *prog, uint32_t arch, int nr, uint64_t a0,
		     uint64_t a1, uint64_t a2)
{
	struct seccomp_data d = { .nr = nr, .arch = arch, .args = { a0, a1, a2 } };
	return bpf_run(prog, &d, false, NULL);
}

enum granted { NONE, CONDITIONAL, WHOLE };

/* The errno a quietly refused call gets, or 0. */
static uint32_t quiet_errno(int nr)
{
	for (size_t i = 0; i < quiet_count(); i++)
		if (quiet_at(i)->nr == nr)
			return (uint32_t)quiet_at(i)->err;
	return 0;
}

/* Under on-violation = report the calls Landlock judges by path go to the
 * supervisor, granted or not, for its file check (catalogue/pathcalls.h). */
static bool to_pathcheck(const struct policy *p, int nr)
{
	return p->on_violation == VIOLATION_REPORT && p->landlock_abi && pathcall_find(nr);
}

/* What the catalogue says of nr under policy p (independently of how
 * seccomp.c and prologue.c build the filter). */
static bool known(const struct policy *p, int nr, enum granted *g)
{
	bool k = false;
	*g = NONE;
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *pr = promise_at(i);
		for (size_t j = 0; j < pr->nrules; j++) {
			if (rule_nr(&pr->rules[j]) != nr)
				continue;
			k = true;
			if (p->promise[i] && pr->rules[j].ncond == 0)
				*g = WHOLE;
			else if (p->promise[i] && *g == NONE)
				*g = CONDITIONAL;
		}
	}
	for (size_t i = 0; i < never_count(); i++) {
		const struct never_call *n = never_at(i);
		int nnr = never_nr(n);
		k |= nnr == nr;
	}
	k |= quiet_errno(nr) != 0;
	for (size_t i = 0; i < p->allow.n; i++)
		if (seccomp_syscall_resolve_name(p->allow.item[i]) == nr) {
			k = true;
			*g = WHOLE;
		}
	if (to_pathcheck(p, nr))
		*g = NONE;
	return k;
}

static bool is_keyring_call(int nr)
{
	return nr == seccomp_syscall_resolve_name("keyctl") ||
	       nr == seccomp_syscall_resolve_name("add_key") ||
	       nr == seccomp_syscall_resolve_name("request_key");
}

/* Whether the kernel's action cache allows nr without running prog: the
 * walk reads only the number and the architecture and ends in ALLOW. */
static bool cache_allows(const struct sock_fprog *prog, uint32_t arch, int nr)
{
	struct seccomp_data d = { .nr = nr, .arch = arch };
	return bpf_run(prog, &d, true, NULL) == SECCOMP_RET_ALLOW;
}

static void check_numbers(const char *what, const struct policy *p, const struct sock_fprog *prog,
			  uint32_t deny)
{
	uint32_t arch = seccomp_arch_native();
	int wrong = 0, first = -1, enosys = 0, allowed = 0, denied = 0, uncached = 0;
	for (int nr = 0; nr < 1024; nr++) {
		enum granted g;
		bool k = known(p, nr, &g);
		uint32_t got = call(prog, arch, nr, 0, 0, 0);
		uint32_t want = !k && nr < 512 ? (SECCOMP_RET_ERRNO | ENOSYS)
				: g == WHOLE ? SECCOMP_RET_ALLOW
				: p->on_violation == VIOLATION_REPORT && is_keyring_call(nr)
				? (SECCOMP_RET_ERRNO | EPERM)
				: g == NONE && quiet_errno(nr) ? (SECCOMP_RET_ERRNO | quiet_errno(nr)) : deny;
		bool ok_ = g == CONDITIONAL ? (got == SECCOMP_RET_ALLOW || got == deny) : got == want;
		if (!ok_ && wrong++ == 0)
			first = nr;
		enosys += got == (SECCOMP_RET_ERRNO | ENOSYS);
		allowed += got == SECCOMP_RET_ALLOW;
		denied += got == deny;
		uncached += cache_allows(prog, arch, nr) != (g == WHOLE);
	}
	ok(wrong == 0, "%s: every number 0..1023 gets what the catalogue says (%d ENOSYS, "
	   "%d allowed, %d denied)", what, enosys, allowed, denied);
	if (wrong)
		printf("#   %d wrong, the first is %d: got %#x\n", wrong, first,
		       call(prog, arch, first, 0, 0, 0));
	ok(enosys > 100 && allowed > 50 && denied > 100, "%s: all three answers occur", what);
	ok(uncached == 0, "%s: the action cache allows exactly the calls allowed whole "
	   "(%d differ)", what, uncached);
}

/* Stands for the launcher's pid in cond_calls. */
#define SELF UINT64_MAX

/* Calls whose answer depends on their arguments (promises.c): the prologue
 * must leave them to libseccomp's conditions. Allowed when the policy holds
 * promise and allowed is true, or when it holds unless (which grants the
 * call whole). */
static const struct cond_call {
	const char *promise, *name;
	uint64_t arg[6];
	bool allowed;
	const char *unless;
} cond_calls[] = {
	{ "stdio", "mmap", { 0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS }, true, NULL },
	{ "stdio", "mmap", { 0, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE }, true, NULL },
	{ "stdio", "mmap", { 0, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE }, false, NULL },
	{ "stdio", "mmap", { 0, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS }, false, NULL },
	{ "stdio", "mprotect", { 0, 4096, PROT_READ }, true, NULL },
	{ "stdio", "mprotect", { 0, 4096, PROT_READ | PROT_EXEC }, false, NULL },
	{ "stdio", "fcntl", { 0, F_GETFL }, true, NULL },
	{ "stdio", "fcntl", { 0, F_SETOWN }, false, NULL },
	{ "stdio", "ioctl", { 0, TCGETS }, true, NULL },
	{ "stdio", "ioctl", { 0, TIOCSTI }, false, NULL },
	{ "stdio", "prctl", { PR_GET_NAME }, true, NULL },
	{ "stdio", "prctl", { PR_SET_DUMPABLE }, false, NULL },
	{ "stdio", "personality", { 0xffffffff }, true, NULL },
	{ "stdio", "personality", { 0 }, false, NULL },
	{ "stdio", "kill", { SELF, 0 }, true, NULL },
	{ "stdio", "kill", { 1, 0 }, false, "proc" },
	{ "rpath", "openat", { 3, 0, O_RDONLY }, true, NULL },
	{ "rpath", "openat", { 3, 0, O_WRONLY | O_CREAT | O_TRUNC }, false, NULL },
	/* no datagram pair, no address from stdio (issue 22) */
	{ "stdio", "socketpair", { AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC }, true, NULL },
	{ "stdio", "socketpair", { AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK }, true, NULL },
	{ "unix", "socketpair", { AF_UNIX, SOCK_DGRAM }, true, NULL },
	{ "unix", "socketpair", { AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC }, true, NULL },
	{ "stdio", "socketpair", { AF_INET, SOCK_STREAM }, false, NULL },
	{ "stdio", "sendto", { 3, 0x1000, 1, 0, 0, 0 }, true, NULL },
	{ "unix", "sendto", { 3, 0x1000, 1, 0, 0x2000, 110 }, true, "inet" },
	/* priorities, limits, scheduling of itself only */
	{ "proc", "setpriority", { PRIO_PROCESS, 0, 19 }, true, NULL },
	{ "proc", "setpriority", { PRIO_PROCESS, SELF, 19 }, true, NULL },
	{ "proc", "setpriority", { PRIO_PROCESS, 1, 19 }, false, NULL },
	{ "proc", "setpriority", { PRIO_PGRP, 0, 19 }, false, NULL },
	{ "proc", "setpriority", { PRIO_USER, 0, 19 }, false, NULL },
	{ "proc", "prlimit64", { 0, RLIMIT_NOFILE, 0x1000, 0 }, true, NULL },
	{ "proc", "prlimit64", { SELF, RLIMIT_STACK, 0x1000, 0 }, true, NULL },
	{ "proc", "prlimit64", { 0, RLIMIT_RTTIME, 0x1000, 0 }, true, NULL },
	{ "proc", "prlimit64", { 1, RLIMIT_NOFILE, 0x1000, 0 }, false, NULL },
	{ "proc", "prlimit64", { 1, RLIMIT_NOFILE, 0, 0x1000 }, false, NULL },
	{ "proc", "prlimit64", { 0, RLIMIT_CORE, 0x1000, 0 }, false, NULL },
	{ "proc", "prlimit64", { SELF, RLIMIT_CORE, 0x1000, 0 }, false, NULL },
	{ "proc", "prlimit64", { 0, RLIMIT_CORE | UINT64_C(1) << 32, 0x1000, 0 }, false, NULL },
	{ "proc", "prlimit64", { SELF, RLIMIT_CORE, 0, 0x1000 }, true, NULL },
	{ "stdio", "prlimit64", { 0, RLIMIT_CORE, 0, 0x1000 }, true, NULL },
	{ "proc", "setrlimit", { RLIMIT_NOFILE, 0x1000 }, true, NULL },
	{ "proc", "setrlimit", { RLIMIT_CORE, 0x1000 }, false, NULL },
	{ "proc", "setrlimit", { RLIMIT_CORE | UINT64_C(1) << 32, 0x1000 }, false, NULL },
	{ "proc", "sched_setaffinity", { 0, 8, 0x1000 }, true, "thread" },
	{ "thread", "sched_setaffinity", { SELF, 8, 0x1000 }, true, "proc" },
	{ "proc", "sched_setaffinity", { 1, 8, 0x1000 }, false, NULL },
	{ "proc", "sched_setscheduler", { SELF, 0, 0x1000 }, true, NULL },
	{ "proc", "sched_setscheduler", { 1, 0, 0x1000 }, false, NULL },
	{ "proc", "sched_setparam", { 0, 0x1000 }, true, NULL },
	{ "proc", "sched_setparam", { 1, 0x1000 }, false, NULL },
};

static void check_conditions(const char *what, const struct policy *p,
			     const struct sock_fprog *prog, uint32_t deny)
{
	size_t n = sizeof cond_calls / sizeof cond_calls[0];
	int wrong = 0;
	for (size_t i = 0; i < n; i++) {
		const struct cond_call *c = &cond_calls[i];
		struct seccomp_data d = { .nr = seccomp_syscall_resolve_name(c->name),
					  .arch = seccomp_arch_native() };
		for (int j = 0; j < 6; j++)
			d.args[j] = c->arg[j] == SELF ? (uint64_t)getpid() : c->arg[j];
		bool holds = c->allowed && p->promise[promise_lookup(c->promise)];
		holds |= c->unless && p->promise[promise_lookup(c->unless)];
		holds &= !to_pathcheck(p, d.nr);
		uint32_t want = holds ? SECCOMP_RET_ALLOW : deny;
		uint32_t got = bpf_run(prog, &d, false, NULL);
		if (got != want && wrong++ == 0)
			printf("#   %s(%#llx, %#llx, %#llx, %#llx) got %#x, not %#x\n", c->name,
			       (unsigned long long)d.args[0], (unsigned long long)d.args[1],
			       (unsigned long long)d.args[2], (unsigned long long)d.args[3], got,
			       want);
	}
	ok(wrong == 0, "%s: argument conditions decide mmap, mprotect, fcntl, ioctl, prctl, "
	   "personality, kill, openat, socketpair, sendto and the process calls (%zu calls, "
	   "%d wrong)", what, n, wrong);
}

/* Other architectures and x32 are libseccomp's, at every number. */
static void check_arch(const char *what, const struct sock_fprog *prog)
{
	int other = 0, x32 = 0;
	for (int nr = 0; nr < 1024; nr++) {
		other += call(prog, AUDIT_ARCH_I386, nr, 0, 0, 0) == SECCOMP_RET_KILL_PROCESS;
		x32 += call(prog, seccomp_arch_native(), 0x40000000 | nr, 0, 0, 0) ==
		       SECCOMP_RET_KILL_PROCESS;
	}
	ok(other == 1024, "%s: another architecture is killed at every number 0..1023 (%d are)",
	   what, other);
	ok(x32 == 1024, "%s: x32 is killed at every number 0..1023 (%d are)", what, x32);
}

static void check_filter(const char *what, const struct policy *p, const struct sock_fprog *prog,
			 const struct exec_args *ex, uint32_t deny)
{
	uint32_t arch = seccomp_arch_native();
	check_numbers(what, p, prog, deny);
	check_conditions(what, p, prog, deny);
	check_arch(what, prog);
	int execve = seccomp_syscall_resolve_name("execve");
	ok(call(prog, arch, execve, (uintptr_t)ex->path, (uintptr_t)ex->argv,
		(uintptr_t)ex->envp) == SECCOMP_RET_ALLOW,
	   "%s: the launcher's own execve passes", what);
	ok(call(prog, arch, execve, (uintptr_t)ex->path, (uintptr_t)ex->argv, 0) == deny &&
	   call(prog, arch, execve, (uintptr_t)ex->path + 1, (uintptr_t)ex->argv,
		(uintptr_t)ex->envp) == deny,
	   "%s: an execve with other pointers is denied", what);
}

/* The catalogue's whole grants as they stand where Landlock has every scope
 * (ABI 6 and later); below it check_old_abi's calls go to the supervisor. */
#define FULL_LANDLOCK 7

static void check_policy(const char *what, struct policy *p, uint32_t deny, bool supervised)
{
	if (!p->landlock_abi)
		p->landlock_abi = FULL_LANDLOCK;
	char *argv[] = { "true", NULL }, *envp[] = { "A=1", NULL };
	struct exec_args ex = seccomp_prepare_exec("/bin/true", argv, envp);
	struct filter_program *fresh = seccomp_build(p, &ex, supervised, NULL);
	char name[80];
	snprintf(name, sizeof name, "%s, compiled", what);
	check_filter(name, p, seccomp_program(fresh), &ex, deny);

	char dir[] = "/tmp/test-filter.XXXXXX";
	struct fcache cache;
	if (!mkdtemp(dir) || !fcache_open(dir, &cache)) {
		printf("ok %d - %s, cached # SKIP no kernel keyring\n", ++tap_count, what);
	} else {
		seccomp_free(seccomp_build(p, &ex, supervised, &cache)); /* records it */
		struct filter_program *cached = seccomp_build(p, &ex, supervised, &cache);
		snprintf(name, sizeof name, "%s, from the cache", what);
		check_filter(name, p, seccomp_program(cached), &ex, deny);
		seccomp_free(cached);
		fcache_close(&cache);
		char cmd[128];
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
		if (system(cmd) != 0)
			printf("# could not remove %s\n", dir);
	}
	seccomp_free(fresh);
}

static void grant(struct policy *p, const char *name)
{
	int i = promise_lookup(name);
	if (i >= 0)
		p->promise[i] = true;
}

/* stdio rpath are the file profile's promises: 407 instructions when
 * libseccomp compiled every rule, 286 since prologue.c answers the runs,
 * 265 since peephole.c drops libseccomp's always-true tests. Loading them
 * costs with the eBPF the kernel makes of them: about 375 with the
 * prologue's balanced tree, 335 with its segments, 312 without the true
 * tests (the pointers patched in move it by a few: a negative constant
 * costs one more). Issue 22's socketpair and sendto conditions and the
 * quiet getxattr answers made it 280 and 333; issue 24's self-restriction
 * (Landlock calls, seccomp and PR_SET_SECCOMP without a listener) 291
 * and 342. */
static void check_size(struct policy *p, unsigned most, unsigned most_ebpf)
{
	if (!p->landlock_abi)
		p->landlock_abi = FULL_LANDLOCK;
	char *argv[] = { "true", NULL }, *envp[] = { "A=1", NULL };
	struct exec_args ex = seccomp_prepare_exec("/bin/true", argv, envp);
	struct filter_program *f = seccomp_build(p, &ex, false, NULL);
	const struct sock_fprog *prog = seccomp_program(f);
	unsigned ebpf = bpf_ebpf_len(prog->filter, 0, prog->len);
	ok(seccomp_instructions(f) <= most, "stdio rpath: %u instructions, at most %u",
	   seccomp_instructions(f), most);
	ok(ebpf <= most_ebpf, "stdio rpath: %u eBPF instructions, at most %u", ebpf, most_ebpf);
	seccomp_free(f);
}

/* A ruleset that changes its answer at every number, by the number modulo
 * 8: allowed, ENOSYS, no rule, EPERM, allowed, allowed if argument 0 is 7,
 * ENOSYS, no rule. 512 runs are more than the prologue's jumps reach: the
 * rest is left to libseccomp, ENOSYS numbers as rules. */
static const char synthetic[] = "AN-PACN-";

static void synthetic_rules(struct filter_ruleset *rs, const void *arg)
{
	(void)arg;
	for (int nr = 0; nr < ENOSYS_LIMIT; nr++) {
		char kind = synthetic[nr % 8];
		if (kind == 'N')
			rs->enosys[nr] = true;
		else if (kind == 'A')
			ruleset_add(rs, SCMP_ACT_ALLOW, nr, "made up");
		else if (kind == 'P')
			ruleset_add(rs, SCMP_ACT_ERRNO(EPERM), nr, "made up");
		else if (kind == 'C') {
			struct filter_rule *r = ruleset_add(rs, SCMP_ACT_ALLOW, nr, "made up");
			r->ncond = 1;
			r->cmp[0] = (struct scmp_arg_cmp){ 0, SCMP_CMP_EQ, 7, 0 };
		}
	}
}

static uint32_t synthetic_answer(int nr, uint64_t a0, uint32_t deny)
{
	char kind = nr < ENOSYS_LIMIT ? synthetic[nr % 8] : '-';
	return kind == 'A' || (kind == 'C' && a0 == 7) ? SECCOMP_RET_ALLOW
	       : kind == 'N'			       ? (SECCOMP_RET_ERRNO | ENOSYS)
	       : kind == 'P'			       ? (SECCOMP_RET_ERRNO | EPERM)
							       : deny;
}

static void check_synthetic(void)
{
	uint32_t deny = SECCOMP_RET_KILL_PROCESS, arch = seccomp_arch_native();
	uint64_t value[N_PH] = { 0 };
	struct bpf_source src = { NULL, synthetic_rules, NULL };
	struct sock_fprog prog;
	bpf_build(&src, deny, value, NULL, &prog);
	int wrong = 0, first = -1;
	for (int nr = 0; nr < 1024; nr++)
		for (uint64_t a0 = 6; a0 <= 7; a0++)
			if (call(&prog, arch, nr, a0, 0, 0) != synthetic_answer(nr, a0, deny) &&
			    wrong++ == 0)
				first = nr;
	ok(wrong == 0, "a ruleset with a run per number: every number 0..1023 gets its answer "
	   "(%u instructions, %d wrong, the first %d)", prog.len, wrong, first);
	check_arch("a ruleset with a run per number", &prog);
	free(prog.filter);
}

/* A refused call (a preload rule's "refuse"): EPERM from the kernel in
 * every mode, beside an allowed call of the same name with other
 * arguments; the same name with arguments neither names is denied as
 * before. Where a promise allows the refused arguments, the promise
 * decides (libseccomp would drop one of two overlapping rules). */
static void check_refuse(void)
{
	static const char refused[] = "socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC|SOCK_NONBLOCK, 0)";
	const uint64_t stream = SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK;
	const uint32_t arch = seccomp_arch_native(), eperm = SECCOMP_RET_ERRNO | EPERM;
	const int sock = seccomp_syscall_resolve_name("socket");
	char *argv[] = { "true", NULL }, *envp[] = { "A=1", NULL };
	struct exec_args ex = seccomp_prepare_exec("/bin/true", argv, envp);
	static const struct {
		const char *name;
		enum violation v;
		bool supervised;
		uint32_t deny;
	} modes[] = {
		{ "deny", VIOLATION_DENY, false, SECCOMP_RET_ERRNO | EPERM },
		{ "supervised", VIOLATION_DENY, true, SECCOMP_RET_USER_NOTIF },
		{ "kill", VIOLATION_KILL, false, SECCOMP_RET_KILL_PROCESS },
	};
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
		struct policy p = { .on_violation = modes[i].v };
		grant(&p, "stdio");
		strlist_add(&p.allow, "socket(AF_UNIX, SOCK_DGRAM/0xf, 0)", "test");
		strlist_add(&p.refuse, refused, "test");
		struct filter_program *f = seccomp_build(&p, &ex, modes[i].supervised, NULL);
		const struct sock_fprog *prog = seccomp_program(f);
		ok(call(prog, arch, sock, AF_UNIX, stream, 0) == eperm,
		   "refuse, %s: glibc's nscd socket gets EPERM from the kernel", modes[i].name);
		ok(call(prog, arch, sock, AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0) == SECCOMP_RET_ALLOW,
		   "refuse, %s: the allowed datagram socket still passes", modes[i].name);
		ok(call(prog, arch, sock, AF_UNIX, SOCK_STREAM, 0) == modes[i].deny &&
		   call(prog, arch, sock, AF_INET, stream, 0) == modes[i].deny,
		   "refuse, %s: other stream sockets get the denial action", modes[i].name);
		seccomp_free(f);
		char what[64];
		snprintf(what, sizeof what, "stdio + allow, refuse socket, %s", modes[i].name);
		check_policy(what, &p, modes[i].deny, modes[i].supervised);
		strlist_free(&p.allow);
		strlist_free(&p.refuse);
	}
	struct policy u = { 0 };
	grant(&u, "stdio");
	grant(&u, "unix");
	strlist_add(&u.refuse, refused, "test");
	struct filter_program *f = seccomp_build(&u, &ex, false, NULL);
	ok(call(seccomp_program(f), arch, sock, AF_UNIX, stream, 0) == SECCOMP_RET_ALLOW,
	   "refuse under promise unix: the promise allows the socket, the refusal steps aside");
	seccomp_free(f);
	strlist_free(&u.refuse);
	/* Wider than an allow line: libseccomp would refuse to add it (EEXIST,
	 * and the launcher would stop); it is left out, the allow line stands. */
	struct policy w = { 0 };
	grant(&w, "stdio");
	strlist_add(&w.allow, "socket(AF_UNIX, SOCK_DGRAM/0xf, 0)", "test");
	strlist_add(&w.refuse, "socket(AF_UNIX)", "test");
	f = seccomp_build(&w, &ex, false, NULL);
	ok(call(seccomp_program(f), arch, sock, AF_UNIX, SOCK_DGRAM, 0) == SECCOMP_RET_ALLOW &&
	   call(seccomp_program(f), arch, sock, AF_UNIX, stream, 0) == eperm,
	   "refuse wider than an allow line: the filter builds, the allow line stands");
	seccomp_free(f);
	strlist_free(&w.allow);
	strlist_free(&w.refuse);
}

/* Below Landlock ABI 6 (signal scope) and 3 (truncation), the calls that
 * proc and wpath grant whole go to the supervisor (broker.h), while
 * signals to itself stay allowed by stdio's condition. */
static void check_old_abi(void)
{
	struct policy o = { .on_violation = VIOLATION_DENY, .landlock_abi = 2 };
	grant(&o, "stdio");
	grant(&o, "proc");
	grant(&o, "wpath");
	char *argv[] = { "true", NULL }, *envp[] = { "A=1", NULL };
	struct exec_args ex = seccomp_prepare_exec("/bin/true", argv, envp);
	struct filter_program *f = seccomp_build(&o, &ex, true, NULL);
	const struct sock_fprog *prog = seccomp_program(f);
	uint32_t arch = seccomp_arch_native(), notif = SECCOMP_RET_USER_NOTIF;
	uint64_t self = (uint64_t)getpid();
	ok(call(prog, arch, SCMP_SYS(kill), self + 1, 0, 0) == notif,
	   "ABI 2: kill of another process goes to the supervisor");
	ok(call(prog, arch, SCMP_SYS(kill), self, 0, 0) == SECCOMP_RET_ALLOW,
	   "ABI 2: ... of itself is allowed in the kernel");
	ok(call(prog, arch, SCMP_SYS(tgkill), self + 1, self + 1, 0) == notif,
	   "ABI 2: tgkill of another process goes to the supervisor");
	ok(call(prog, arch, SCMP_SYS(truncate), 0, 0, 0) == notif,
	   "ABI 2: truncate by path goes to the supervisor");
	ok(call(prog, arch, SCMP_SYS(ftruncate), 3, 0, 0) == SECCOMP_RET_ALLOW,
	   "ABI 2: ftruncate (checked at the open) is allowed");
	seccomp_free(f);
	o.landlock_abi = FULL_LANDLOCK;
	f = seccomp_build(&o, &ex, true, NULL);
	ok(call(seccomp_program(f), arch, SCMP_SYS(kill), self + 1, 0, 0) == SECCOMP_RET_ALLOW,
	   "ABI 7: kill of another process is allowed (Landlock scopes it)");
	seccomp_free(f);
}

int main(void)
{
	struct policy p = { 0 };
	grant(&p, "stdio");
	grant(&p, "rpath");
	check_policy("stdio rpath, deny", &p, SECCOMP_RET_ERRNO | EPERM, false);
	check_policy("stdio rpath, supervised", &p, SECCOMP_RET_USER_NOTIF, true);
	check_size(&p, 296, 348);
	p.on_violation = VIOLATION_KILL;
	check_policy("stdio rpath, kill", &p, SECCOMP_RET_KILL_PROCESS, false);
	/* The keyring calls get ERRNO(EPERM), an unconditional action of
	 * their own, in front of the supervisor. */
	p.on_violation = VIOLATION_REPORT;
	check_policy("stdio rpath, report", &p, SECCOMP_RET_USER_NOTIF, true);
	/* execve granted whole goes to the supervisor too, but the launcher's
	 * own must still pass: the supervisor takes the listener after it. */
	grant(&p, "wpath");
	grant(&p, "cpath");
	grant(&p, "exec");
	check_policy("stdio rpath wpath cpath exec, report", &p, SECCOMP_RET_USER_NOTIF, true);

	/* An allow line naming a call outside the catalogue: it leaves the
	 * ENOSYS set and is allowed. */
	struct policy q = { 0 };
	grant(&q, "stdio");
	grant(&q, "inet");
	strlist_add(&q.allow, "munlockall", "test");
	check_policy("stdio inet + allow munlockall", &q, SECCOMP_RET_ERRNO | EPERM, false);
	strlist_free(&q.allow);

	/* The promises that act on processes and sockets: their conditions. */
	struct policy r = { 0 };
	grant(&r, "stdio");
	grant(&r, "proc");
	grant(&r, "thread");
	check_policy("stdio proc thread", &r, SECCOMP_RET_ERRNO | EPERM, false);
	grant(&r, "unix");
	check_policy("stdio proc thread unix", &r, SECCOMP_RET_ERRNO | EPERM, false);
	struct policy t = { 0 };
	grant(&t, "stdio");
	grant(&t, "thread");
	check_policy("stdio thread", &t, SECCOMP_RET_ERRNO | EPERM, false);

	/* A quietly refused call named by an allow line is allowed whole. */
	struct policy x = { 0 };
	grant(&x, "stdio");
	grant(&x, "rpath");
	strlist_add(&x.allow, "getxattr", "test");
	check_policy("stdio rpath + allow getxattr", &x, SECCOMP_RET_ERRNO | EPERM, false);
	strlist_free(&x.allow);

	check_refuse();
	check_synthetic();
	check_old_abi();
	return tap_done();
}
