#include "prologue.h"

#include <linux/seccomp.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The farthest a cBPF conditional jump reaches (jt and jf are 8 bits). */
#define MAX_JUMP 255

/* Numbers from lo up to the next run's lo (the last run: all the rest),
 * with one verdict. */
struct run {
	uint32_t lo;
	struct verdict v;
};

static bool same(struct verdict a, struct verdict b)
{
	return a.rules == b.rules && (a.rules || a.action == b.action);
}

/* The runs of v[0..reach), then the rules from reach on. A stretch of
 * numbers that are dflt or go to the rules goes to the rules whole if any
 * of it does (or if it ends at reach): the rules answer dflt for a number
 * they have no rule for, and one run is cheaper than several. */
static int make_runs(const struct verdict *v, int reach, uint32_t dflt, struct run *out)
{
	const struct verdict rules = { .rules = true };
	int n = 0;
	for (int nr = 0, end; nr < reach; nr = end) {
		bool any_rules = false;
		for (end = nr; end < reach && (v[end].rules || v[end].action == dflt); end++)
			any_rules |= v[end].rules;
		struct verdict w = v[nr];
		if (end == nr)
			end++;
		else if (any_rules || end == reach)
			w = rules;
		if (n == 0 || !same(out[n - 1].v, w))
			out[n++] = (struct run){ (uint32_t)nr, w };
	}
	if (n == 0 || !out[n - 1].v.rules)
		out[n++] = (struct run){ (uint32_t)reach, rules };
	return n;
}

/* The distinct actions the runs return, in order of first use. */
static int actions(const struct run *r, int n, uint32_t *out)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (r[i].v.rules)
			continue;
		int j = 0;
		while (j < k && out[j] != r[i].v.action)
			j++;
		if (j == k)
			out[k++] = r[i].v.action;
	}
	return k;
}

/* The program begins:
 *
 *   0        ld  arch
 *   1        jeq ARCH ? 2 : START      (other architectures: libseccomp kills)
 *   2        ld  nr
 *   3...     the tree, one node per boundary between runs, balanced so that
 *            the kernel's walk for each number (its action cache) is short:
 *              jge LO ? upper half : lower half
 *            A half that is one run is no node, only the jump to its answer.
 *            A half that is a tree follows its node (the lower one if both
 *            are), so that that side falls through: the kernel makes one
 *            eBPF jump of a cBPF jump with an offset 0, two of any other.
 *   RET...   ret ACTION, one per distinct action (ALLOW, ERRNO(ENOSYS), the
 *            default action, ...)
 *   START    libseccomp's program, unchanged (its jumps are relative)
 *
 * Only loads of nr and arch, jeq, jge and ret: the kernel's action cache
 * follows these, so the numbers the tree allows are allowed without running
 * the filter at all. Every jump is forward and the farthest is the first
 * one's, to START: it must not exceed MAX_JUMP. */
struct layout {
	struct sock_filter *f;
	const uint32_t *action;
	unsigned ret, start;
};

static unsigned answer(const struct layout *l, const struct run *r)
{
	if (r->v.rules)
		return l->start;
	unsigned i = 0;
	while (l->action[i] != r->v.action)
		i++;
	return l->ret + i;
}

/* Emits the tree telling r[0..n) apart (n >= 2) at f[at...]; returns the
 * index after it. */
static unsigned emit(const struct layout *l, unsigned at, const struct run *r, int n)
{
	int half = n / 2;
	const struct run *low = r, *high = r + half;
	unsigned next = at + 1, to_low, to_high;
	if (half > 1) {
		to_low = next;
		next = emit(l, next, low, half);
	} else {
		to_low = answer(l, low);
	}
	if (n - half > 1) {
		to_high = next;
		next = emit(l, next, high, n - half);
	} else {
		to_high = answer(l, high);
	}
	l->f[at] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, high->lo,
						(uint8_t)(to_high - (at + 1)),
						(uint8_t)(to_low - (at + 1)));
	return next;
}

int prologue_reach(const struct verdict *v, uint32_t dflt)
{
	struct run r[ENOSYS_LIMIT + 1];
	uint32_t action[ENOSYS_LIMIT + 1];
	int reach = ENOSYS_LIMIT;
	for (;;) {
		int n = make_runs(v, reach, dflt, r);
		if (n + actions(r, n, action) <= MAX_JUMP)
			return reach;
		reach = (int)r[n - 2].lo; /* the last run the prologue answered: to the rules */
	}
}

void prologue_prepend(const struct verdict *v, int reach, uint32_t dflt, uint32_t arch,
		      struct sock_fprog *prog)
{
	struct run r[ENOSYS_LIMIT + 1];
	uint32_t action[ENOSYS_LIMIT + 1];
	int n = make_runs(v, reach, dflt, r), k = actions(r, n, action);
	if (n == 1)
		return; /* everything goes to the rules */
	if (n + k > MAX_JUMP)
		die("seccomp: internal error: %d runs are too many for the prologue", n);
	struct layout l = { .action = action, .ret = 3 + (unsigned)n - 1 };
	l.start = l.ret + (unsigned)k;
	unsigned len = l.start + prog->len;
	l.f = xcalloc(len, sizeof *l.f);
	l.f[0] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      offsetof(struct seccomp_data, arch));
	l.f[1] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, arch, 0,
					      (uint8_t)(l.start - 2));
	l.f[2] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      offsetof(struct seccomp_data, nr));
	emit(&l, 3, r, n);
	for (int i = 0; i < k; i++)
		l.f[l.ret + (unsigned)i] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, action[i]);
	memcpy(l.f + l.start, prog->filter, prog->len * sizeof *l.f);
	free(prog->filter);
	prog->filter = l.f;
	prog->len = (unsigned short)len;
}
