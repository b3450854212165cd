/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "filter/prologue.h"

#include <linux/seccomp.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

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
 *   3...     a test per boundary between runs, in two layers. The runs fall
 *            into segments of consecutive runs, told apart by a balanced
 *            tree whose every node is followed by its lower half:
 *              jge LO ? upper half : next
 *            and the runs 0..m-1 of a segment by a chain, where ANSWER(i)
 *            is run i's RET, or START for a run left to the rules:
 *              jge LO(1) ? next : ANSWER(0)
 *              ...
 *              jge LO(m-1) ? ANSWER(m-1) : ANSWER(m-2)
 *   RET...   ret ACTION, one per distinct action (ALLOW, ERRNO(ENOSYS), the
 *            default action, ...)
 *   START    libseccomp's program, unchanged (its jumps are relative)
 *
 * Why: the kernel makes one eBPF jump of a cBPF jump with an offset 0, two
 * of one with two offsets (a jump and a ja), and each eBPF instruction
 * adds to the cost of the load (conversion and JIT; docs/performance.md).
 * Here only a segment's last test has two offsets; a balanced tree down
 * to the runs had one at about every other node, wherever both halves were
 * single runs. Chains make walks longer, though, and walks cost too: the
 * numbers with conditions and the denied ones run the filter at every
 * call, and the load itself runs it once for every number (to find the
 * ones the action cache may allow without it). So segments hold only as
 * many runs as keep every walk within MOST_TESTS tests.
 *
 * Only loads of nr and arch, jeq, jge and ret: the kernel's action cache
 * follows these, so the numbers the prologue allows are allowed without
 * running the filter at all. Every jump is forward and the farthest is the
 * first one's, to START: it must not exceed MAX_JUMP. */
struct layout {
	struct sock_filter *f;
	const uint32_t *action;
	unsigned ret, start;
};

/* The most tests a walk through the prologue takes. A tree of depth d
 * over segments of MOST_TESTS - d + 1 runs tells 2^d times as many runs
 * apart: 10 tells 320, more than the 8-bit jumps reach, in segments of 5
 * or more (6 for the shipped profiles' 140 or so; the balanced tree took
 * 8 tests). Measured on the file profile's load (docs/performance.md):
 * longer segments saved less and less, and the longest nothing, their
 * longer walks at the load taking back what fewer two-way jumps saved. */
#define MOST_TESTS 10

/* How many runs a segment may hold when there are n: the most that keeps
 * every walk within MOST_TESTS, for the fewest segments (5 for 256 runs,
 * 6 for 144, 11 for up to 11). */
static int segment_runs(int n)
{
	int depth = 0;
	while ((MOST_TESTS - depth + 1) << depth < n)
		depth++;
	return MOST_TESTS - depth + 1;
}

static int segments(int n)
{
	int per = segment_runs(n);
	return (n + per - 1) / per;
}

static unsigned answer(const struct layout *l, const struct run *r)
{
	if (r->v.rules)
		return l->start;
	unsigned i = 0;
	while (l->action[i] != r->v.action)
		i++;
	return l->ret + i;
}

/* The test at f[at]: on to f[upper] if the number is lo or more, else to
 * f[lower]. */
static struct sock_filter test(unsigned at, uint32_t lo, unsigned upper, unsigned lower)
{
	return (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, lo,
					    (uint8_t)(upper - (at + 1)),
					    (uint8_t)(lower - (at + 1)));
}

/* Emits the chain telling r[0..m) apart (m >= 2) at f[at...]; returns
 * the index after it. */
static unsigned emit_chain(const struct layout *l, unsigned at, const struct run *r, int m)
{
	for (int i = 1; i < m - 1; i++, at++)
		l->f[at] = test(at, r[i].lo, at + 1, answer(l, &r[i - 1]));
	l->f[at] = test(at, r[m - 1].lo, answer(l, &r[m - 1]), answer(l, &r[m - 2]));
	return at + 1;
}

/* Emits the tree over s segments of r[0..n) at f[at...]; returns the
 * index after it. The runs are shared out in proportion to the segments:
 * a half gets at most segment_runs() per segment if the whole does, and
 * at least 2 (one chain test) if the whole does, which n >= 2 runs in
 * segments of 5 or more ensure. */
static unsigned emit(const struct layout *l, unsigned at, const struct run *r, int n, int s)
{
	if (s == 1)
		return emit_chain(l, at, r, n);
	int s_low = s / 2, n_low = n * s_low / s;
	unsigned upper = emit(l, at + 1, r, n_low, s_low);
	l->f[at] = test(at, r[n_low].lo, upper, at + 1);
	return emit(l, upper, r + n_low, n - n_low, s - s_low);
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
	emit(&l, 3, r, n, segments(n));
	for (int i = 0; i < k; i++)
		l.f[l.ret + (unsigned)i] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, action[i]);
	memcpy(l.f + l.start, prog->filter, prog->len * sizeof *l.f);
	free(prog->filter);
	prog->filter = l.f;
	prog->len = (unsigned short)len;
}
