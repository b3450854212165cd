#include "seccomp.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "promises.h"
#include "sysrule.h"

struct filters {
	scmp_filter_ctx known;
	scmp_filter_ctx policy;
	bool supervised;
	/* Exported programs, loaded with seccomp(2) directly: the policy
	 * filter goes first and allows exactly one more seccomp() call, the
	 * one whose program pointer is &known_prog. */
	struct sock_fprog known_prog;
	struct sock_fprog policy_prog;
};

static uint64_t substitute(uint64_t value)
{
	return value == VALUE_SELF_PID ? (uint64_t)getpid() : value;
}

static int add_rule(scmp_filter_ctx ctx, uint32_t action, int nr, const struct sys_rule *r)
{
	struct scmp_arg_cmp cmp[2];
	for (unsigned i = 0; i < r->ncond; i++) {
		const struct sys_cond *c = &r->cond[i];
		if (c->op == COND_EQ)
			cmp[i] = (struct scmp_arg_cmp){ c->arg, SCMP_CMP_EQ, substitute(c->value), 0 };
		else
			cmp[i] = (struct scmp_arg_cmp){ c->arg, SCMP_CMP_MASKED_EQ, c->mask, c->value };
	}
	return seccomp_rule_add_array(ctx, action, nr, r->ncond, cmp);
}

static void check(int r, const char *what, const char *name)
{
	if (r < 0)
		die("libseccomp: cannot add %s %s: %s", what, name, strerror(-r));
}

static int name_nr(const char *name)
{
	int nr = seccomp_syscall_resolve_name(name);
	return nr == __NR_SCMP_ERROR ? -1 : nr;
}

/* The "known" filter: allow the catalogue, ENOSYS for the rest. */
static void build_known(scmp_filter_ctx ctx, const struct policy *p)
{
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *pr = promise_at(i);
		for (size_t j = 0; j < pr->nrules; j++) {
			int nr = rule_nr(&pr->rules[j]);
			if (nr >= 0)
				check(seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 0), "a rule for",
				      pr->rules[j].name);
		}
	}
	for (size_t i = 0; i < never_count(); i++) {
		const struct never_rule *n = never_at(i);
		int nr = n->nr == NR_BY_NAME ? name_nr(n->name) : n->nr;
		if (nr >= 0)
			check(seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 0), "a rule for", n->name);
	}
	for (size_t i = 0; i < p->allow.n; i++) {
		int nr = sysrule_nr(p->allow.item[i]);
		if (nr >= 0)
			check(seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 0), "a rule for", p->allow.item[i]);
	}
}

static void build_policy(scmp_filter_ctx ctx, const struct policy *p, const struct exec_args *ex,
			 const struct sock_fprog *known_prog)
{
	for (size_t i = 0; i < promise_count(); i++) {
		if (!p->promise[i])
			continue;
		const struct promise *pr = promise_at(i);
		for (size_t j = 0; j < pr->nrules; j++) {
			int nr = rule_nr(&pr->rules[j]);
			if (nr >= 0)
				check(add_rule(ctx, SCMP_ACT_ALLOW, nr, &pr->rules[j]), "a rule for",
				      pr->rules[j].name);
		}
	}
	/* Single calls, with their argument conditions (sysrule.h). */
	for (size_t i = 0; i < p->allow.n; i++) {
		int nr = sysrule_nr(p->allow.item[i]);
		if (nr < 0)
			msg_verbose("%s: system call %s is unknown to this libseccomp; skipped",
				    p->allow.origin[i], p->allow.item[i]);
		else
			check(sysrule_add(ctx, SCMP_ACT_ALLOW, nr, p->allow.item[i]), "a rule for",
			      p->allow.item[i]);
	}
	/* The launcher's own execve of the target. */
	check(seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(execve), 3,
			       SCMP_A0(SCMP_CMP_EQ, (uintptr_t)ex->path),
			       SCMP_A1(SCMP_CMP_EQ, (uintptr_t)ex->argv),
			       SCMP_A2(SCMP_CMP_EQ, (uintptr_t)ex->envp)),
	      "the rule for its own execve of", p->target);
	/* ... and its own loading of the second filter, which can only
	 * restrict further anyway. */
	check(seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(seccomp), 2,
			       SCMP_A0(SCMP_CMP_EQ, SECCOMP_SET_MODE_FILTER),
			       SCMP_A2(SCMP_CMP_EQ, (uintptr_t)known_prog)),
	      "the rule for loading", "the known-calls filter");
}

/* libseccomp 2.5 exports to a descriptor only; a pipe holds any filter we
 * build (at most a few thousand instructions). */
static void export(scmp_filter_ctx ctx, struct sock_fprog *prog)
{
	int fds[2];
	if (pipe2(fds, O_CLOEXEC) < 0)
		die("pipe: %s", strerror(errno));
	int r = seccomp_export_bpf(ctx, fds[1]);
	close(fds[1]);
	if (r < 0)
		die("libseccomp: cannot export the filter: %s", strerror(-r));
	size_t cap = 4096, len = 0;
	char *buf = xmalloc(cap);
	ssize_t n;
	while ((n = read(fds[0], buf + len, cap - len)) > 0)
		if ((len += (size_t)n) == cap)
			buf = xrealloc(buf, cap *= 2);
	close(fds[0]);
	prog->len = (unsigned short)(len / sizeof(struct sock_filter));
	prog->filter = (struct sock_filter *)buf;
}

static scmp_filter_ctx new_ctx(uint32_t default_action)
{
	scmp_filter_ctx ctx = seccomp_init(default_action);
	if (!ctx)
		die("libseccomp: cannot create a filter");
	/* Other architectures (i386's int 0x80, x32) are killed outright. */
	if (seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS) < 0 ||
	    /* no_new_privs is set by sandbox-run itself, before Landlock */
	    seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0) < 0 ||
	    /* a binary search tree keeps long allowlists cheap per call */
	    seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2) < 0)
		die("libseccomp: cannot set filter attributes");
	return ctx;
}

static uint32_t denial_action(const struct policy *p, bool supervised)
{
	if (supervised)
		return SCMP_ACT_NOTIFY;
	return p->on_violation == VIOLATION_KILL ? SCMP_ACT_KILL_PROCESS : SCMP_ACT_ERRNO(EPERM);
}

const char *seccomp_library_version(void)
{
	static char version[32];
	const struct scmp_version *v = seccomp_version();
	snprintf(version, sizeof version, "%u.%u.%u", v->major, v->minor, v->micro);
	return version;
}

static bool in_catalogue(int nr)
{
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *pr = promise_at(i);
		for (size_t j = 0; j < pr->nrules; j++)
			if (rule_nr(&pr->rules[j]) == nr)
				return true;
	}
	for (size_t i = 0; i < never_count(); i++) {
		const struct never_rule *n = never_at(i);
		if ((n->nr == NR_BY_NAME ? name_nr(n->name) : n->nr) == nr)
			return true;
	}
	return false;
}

/* Whether the profile's known filter is the catalogue's alone. */
static bool prebuilt_applies(const struct policy *p, const struct seccomp_prebuilt *known)
{
	if (!known || !known->len || strcmp(known->libseccomp, seccomp_library_version()) != 0)
		return false;
	for (size_t i = 0; i < p->allow.n; i++) {
		int nr = sysrule_nr(p->allow.item[i]);
		if (nr >= 0 && !in_catalogue(nr))
			return false;
	}
	return true;
}

void seccomp_export_known(struct sock_fprog *prog)
{
	struct policy none = { 0 };
	scmp_filter_ctx ctx = new_ctx(SCMP_ACT_ERRNO(ENOSYS));
	build_known(ctx, &none);
	export(ctx, prog);
	seccomp_release(ctx);
}

struct filters *seccomp_build_prebuilt(const struct policy *p, const struct exec_args *ex,
				       bool supervised, const struct seccomp_prebuilt *known)
{
	struct filters *f = xcalloc(1, sizeof *f);
	f->supervised = supervised;
	if (prebuilt_applies(p, known)) {
		size_t size = known->len * sizeof known->insns[0];
		f->known_prog.filter = memcpy(xmalloc(size), known->insns, size);
		f->known_prog.len = known->len;
	} else {
		f->known = new_ctx(SCMP_ACT_ERRNO(ENOSYS));
		build_known(f->known, p);
		export(f->known, &f->known_prog);
	}
	f->policy = new_ctx(denial_action(p, supervised));
	build_policy(f->policy, p, ex, &f->known_prog);
	export(f->policy, &f->policy_prog);
	return f;
}

struct filters *seccomp_build(const struct policy *p, const struct exec_args *ex,
			      bool supervised)
{
	return seccomp_build_prebuilt(p, ex, supervised, NULL);
}

int seccomp_load_filters(struct filters *f)
{
	unsigned flags = f->supervised ? SECCOMP_FILTER_FLAG_NEW_LISTENER : 0;
	long listener = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &f->policy_prog);
	if (listener < 0)
		die("seccomp: cannot load the policy filter: %s", strerror(errno));
	/* Loaded last, so that among equal actions (ERRNO) its ENOSYS for
	 * unknown calls wins over the policy's EPERM. */
	if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &f->known_prog) < 0)
		die("seccomp: cannot load the known-calls filter: %s", strerror(errno));
	return f->supervised ? (int)listener : -1;
}

unsigned seccomp_instructions(struct filters *f)
{
	return (unsigned)f->known_prog.len + f->policy_prog.len;
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
	char *mem = mmap((void *)hint, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
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

void seccomp_free(struct filters *f)
{
	if (!f)
		return;
	if (f->known)
		seccomp_release(f->known);
	seccomp_release(f->policy);
	free(f->known_prog.filter);
	free(f->policy_prog.filter);
	free(f);
}
