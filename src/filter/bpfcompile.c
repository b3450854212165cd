/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "filter/bpfcompile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <elf.h>
#include <link.h>
#include <unistd.h>

#include "base/inherited.h"
#include "filter/peephole.h"
#include "base/util.h"

/* Each half of each placeholder is a distinct 32-bit constant that no rule
 * of the catalogue compares with; patch() checks that they occur only where
 * an equality test takes them, and collides() that no profile constant
 * looks like one. */
#define PH_HI(i) (UINT32_C(0x5a17c0d0) + (uint32_t)(i))
#define PH_LO(i) (UINT32_C(0xa5e83f20) + (uint32_t)(i))
#define PH_VALUE(i) ((uint64_t)PH_HI(i) << 32 | PH_LO(i))
/* The default action too: the same rules serve deny, kill and the
 * supervisor. TRACE is an action no filter of ours takes otherwise. */
#define PH_ACTION SCMP_ACT_TRACE(0x5a17)

uint64_t bpf_placeholder(enum placeholder ph)
{
	return PH_VALUE(ph);
}

struct filter_rule *ruleset_add(struct filter_ruleset *rs, uint32_t action, int nr,
				const char *name)
{
	if (rs->n == rs->cap)
		rs->v = xrealloc(rs->v, (rs->cap = rs->cap ? rs->cap * 2 : 256) * sizeof *rs->v);
	struct filter_rule *r = &rs->v[rs->n++];
	*r = (struct filter_rule){ .nr = nr, .action = action, .name = name };
	return r;
}

void ruleset_free(struct filter_ruleset *rs)
{
	free(rs->v);
	*rs = (struct filter_ruleset){ 0 };
}

const char *bpf_libseccomp_version(void)
{
	static char version[36];
	const struct scmp_version *v = seccomp_version();
	char *end = put_uint(version, v->major);
	*end++ = '.';
	end = put_uint(end, v->minor);
	*end++ = '.';
	put_uint(end, v->micro);
	return version;
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
		die("libseccomp: cannot set filter attributes%s", inherited_filter_hint());
	return ctx;
}

static void add_rule(scmp_filter_ctx ctx, uint32_t action, int nr, unsigned ncond,
		     const struct scmp_arg_cmp *cmp, const char *name)
{
	int e = seccomp_rule_add_array(ctx, action, nr, ncond, cmp);
	if (e < 0)
		die("libseccomp: cannot add a rule for %s: %s", name, strerror(-e));
}

/* What the prologue (prologue.h) may answer for each number: ENOSYS for
 * the numbers the catalogue does not know; the action of its rules when
 * they all have it and no conditions; the default action when no rule names
 * it. Anything else is for libseccomp to decide: argument conditions, and
 * its rule that an unconditional rule overrides conditional ones. */
static void classify(const struct filter_ruleset *rs, struct verdict v[ENOSYS_LIMIT])
{
	bool named[ENOSYS_LIMIT] = { false };
	for (int nr = 0; nr < ENOSYS_LIMIT; nr++)
		v[nr] = (struct verdict){ .action = rs->enosys[nr] ? SCMP_ACT_ERRNO(ENOSYS) :
								     PH_ACTION };
	for (size_t i = 0; i < rs->n; i++) {
		const struct filter_rule *r = &rs->v[i];
		if (r->nr < 0 || r->nr >= ENOSYS_LIMIT || rs->enosys[r->nr])
			continue;
		struct verdict *w = &v[r->nr];
		w->rules |= r->ncond > 0 || (named[r->nr] && w->action != r->action);
		w->action = r->action;
		named[r->nr] = true;
	}
}

/* libseccomp itself, for rules not in the cache, and only for the calls
 * the prologue leaves to it: those below its reach with conditions, and
 * every call from there on (the ENOSYS numbers among them as rules). */
static void compile_now(const struct filter_ruleset *rs, struct sock_fprog *prog)
{
	struct verdict v[ENOSYS_LIMIT];
	classify(rs, v);
	int reach = prologue_reach(v, PH_ACTION);
	scmp_filter_ctx ctx = new_ctx(PH_ACTION);
	for (size_t i = 0; i < rs->n; i++) {
		const struct filter_rule *r = &rs->v[i];
		if (r->nr < 0 || r->nr >= reach || v[r->nr].rules)
			add_rule(ctx, r->action, r->nr, r->ncond, r->cmp, r->name);
	}
	for (int nr = reach; nr < ENOSYS_LIMIT; nr++)
		if (rs->enosys[nr])
			add_rule(ctx, SCMP_ACT_ERRNO(ENOSYS), nr, 0, NULL, "an unknown call");
	export(ctx, prog);
	seccomp_release(ctx);
	peephole_drop_true_tests(prog);
	prologue_prepend(v, reach, PH_ACTION, seccomp_arch_native(), prog);
}

/* The GNU build ID of this program, in hex: it changes with any change of
 * the code or the catalogue, which decide how inputs become rules. */
static int note_cb(struct dl_phdr_info *info, size_t size, void *out)
{
	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE)
			continue;
		const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr),
			   *end = p + ph->p_memsz;
		while (p + sizeof(ElfW(Nhdr)) <= end) {
			const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
			const char *name = p + sizeof *n;
			const unsigned char *desc = (const unsigned char *)name +
						    ((n->n_namesz + 3) & ~3u);
			if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 &&
			    memcmp(name, "GNU", 4) == 0 && n->n_descsz <= 64) {
				put_hex(out, desc, n->n_descsz);
				return 1;
			}
			p = (const char *)desc + ((n->n_descsz + 3) & ~3u);
		}
	}
	return 1; /* the first object is the program itself: stop there */
}

static bool build_id(char hex[129])
{
	hex[0] = '\0';
	dl_iterate_phdr(note_cb, hex);
	return hex[0] != '\0';
}

/* What every filter of this program depends on besides its rules. */
static char *id_head(const char *program)
{
	struct utsname u;
	if (uname(&u) < 0)
		memset(&u, 0, sizeof u);
	char arch[12];
	put_uint(arch, seccomp_arch_native());
	return xstrjoin("sandbox-run filter 5\nprogram ", program, "\nlibseccomp ",
			bpf_libseccomp_version(), "\narch ", arch, "\nkernel ", u.release, "\n",
			NULL);
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

/* Without a build ID the id is the rules themselves, field by field (no
 * struct padding). */
static char *ruleset_id(const struct filter_ruleset *rs, size_t *len)
{
	size_t cap = 4096;
	char *buf = xmalloc(cap);
	*len = 0;
	char *head = id_head("(no build ID)");
	put(&buf, len, &cap, head, strlen(head) + 1);
	free(head);
	put(&buf, len, &cap, rs->enosys, sizeof rs->enosys);
	for (size_t i = 0; i < rs->n; i++) {
		const struct filter_rule *r = &rs->v[i];
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

/* With a build ID, the inputs name the rules: a cache hit then builds no
 * rule list at all. */
static char *inputs_id(const char *inputs, size_t *len)
{
	char hex[129];
	if (!inputs || !build_id(hex))
		return NULL;
	char *head = id_head(hex);
	char *id = xstrjoin(head, inputs, NULL);
	free(head);
	*len = strlen(id) + 1;
	return id;
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
static bool collides(const struct filter_ruleset *rs)
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

static void substitute(struct filter_ruleset *rs, const uint64_t value[N_PH])
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

/* The filter of src: from the cache when its inputs are there, else
 * compiled (and recorded), then patched. Should a profile's own constant
 * look like a placeholder, or the placeholders not survive libseccomp as
 * expected, the values go in directly, uncached, and only the default
 * action is patched. */
void bpf_build(const struct bpf_source *src, uint32_t action, const uint64_t value[N_PH],
	       const struct fcache *cache, struct sock_fprog *prog)
{
	size_t idlen = 0;
	char *id = cache ? inputs_id(src->inputs, &idlen) : NULL;
	if (id && fcache_load(cache, id, idlen, prog)) {
		if (patch(prog, action, value)) {
			msg_verbose("seccomp filter: %u instructions, from the cache", prog->len);
			free(id);
			return;
		}
		free(prog->filter);
	}
	struct filter_ruleset rs = { 0 };
	src->rules(&rs, src->arg);
	bool patched = false;
	if (!collides(&rs)) {
		compile_now(&rs, prog);
		if (cache && !id)
			id = ruleset_id(&rs, &idlen);
		if (cache)
			fcache_store(cache, id, idlen, prog);
		msg_verbose("seccomp filter: %u instructions, compiled%s", prog->len,
			    cache ? " and cached" : " (no filter cache)");
		patched = patch(prog, action, value);
		if (!patched) {
			msg_verbose(
				"seccomp: placeholders not where expected; compiling without them");
			free(prog->filter);
		}
	}
	if (!patched) {
		substitute(&rs, value);
		compile_now(&rs, prog);
		if (!patch(prog, action, NULL))
			die("seccomp: internal error: the filter's default action is missing");
	}
	ruleset_free(&rs);
	free(id);
}
