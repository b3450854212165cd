/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "apply/seccomp.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "filter/bpfcompile.h"
#include "catalogue/pathcalls.h"
#include "catalogue/promises.h"
#include "catalogue/sysrule.h"

struct filter_program {
	bool supervised;
	struct sock_fprog prog;
};

static void add_catalogue_rule(struct filter_ruleset *rs, const struct promise_call *sr)
{
	struct filter_rule *r = ruleset_add(rs, SCMP_ACT_ALLOW, rule_nr(sr), sr->name);
	r->ncond = sr->ncond;
	for (unsigned i = 0; i < sr->ncond; i++) {
		const struct arg_cond *c = &sr->cond[i];
		uint64_t value = c->value == VALUE_SELF_PID ? bpf_placeholder(PH_PID) :
				 c->value == VALUE_SELF_UID ? bpf_placeholder(PH_UID) :
				 c->value == VALUE_SELF_GID ? bpf_placeholder(PH_GID) :
							      c->value;
		r->cmp[i] = c->op == COND_EQ ?
				    (struct scmp_arg_cmp){ c->arg, SCMP_CMP_EQ, value, 0 } :
				    (struct scmp_arg_cmp){ c->arg, SCMP_CMP_MASKED_EQ, c->mask,
							   value };
	}
}

/* The opens the broker serves (broker.h): those that write or create when
 * outputs are declared, and those of directories when directory operands
 * are. No promise's or allow line's rule is added for open, openat and
 * creat then; brokered_open_rules allows the rest, and what they leave
 * goes to the supervisor, which serves it or lets the kernel run it. */
#define TMPFILE_BIT 020000000
#define OPEN_WRITE_BITS (O_ACCMODE | O_CREAT | O_TRUNC | TMPFILE_BIT | O_APPEND)

static uint64_t brokered_open_flags(const struct policy *p)
{
	return (p->n_outputs ? OPEN_WRITE_BITS : 0) | (p->listable.n ? O_DIRECTORY : 0);
}

static bool has_output_dirs(const struct policy *p)
{
	for (size_t i = 0; i < p->n_outputs; i++)
		if (p->outputs[i].tree)
			return true;
	return false;
}

/* With an output directory, mkdir and unlink go to the broker even when
 * cpath grants them: Landlock grants nothing there, the broker acts. */
static bool brokered_call(const struct policy *p, int nr)
{
	if (has_output_dirs(p) &&
	    (nr == SCMP_SYS(mkdir) || nr == SCMP_SYS(mkdirat) || nr == SCMP_SYS(unlink) ||
	     nr == SCMP_SYS(unlinkat) || nr == SCMP_SYS(rmdir)))
		return true;
	return brokered_open_flags(p) &&
	       (nr == SCMP_SYS(open) || nr == SCMP_SYS(openat) || nr == SCMP_SYS(creat));
}

/* What Landlock scopes from an ABI on: below it, the calls that a promise
 * grants whole go to the supervisor instead (broker.h), which lets them
 * reach the sandbox's own processes, the ports and addresses granted, and
 * truncates declared outputs only. Rules with conditions stay (kill of
 * itself). */
static const struct {
	const char *call;
	int abi;
} landlock_scoped[] = {
	{ "kill", 6 },
	{ "tgkill", 6 },
	{ "rt_sigqueueinfo", 6 },
	{ "rt_tgsigqueueinfo", 6 },
	{ "truncate", 3 },
	{ "truncate64", 3 },
};

static bool scoped_below(const struct policy *p, const struct promise_call *r)
{
	if (r->ncond)
		return false;
	if (policy_brokers_sockets(p) &&
	    (strcmp(r->name, "connect") == 0 || strcmp(r->name, "bind") == 0))
		return true;
	for (size_t i = 0; i < sizeof landlock_scoped / sizeof landlock_scoped[0]; i++)
		if (strcmp(landlock_scoped[i].call, r->name) == 0)
			return landlock_below(p, landlock_scoped[i].abi);
	return false;
}

/* The opens the broker need not see: read-only ones (rpath, which every
 * profile holds), and with directory operands only those without
 * O_DIRECTORY. */
static void brokered_open_rules(struct filter_ruleset *rs, const struct policy *p)
{
	uint64_t mask = brokered_open_flags(p) | OPEN_WRITE_BITS;
	if (!brokered_open_flags(p))
		return;
	struct filter_rule *r = ruleset_add(rs, SCMP_ACT_ALLOW, SCMP_SYS(openat), "openat");
	r->ncond = 1;
	r->cmp[0] = (struct scmp_arg_cmp){ 2, SCMP_CMP_MASKED_EQ, mask, O_RDONLY };
	if (SCMP_SYS(open) < 0)
		return;
	r = ruleset_add(rs, SCMP_ACT_ALLOW, SCMP_SYS(open), "open");
	r->ncond = 1;
	r->cmp[0] = (struct scmp_arg_cmp){ 1, SCMP_CMP_MASKED_EQ, mask, O_RDONLY };
}

static void promise_rules(struct filter_ruleset *rs, const struct policy *p)
{
	for (size_t i = 0; i < promise_count(); i++) {
		if (!p->promise[i])
			continue;
		const struct promise *pr = promise_at(i);
		for (size_t j = 0; j < pr->nrules; j++)
			if (rule_nr(&pr->rules[j]) >= 0 &&
			    !brokered_call(p, rule_nr(&pr->rules[j])) &&
			    !scoped_below(p, &pr->rules[j]))
				add_catalogue_rule(rs, &pr->rules[j]);
	}
	brokered_open_rules(rs, p);
}

/* Single calls, with their argument conditions (sysrule.h). */
static void allow_rules(struct filter_ruleset *rs, const struct policy *p)
{
	for (size_t i = 0; i < p->allow.n; i++) {
		int nr = sysrule_nr(p->allow.item[i]);
		if (nr < 0) {
			msg_verbose("%s: system call %s is unknown to this libseccomp; skipped",
				    p->allow.origin[i], p->allow.item[i]);
			continue;
		}
		if (brokered_call(p, nr) || (policy_brokers_sockets(p) &&
					     (nr == SCMP_SYS(connect) || nr == SCMP_SYS(bind))))
			continue; /* the broker asks policy_grants_call */
		struct filter_rule *r = ruleset_add(rs, SCMP_ACT_ALLOW, nr, p->allow.item[i]);
		int n = sysrule_cmps(p->allow.item[i], r->cmp);
		if (n < 0)
			die("libseccomp: cannot add a rule for %s: %s", r->name, strerror(-n));
		r->ncond = (unsigned)n;
	}
}

/* Calls the target makes and does without (refuse = in the profile, a
 * preload rule or a promise's table; glibc's request for nscd): EPERM
 * from the kernel, in every on-violation mode, reported by no one. Added
 * last, and only where no rule for the call could match the same
 * arguments: there the rules already added decide (sysrule.h). */
static bool overlaps(const struct filter_ruleset *rs, int nr, const struct scmp_arg_cmp *cmp,
		     unsigned ncond)
{
	for (size_t i = 0; i < rs->n; i++)
		if (rs->v[i].nr == nr &&
		    !sysrule_disjoint(rs->v[i].cmp, rs->v[i].ncond, cmp, ncond))
			return true;
	return false;
}

static void refuse_rules(struct filter_ruleset *rs, const struct policy *p)
{
	for (size_t i = 0; i < p->refuse.n; i++) {
		const char *text = p->refuse.item[i];
		struct scmp_arg_cmp cmp[SYSRULE_MAX_ARGS];
		int nr = sysrule_nr(text), n = sysrule_cmps(text, cmp);
		if (nr < 0 || n <= 0)
			continue; /* sysrule_validate_refused let none through */
		if (overlaps(rs, nr, cmp, (unsigned)n)) {
			msg_verbose("%s: refuse %s: the policy allows such calls; not refused",
				    p->refuse.origin[i], text);
			continue;
		}
		struct filter_rule *r = ruleset_add(rs, SCMP_ACT_ERRNO(EPERM), nr, text);
		memcpy(r->cmp, cmp, sizeof cmp);
		r->ncond = (unsigned)n;
	}
}

/* Calls the catalogue answers quietly (promises.h: getxattr by path gets
 * ENOTSUP, which tools read as "no attributes"): the kernel's errno in
 * every on-violation mode, reported by no one. No promise names them, so
 * unknown_rules put them in the ENOSYS set: taken out here. Where a rule
 * already added allows the call ("allow = getxattr"), that rule decides. */
static void quiet_rules(struct filter_ruleset *rs, const struct policy *p)
{
	(void)p;
	for (size_t i = 0; i < quiet_count(); i++) {
		const struct quiet_call *q = quiet_at(i);
		if (q->nr < 0 || overlaps(rs, q->nr, NULL, 0))
			continue;
		if (q->nr < ENOSYS_LIMIT)
			rs->enosys[q->nr] = false;
		ruleset_add(rs, SCMP_ACT_ERRNO((uint32_t)q->err), q->nr, q->name);
	}
}

static void mark(bool *known, int nr)
{
	if (nr >= 0 && nr < ENOSYS_LIMIT)
		known[nr] = true;
}

/* ENOSYS for the calls the catalogue does not know, so that libc falls
 * back (clone3, openat2, calls newer than the catalogue) instead of being
 * denied; numbers from ENOSYS_LIMIT on are denied like any call not
 * granted. No rule names these numbers, so nothing is overridden: one
 * filter does for "unknown" and "not granted". */
static void unknown_rules(struct filter_ruleset *rs, const struct policy *p)
{
	bool known[ENOSYS_LIMIT] = { false };
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *pr = promise_at(i);
		for (size_t j = 0; j < pr->nrules; j++)
			mark(known, rule_nr(&pr->rules[j]));
	}
	for (size_t i = 0; i < never_count(); i++) {
		const struct never_call *n = never_at(i);
		mark(known, never_nr(n));
	}
	for (size_t i = 0; i < p->allow.n; i++)
		mark(known, sysrule_nr(p->allow.item[i]));
	for (int nr = 0; nr < ENOSYS_LIMIT; nr++)
		rs->enosys[nr] = !known[nr];
}

/* Calls that would hand a confined program the filter cache's key
 * (filtercache.h): the kernel refuses them itself, so that not even
 * on-violation = report lets them through. */
static const char *const keyring_calls[] = { "keyctl", "add_key", "request_key" };

static void keyring_rules(struct filter_ruleset *rs, const struct policy *p)
{
	if (p->on_violation != VIOLATION_REPORT)
		return;
	for (size_t i = 0; i < sizeof keyring_calls / sizeof keyring_calls[0]; i++)
		if (syscall_nr(keyring_calls[i]) >= 0)
			ruleset_add(rs, SCMP_ACT_ERRNO(EPERM), syscall_nr(keyring_calls[i]),
				    keyring_calls[i]);
}

/* The launcher's own execve of the target: allowed with exactly the
 * pointers of its copy of path, argv and envp (placeholders here). */
static void exec_rule(struct filter_ruleset *rs)
{
	struct filter_rule *r = ruleset_add(rs, SCMP_ACT_ALLOW, SCMP_SYS(execve), "execve");
	r->ncond = 3;
	r->cmp[0] = (struct scmp_arg_cmp){ 0, SCMP_CMP_EQ, bpf_placeholder(PH_EXEC_PATH), 0 };
	r->cmp[1] = (struct scmp_arg_cmp){ 1, SCMP_CMP_EQ, bpf_placeholder(PH_EXEC_ARGV), 0 };
	r->cmp[2] = (struct scmp_arg_cmp){ 2, SCMP_CMP_EQ, bpf_placeholder(PH_EXEC_ENVP), 0 };
}

/* on-violation = report: the calls Landlock judges by path go to the
 * supervisor even where the policy allows them, so that it can report the
 * files Landlock will refuse (supervise/pathcheck.h) before it lets them go on. The
 * launcher's own execve stays allowed: the supervisor takes the listener
 * only once that exec has happened. Deny and kill filters are untouched. */
static bool launchers_exec(const struct filter_rule *r)
{
	return r->ncond == 3 && r->cmp[0].datum_a == bpf_placeholder(PH_EXEC_PATH);
}

static void diagnose_rules(struct filter_ruleset *rs, const struct policy *p)
{
	if (p->on_violation != VIOLATION_REPORT || !p->landlock_abi)
		return; /* without Landlock, no file is refused */
	size_t kept = 0;
	for (size_t i = 0; i < rs->n; i++)
		if (rs->v[i].action != SCMP_ACT_ALLOW || !pathcall_find(rs->v[i].nr) ||
		    launchers_exec(&rs->v[i]))
			rs->v[kept++] = rs->v[i];
	rs->n = kept;
}

static uint32_t denial_action(const struct policy *p, bool supervised)
{
	if (supervised)
		return SCMP_ACT_NOTIFY;
	return p->on_violation == VIOLATION_KILL ? SCMP_ACT_KILL_PROCESS : SCMP_ACT_ERRNO(EPERM);
}

static void policy_rules(struct filter_ruleset *rs, const void *arg)
{
	const struct policy *p = arg;
	promise_rules(rs, p);
	allow_rules(rs, p);
	unknown_rules(rs, p);
	keyring_rules(rs, p);
	exec_rule(rs);
	refuse_rules(rs, p);
	quiet_rules(rs, p);
	diagnose_rules(rs, p);
}

/* Everything policy_rules reads, as text: the cache's name for the rules.
 * Made at every start, so copied into one buffer sized first rather than
 * printed piece by piece. */
static char *policy_inputs(const struct policy *p)
{
	size_t size = sizeof "promises:" + sizeof "\nreport: 0\n" +
		      sizeof "\nbrokered opens: " + 2 * sizeof(uint64_t) + sizeof "\nlandlock: 99";
	for (size_t i = 0; i < promise_count(); i++)
		size += p->promise[i] ? 1 + strlen(promise_at(i)->name) : 0;
	for (size_t i = 0; i < p->allow.n; i++)
		size += sizeof "\nallow: " + strlen(p->allow.item[i]);
	for (size_t i = 0; i < p->refuse.n; i++)
		size += sizeof "\nrefuse: " + strlen(p->refuse.item[i]);
	char *text = xmalloc(size);
	char *end = stpcpy(text, "promises:");
	for (size_t i = 0; i < promise_count(); i++)
		if (p->promise[i])
			end = stpcpy(stpcpy(end, " "), promise_at(i)->name);
	for (size_t i = 0; i < p->allow.n; i++)
		end = stpcpy(stpcpy(end, "\nallow: "), p->allow.item[i]);
	for (size_t i = 0; i < p->refuse.n; i++)
		end = stpcpy(stpcpy(end, "\nrefuse: "), p->refuse.item[i]);
	if (brokered_open_flags(p)) {
		char hex[2 * sizeof(uint64_t) + 1];
		uint64_t flags = brokered_open_flags(p);
		unsigned char bytes[sizeof flags];
		memcpy(bytes, &flags, sizeof flags);
		put_hex(hex, bytes, sizeof bytes);
		end = stpcpy(stpcpy(end, "\nbrokered opens: "), hex);
	}
	/* The filter differs below the Landlock ABIs that scope (landlock_scoped). */
	char abi[12];
	put_uint(abi, (unsigned)(p->landlock_abi < 6 ? p->landlock_abi : 6) % 100);
	end = stpcpy(stpcpy(end, "\nlandlock: "), abi);
	stpcpy(end, p->on_violation == VIOLATION_REPORT ? "\nreport: 1\n" : "\nreport: 0\n");
	return text;
}

struct filter_program *seccomp_build(const struct policy *p, const struct exec_args *ex,
				     bool supervised, const struct fcache *cache)
{
	struct filter_program *f = xcalloc(1, sizeof *f);
	f->supervised = supervised;
	char *inputs = policy_inputs(p);
	struct bpf_source src = { inputs, policy_rules, p };
	uint64_t value[N_PH] = {
		[PH_PID] = (uint64_t)getpid(),        [PH_EXEC_PATH] = (uintptr_t)ex->path,
		[PH_EXEC_ARGV] = (uintptr_t)ex->argv, [PH_EXEC_ENVP] = (uintptr_t)ex->envp,
		[PH_UID] = (uint64_t)getuid(),        [PH_GID] = (uint64_t)getgid(),
	};
	bpf_build(&src, denial_action(p, supervised), value, cache, &f->prog);
	free(inputs);
	return f;
}

int seccomp_load_filters(struct filter_program *f)
{
	unsigned flags = f->supervised ? SECCOMP_FILTER_FLAG_NEW_LISTENER : 0;
	long listener = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &f->prog);
	if (listener < 0)
		die("seccomp: cannot load the filter: %s", strerror(errno));
	return f->supervised ? (int)listener : -1;
}

unsigned seccomp_instructions(struct filter_program *f)
{
	return f->prog.len;
}

const struct sock_fprog *seccomp_program(const struct filter_program *f)
{
	return &f->prog;
}

struct exec_args seccomp_prepare_exec(const char *path, char *const *argv, char *const *envp)
{
	size_t argc = 0, envc = 0, size = strlen(path) + 1;
	while (argv[argc])
		size += strlen(argv[argc++]) + 1;
	while (envp[envc])
		size += strlen(envp[envc++]) + 1;
	size += (argc + envc + 2) * sizeof(char *);
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size = (size + page - 1) / page * page;
	/* A random hint in the lower 46 bits: a confined program that wanted to
	 * repeat the launcher's execve would have to guess it. */
	uintptr_t hint = 0;
	if (getrandom(&hint, sizeof hint, 0) != (ssize_t)sizeof hint)
		die("getrandom: %s", strerror(errno));
	hint = (hint & ((UINT64_C(1) << 46) - 1)) & ~(uintptr_t)(page - 1);
	char *mem = mmap((void *)hint, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			 -1, 0);
	if (mem == MAP_FAILED)
		die("mmap: %s", strerror(errno));
	char **vec = (char **)mem;
	char *s = mem + (argc + envc + 2) * sizeof(char *);
	for (size_t i = 0; i < argc; i++, s += strlen(s) + 1)
		vec[i] = strcpy(s, argv[i]);
	vec[argc] = NULL;
	for (size_t i = 0; i < envc; i++, s += strlen(s) + 1)
		vec[argc + 1 + i] = strcpy(s, envp[i]);
	vec[argc + 1 + envc] = NULL;
	char *p = strcpy(s, path);
	return (struct exec_args){ p, vec, vec + argc + 1 };
}

void seccomp_free(struct filter_program *f)
{
	if (!f)
		return;
	free(f->prog.filter);
	free(f);
}
