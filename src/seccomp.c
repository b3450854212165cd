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
#include <sys/utsname.h>
#include <unistd.h>

#include "filtercache.h"
#include "promises.h"
#include "sysrule.h"

struct filters {
	bool supervised;
	/* Exported programs, loaded with seccomp(2) directly: the policy
	 * filter goes first and allows exactly one more seccomp() call, the
	 * one whose program pointer is &known_prog. */
	struct sock_fprog known_prog;
	struct sock_fprog policy_prog;
};

/* Values that differ from run to run are compiled as placeholders and
 * patched into the BPF afterwards, so that one compiled filter (and one
 * cache entry, filtercache.h) serves every run with the same rules. Each
 * half of each placeholder is a distinct 32-bit constant that no rule
 * compares with; patch() checks that they occur only where a comparison
 * takes them. */
enum placeholder { PH_PID, PH_EXEC_PATH, PH_EXEC_ARGV, PH_EXEC_ENVP, PH_KNOWN_PROG, N_PH };
#define PH_HI(i) (UINT32_C(0x5a17c0d0) + (uint32_t)(i))
#define PH_LO(i) (UINT32_C(0xa5e83f20) + (uint32_t)(i))
#define PH_VALUE(i) ((uint64_t)PH_HI(i) << 32 | PH_LO(i))
/* The default action too: the same rules serve deny, kill and the
 * supervisor. TRACE is an action no filter of ours takes otherwise. */
#define PH_ACTION SCMP_ACT_TRACE(0x5a17)

/* One rule as libseccomp is given it, and as the cache id records it. */
struct rule {
	int nr;
	uint32_t action;
	unsigned ncond;
	struct scmp_arg_cmp cmp[SYSRULE_MAX_ARGS];
	const char *name; /* for error messages only */
};

struct ruleset {
	struct rule *v;
	size_t n, cap;
};

static struct rule *add(struct ruleset *rs, uint32_t action, int nr, const char *name)
{
	if (rs->n == rs->cap)
		rs->v = xrealloc(rs->v, (rs->cap = rs->cap ? rs->cap * 2 : 256) * sizeof *rs->v);
	struct rule *r = &rs->v[rs->n++];
	memset(r, 0, sizeof *r);
	*r = (struct rule){ .nr = nr, .action = action, .name = name };
	return r;
}

static void add_catalogue_rule(struct ruleset *rs, const struct sys_rule *sr)
{
	struct rule *r = add(rs, SCMP_ACT_ALLOW, rule_nr(sr), sr->name);
	r->ncond = sr->ncond;
	for (unsigned i = 0; i < sr->ncond; i++) {
		const struct sys_cond *c = &sr->cond[i];
		uint64_t value = c->value == VALUE_SELF_PID ? PH_VALUE(PH_PID) : c->value;
		r->cmp[i] = c->op == COND_EQ
			? (struct scmp_arg_cmp){ c->arg, SCMP_CMP_EQ, value, 0 }
			: (struct scmp_arg_cmp){ c->arg, SCMP_CMP_MASKED_EQ, c->mask, value };
	}
}

static int name_nr(const char *name)
{
	int nr = seccomp_syscall_resolve_name(name);
	return nr == __NR_SCMP_ERROR ? -1 : nr;
}

/* System call numbers the known filter answers ENOSYS below; the rest
 * pass on to the policy filter, which denies them. x86-64 numbers its calls
 * up to about 470 and x32's range starts at 512; a call above this limit is
 * denied (EPERM, or reported) instead of being called unknown. */
#define KNOWN_NR_LIMIT 512

static void mark(bool *known, int nr)
{
	if (nr >= 0 && nr < KNOWN_NR_LIMIT)
		known[nr] = true;
}

/* The "known" filter: ENOSYS for every call the catalogue does not know,
 * so libc falls back (clone3, openat2, calls newer than the catalogue).
 * Written as the complement, allow by default: a few hundred numbers the
 * catalogue lacks take fewer instructions than the ones it has, and the
 * kernel compiles every instruction on every run. */
static void known_rules(struct ruleset *rs, const struct policy *p)
{
	bool known[KNOWN_NR_LIMIT] = { false };
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *pr = promise_at(i);
		for (size_t j = 0; j < pr->nrules; j++)
			mark(known, rule_nr(&pr->rules[j]));
	}
	for (size_t i = 0; i < never_count(); i++) {
		const struct never_rule *n = never_at(i);
		mark(known, n->nr == NR_BY_NAME ? name_nr(n->name) : n->nr);
	}
	for (size_t i = 0; i < p->allow.n; i++)
		mark(known, sysrule_nr(p->allow.item[i]));
	for (int nr = 0; nr < KNOWN_NR_LIMIT; nr++)
		if (!known[nr])
			add(rs, SCMP_ACT_ERRNO(ENOSYS), nr, "a call the catalogue does not know");
}

/* Calls that would hand a confined program the filter cache's key
 * (filtercache.h): the kernel refuses them itself, so that not even
 * on-violation = report lets them through. */
static const char *const keyring_calls[] = { "keyctl", "add_key", "request_key" };

static void policy_rules(struct ruleset *rs, const struct policy *p)
{
	for (size_t i = 0; i < promise_count(); i++) {
		if (!p->promise[i])
			continue;
		const struct promise *pr = promise_at(i);
		for (size_t j = 0; j < pr->nrules; j++)
			if (rule_nr(&pr->rules[j]) >= 0)
				add_catalogue_rule(rs, &pr->rules[j]);
	}
	/* Single calls, with their argument conditions (sysrule.h). */
	for (size_t i = 0; i < p->allow.n; i++) {
		int nr = sysrule_nr(p->allow.item[i]);
		if (nr < 0) {
			msg_verbose("%s: system call %s is unknown to this libseccomp; skipped",
				    p->allow.origin[i], p->allow.item[i]);
			continue;
		}
		struct rule *r = add(rs, SCMP_ACT_ALLOW, nr, p->allow.item[i]);
		int n = sysrule_cmps(p->allow.item[i], r->cmp);
		if (n < 0)
			die("libseccomp: cannot add a rule for %s: %s", r->name, strerror(-n));
		r->ncond = (unsigned)n;
	}
	if (p->on_violation == VIOLATION_REPORT)
		for (size_t i = 0; i < sizeof keyring_calls / sizeof keyring_calls[0]; i++)
			if (name_nr(keyring_calls[i]) >= 0)
				add(rs, SCMP_ACT_ERRNO(EPERM), name_nr(keyring_calls[i]),
				    keyring_calls[i]);
	/* The launcher's own execve of the target. */
	struct rule *r = add(rs, SCMP_ACT_ALLOW, SCMP_SYS(execve), "execve");
	r->ncond = 3;
	r->cmp[0] = (struct scmp_arg_cmp)SCMP_A0(SCMP_CMP_EQ, PH_VALUE(PH_EXEC_PATH));
	r->cmp[1] = (struct scmp_arg_cmp)SCMP_A1(SCMP_CMP_EQ, PH_VALUE(PH_EXEC_ARGV));
	r->cmp[2] = (struct scmp_arg_cmp)SCMP_A2(SCMP_CMP_EQ, PH_VALUE(PH_EXEC_ENVP));
	/* ... and its own loading of the second filter, which can only
	 * restrict further anyway. */
	r = add(rs, SCMP_ACT_ALLOW, SCMP_SYS(seccomp), "seccomp");
	r->ncond = 2;
	r->cmp[0] = (struct scmp_arg_cmp)SCMP_A0(SCMP_CMP_EQ, SECCOMP_SET_MODE_FILTER);
	r->cmp[1] = (struct scmp_arg_cmp)SCMP_A2(SCMP_CMP_EQ, PH_VALUE(PH_KNOWN_PROG));
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

/* libseccomp itself, for rules not in the cache. */
static void compile_now(const struct ruleset *rs, struct sock_fprog *prog)
{
	scmp_filter_ctx ctx = new_ctx(PH_ACTION);
	for (size_t i = 0; i < rs->n; i++) {
		const struct rule *r = &rs->v[i];
		int e = seccomp_rule_add_array(ctx, r->action, r->nr, r->ncond, r->cmp);
		if (e < 0)
			die("libseccomp: cannot add a rule for %s: %s", r->name, strerror(-e));
	}
	export(ctx, prog);
	seccomp_release(ctx);
}

static void put(char **buf, size_t *len, size_t *cap, const void *data, size_t size)
{
	if (*len + size > *cap)
		*buf = xrealloc(*buf, *cap = (*len + size) * 2);
	memcpy(*buf + *len, data, size);
	*len += size;
}

static void put_u64(char **buf, size_t *len, size_t *cap, uint64_t v)
{
	put(buf, len, cap, &v, sizeof v);
}

/* What the compiled filter depends on, field by field (no struct padding):
 * the format, libseccomp's version, the architecture, the kernel it
 * probed, and every rule in order. */
static char *ruleset_id(const struct ruleset *rs, size_t *len)
{
	size_t cap = 4096;
	char *buf = xmalloc(cap);
	*len = 0;
	struct utsname u;
	if (uname(&u) < 0)
		memset(&u, 0, sizeof u);
	char *head = xasprintf("sandbox-run filter 1\nlibseccomp %s\narch %u\nkernel %s\n",
			       seccomp_library_version(), seccomp_arch_native(), u.release);
	put(&buf, len, &cap, head, strlen(head) + 1);
	free(head);
	for (size_t i = 0; i < rs->n; i++) {
		const struct rule *r = &rs->v[i];
		put_u64(&buf, len, &cap, (uint64_t)(int64_t)r->nr << 32 | r->action);
		put_u64(&buf, len, &cap, r->ncond);
		for (unsigned j = 0; j < r->ncond; j++) {
			put_u64(&buf, len, &cap, (uint64_t)r->cmp[j].arg << 32 | r->cmp[j].op);
			put_u64(&buf, len, &cap, r->cmp[j].datum_a);
			put_u64(&buf, len, &cap, r->cmp[j].datum_b);
		}
	}
	return buf;
}

/* The ruleset's filter with its placeholders, from the cache or built and
 * recorded there. */
static void compile(const struct ruleset *rs, const struct fcache *cache, struct sock_fprog *prog)
{
	if (!cache) {
		compile_now(rs, prog);
		return;
	}
	size_t len;
	char *id = ruleset_id(rs, &len);
	if (!fcache_load(cache, id, len, prog)) {
		compile_now(rs, prog);
		fcache_store(cache, id, len, prog);
	}
	free(id);
}

/* Only an equality test may carry a placeholder: its meaning does not
 * depend on how the value compares with others, so any value patched in
 * keeps the filter's logic (an ordering test might not, if libseccomp ever
 * sorted by value). */
static bool is_equality_test(const struct sock_filter *in)
{
	return BPF_CLASS(in->code) == BPF_JMP && BPF_OP(in->code) == BPF_JEQ &&
	       BPF_SRC(in->code) == BPF_K;
}

/* Puts this run's values where the placeholders are. False if one shows
 * up anywhere but in an equality test, or the default action is missing:
 * then the caller compiles with the values themselves. A placeholder may
 * also be gone: libseccomp drops the launcher's conditional execve rule
 * when the exec promise allows execve whole. */
static bool patch(struct sock_fprog *prog, uint32_t action, const uint64_t value[N_PH])
{
	unsigned actions = 0;
	for (unsigned i = 0; i < prog->len; i++) {
		struct sock_filter *in = &prog->filter[i];
		if (BPF_CLASS(in->code) == BPF_RET && BPF_RVAL(in->code) == BPF_K &&
		    in->k == PH_ACTION) {
			in->k = action;
			actions++;
			continue;
		}
		for (unsigned ph = 0; value && ph < N_PH; ph++) {
			if (in->k != PH_HI(ph) && in->k != PH_LO(ph))
				continue;
			if (!is_equality_test(in))
				return false;
			in->k = (uint32_t)(in->k == PH_HI(ph) ? value[ph] >> 32 : value[ph]);
			break;
		}
	}
	return actions > 0;
}

static bool is_placeholder_half(uint64_t v)
{
	for (unsigned ph = 0; ph < N_PH; ph++)
		if ((uint32_t)v == PH_LO(ph) || (uint32_t)v == PH_HI(ph) ||
		    (uint32_t)(v >> 32) == PH_LO(ph) || (uint32_t)(v >> 32) == PH_HI(ph))
			return true;
	return false;
}

/* Whether a profile's own constant looks like a placeholder (an allow line
 * may compare with any value): then it would be patched too. */
static bool collides(const struct ruleset *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		for (unsigned j = 0; j < rs->v[i].ncond; j++) {
			const struct scmp_arg_cmp *c = &rs->v[i].cmp[j];
			bool a_ph = false, b_ph = false;
			for (unsigned ph = 0; ph < N_PH; ph++) {
				a_ph |= c->datum_a == PH_VALUE(ph);
				b_ph |= c->datum_b == PH_VALUE(ph);
			}
			if ((!a_ph && is_placeholder_half(c->datum_a)) ||
			    (!b_ph && is_placeholder_half(c->datum_b)))
				return true;
		}
	return false;
}

static void substitute(struct ruleset *rs, const uint64_t value[N_PH])
{
	for (size_t i = 0; i < rs->n; i++)
		for (unsigned j = 0; j < rs->v[i].ncond; j++)
			for (unsigned ph = 0; ph < N_PH; ph++) {
				struct scmp_arg_cmp *c = &rs->v[i].cmp[j];
				if (c->datum_a == PH_VALUE(ph))
					c->datum_a = value[ph];
				if (c->datum_b == PH_VALUE(ph))
					c->datum_b = value[ph];
			}
}

/* Compiles (or takes from the cache) and patches. Should a profile's own
 * constant look like a placeholder, or the placeholders not survive
 * libseccomp as expected, the values go in directly, uncached, and only
 * the default action is patched. */
static void build(struct ruleset *rs, uint32_t action, const uint64_t value[N_PH],
		  const struct fcache *cache, struct sock_fprog *prog)
{
	if (!collides(rs)) {
		compile(rs, cache, prog);
		if (patch(prog, action, value))
			return;
		msg_verbose("seccomp: placeholders not where expected; compiling without the cache");
		free(prog->filter);
	}
	substitute(rs, value);
	compile_now(rs, prog);
	if (!patch(prog, action, NULL))
		die("seccomp: internal error: the filter's default action is missing");
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

static void build_known(const struct policy *p, const struct fcache *cache,
			struct sock_fprog *prog)
{
	struct ruleset rs = { 0 };
	uint64_t none[N_PH] = { 0 };
	known_rules(&rs, p);
	build(&rs, SCMP_ACT_ALLOW, none, cache, prog);
	free(rs.v);
}

void seccomp_export_known(struct sock_fprog *prog)
{
	struct policy none = { 0 };
	build_known(&none, NULL, prog);
}

struct filters *seccomp_build_prebuilt(const struct policy *p, const struct exec_args *ex,
				       bool supervised, const struct seccomp_prebuilt *known,
				       const struct fcache *cache)
{
	struct filters *f = xcalloc(1, sizeof *f);
	f->supervised = supervised;
	if (prebuilt_applies(p, known)) {
		size_t size = known->len * sizeof known->insns[0];
		f->known_prog.filter = memcpy(xmalloc(size), known->insns, size);
		f->known_prog.len = known->len;
	} else {
		build_known(p, cache, &f->known_prog);
	}
	uint64_t value[N_PH] = {
		[PH_PID] = (uint64_t)getpid(),
		[PH_EXEC_PATH] = (uintptr_t)ex->path,
		[PH_EXEC_ARGV] = (uintptr_t)ex->argv,
		[PH_EXEC_ENVP] = (uintptr_t)ex->envp,
		[PH_KNOWN_PROG] = (uintptr_t)&f->known_prog,
	};
	struct ruleset rs = { 0 };
	policy_rules(&rs, p);
	build(&rs, denial_action(p, supervised), value, cache, &f->policy_prog);
	free(rs.v);
	return f;
}

struct filters *seccomp_build(const struct policy *p, const struct exec_args *ex,
			      bool supervised)
{
	return seccomp_build_prebuilt(p, ex, supervised, NULL, NULL);
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
	free(f->known_prog.filter);
	free(f->policy_prog.filter);
	free(f);
}
