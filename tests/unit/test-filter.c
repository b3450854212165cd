/* The seccomp filter as the kernel will run it: the exported BPF is
 * executed here, by a small interpreter of the instructions libseccomp and
 * prologue.c emit, for every system call number from 0 to 1023, and each
 * answer is compared with what the catalogue says it must be:
 *   - a call of another architecture, or of x32, is killed;
 *   - a number below 512 that no promise, never-list entry or allow line
 *     names gets ENOSYS (libc falls back);
 *   - a call a granted promise allows without conditions is allowed;
 *   - a call nothing granted names, and every number from 512 on, gets the
 *     denial action;
 *   - the launcher's own execve passes with its exact pointers only.
 * The same holds for the filter read back from the filter cache, with the
 * action and the pointers patched in. */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/filtercache.h"
#include "../../src/promises.h"
#include "../../src/seccomp.h"
#include "tap.h"

#define BAD_INSN 0xdeadbeef

/* Runs prog on d; BAD_INSN for an instruction this interpreter lacks (the
 * test then fails: extend it rather than guess). */
static uint32_t run(const struct sock_fprog *prog, const struct seccomp_data *d)
{
	uint32_t a = 0, x = 0, mem[BPF_MEMWORDS] = { 0 };
	for (unsigned pc = 0; pc < prog->len;) {
		const struct sock_filter *in = &prog->filter[pc++];
		switch (in->code) {
		case BPF_LD | BPF_W | BPF_ABS:
			if (in->k > sizeof *d - 4)
				return BAD_INSN;
			memcpy(&a, (const char *)d + in->k, 4);
			break;
		case BPF_LD | BPF_MEM: a = mem[in->k % BPF_MEMWORDS]; break;
		case BPF_LDX | BPF_MEM: x = mem[in->k % BPF_MEMWORDS]; break;
		case BPF_ST: mem[in->k % BPF_MEMWORDS] = a; break;
		case BPF_STX: mem[in->k % BPF_MEMWORDS] = x; break;
		case BPF_ALU | BPF_AND | BPF_K: a &= in->k; break;
		case BPF_MISC | BPF_TAX: x = a; break;
		case BPF_MISC | BPF_TXA: a = x; break;
		case BPF_JMP | BPF_JA: pc += in->k; break;
		case BPF_JMP | BPF_JEQ | BPF_K: pc += a == in->k ? in->jt : in->jf; break;
		case BPF_JMP | BPF_JGT | BPF_K: pc += a > in->k ? in->jt : in->jf; break;
		case BPF_JMP | BPF_JGE | BPF_K: pc += a >= in->k ? in->jt : in->jf; break;
		case BPF_JMP | BPF_JSET | BPF_K: pc += (a & in->k) ? in->jt : in->jf; break;
		case BPF_RET | BPF_K: return in->k;
		default: return BAD_INSN;
		}
	}
	return BAD_INSN;
}

static uint32_t call(const struct sock_fprog *prog, uint32_t arch, int nr, uint64_t a0,
		     uint64_t a1, uint64_t a2)
{
	struct seccomp_data d = { .nr = nr, .arch = arch, .args = { a0, a1, a2 } };
	return run(prog, &d);
}

enum granted { NONE, CONDITIONAL, WHOLE };

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
		const struct never_rule *n = never_at(i);
		int nnr = n->nr == NR_BY_NAME ? seccomp_syscall_resolve_name(n->name) : n->nr;
		k |= nnr == nr;
	}
	for (size_t i = 0; i < p->allow.n; i++)
		if (seccomp_syscall_resolve_name(p->allow.item[i]) == nr) {
			k = true;
			*g = WHOLE;
		}
	return k;
}

static void check_filter(const char *what, const struct policy *p, const struct sock_fprog *prog,
			 const struct exec_args *ex, uint32_t deny)
{
	uint32_t arch = seccomp_arch_native();
	int wrong = 0, first = -1, enosys = 0, allowed = 0, denied = 0;
	for (int nr = 0; nr < 1024; nr++) {
		enum granted g;
		bool k = known(p, nr, &g);
		uint32_t got = call(prog, arch, nr, 0, 0, 0);
		uint32_t want = !k && nr < 512 ? (SECCOMP_RET_ERRNO | ENOSYS)
				: g == WHOLE ? SECCOMP_RET_ALLOW : deny;
		bool ok_ = g == CONDITIONAL ? (got == SECCOMP_RET_ALLOW || got == deny) : got == want;
		if (!ok_ && wrong++ == 0)
			first = nr;
		enosys += got == (SECCOMP_RET_ERRNO | ENOSYS);
		allowed += got == SECCOMP_RET_ALLOW;
		denied += got == deny;
	}
	ok(wrong == 0, "%s: every number 0..1023 gets what the catalogue says (%d ENOSYS, "
	   "%d allowed, %d denied)", what, enosys, allowed, denied);
	if (wrong)
		printf("#   %d wrong, the first is %d: got %#x\n", wrong, first,
		       call(prog, arch, first, 0, 0, 0));
	ok(enosys > 100 && allowed > 50 && denied > 100, "%s: all three answers occur", what);
	int execve = seccomp_syscall_resolve_name("execve");
	ok(call(prog, arch, execve, (uintptr_t)ex->path, (uintptr_t)ex->argv,
		(uintptr_t)ex->envp) == SECCOMP_RET_ALLOW,
	   "%s: the launcher's own execve passes", what);
	ok(call(prog, arch, execve, (uintptr_t)ex->path, (uintptr_t)ex->argv, 0) == deny &&
	   call(prog, arch, execve, (uintptr_t)ex->path + 1, (uintptr_t)ex->argv,
		(uintptr_t)ex->envp) == deny,
	   "%s: an execve with other pointers is denied", what);
	ok(call(prog, AUDIT_ARCH_I386, 3, 0, 0, 0) == SECCOMP_RET_KILL_PROCESS &&
	   call(prog, AUDIT_ARCH_I386, 400, 0, 0, 0) == SECCOMP_RET_KILL_PROCESS,
	   "%s: another architecture is killed, even in an ENOSYS range", what);
	ok(call(prog, arch, 0x40000000 | 1, 0, 0, 0) == SECCOMP_RET_KILL_PROCESS,
	   "%s: an x32 call is killed", what);
}

static void check_policy(const char *what, struct policy *p, uint32_t deny, bool supervised)
{
	char *argv[] = { "true", NULL }, *envp[] = { "A=1", NULL };
	struct exec_args ex = seccomp_prepare_exec("/bin/true", argv, envp);
	struct filters *fresh = seccomp_build(p, &ex, supervised, NULL);
	char name[80];
	snprintf(name, sizeof name, "%s, compiled", what);
	check_filter(name, p, seccomp_program(fresh), &ex, deny);

	char dir[] = "/tmp/test-filter.XXXXXX";
	struct fcache cache;
	if (!mkdtemp(dir) || !fcache_open(dir, &cache)) {
		printf("ok %d - %s, cached # SKIP no kernel keyring\n", ++tap_count, what);
	} else {
		seccomp_free(seccomp_build(p, &ex, supervised, &cache)); /* records it */
		struct filters *cached = seccomp_build(p, &ex, supervised, &cache);
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

int main(void)
{
	struct policy p = { 0 };
	grant(&p, "stdio");
	grant(&p, "rpath");
	check_policy("stdio rpath, deny", &p, SECCOMP_RET_ERRNO | EPERM, false);
	check_policy("stdio rpath, supervised", &p, SECCOMP_RET_USER_NOTIF, true);
	p.on_violation = VIOLATION_KILL;
	check_policy("stdio rpath, kill", &p, SECCOMP_RET_KILL_PROCESS, false);

	/* An allow line naming a call outside the catalogue: it leaves the
	 * ENOSYS set and is allowed. */
	struct policy q = { 0 };
	grant(&q, "stdio");
	grant(&q, "inet");
	strlist_add(&q.allow, "munlockall", "test");
	check_policy("stdio inet + allow munlockall", &q, SECCOMP_RET_ERRNO | EPERM, false);
	strlist_free(&q.allow);
	return tap_done();
}
