/* SPDX-License-Identifier: GPL-2.0-or-later */
/* prologue.c alone: verdicts for the numbers below ENOSYS_LIMIT in, the
 * prologue in front of a stand-in for libseccomp's program (one "ret
 * RULES") out, run by bpfrun.c on every number from 0 to 1023 and on
 * another architecture. Each number must get its verdict's action, or
 * RULES where the verdict leaves it to the rules, where it lies beyond the
 * prologue's reach, or where it is the default action (the rules answer
 * that for a number they have no rule for). The maps include ones with more
 * runs than 8-bit jumps reach, exactly as many as they reach, and one
 * more. Every walk must be short, and the kernel must make of the
 * prologue's tests one eBPF instruction each and one more per segment. */
#include <errno.h>
#include <linux/audit.h>
#include <stdio.h>
#include <stdlib.h>

#include "filter/prologue.h"
#include "base/util.h"
#include "bpfrun.h"
#include "../lib/tap.h"

#define ARCH AUDIT_ARCH_X86_64
#define OTHER_ARCH AUDIT_ARCH_I386
#define RULES (SECCOMP_RET_TRACE | 0x7e57)
#define DFLT (SECCOMP_RET_TRACE | 0x5a17)
#define ALLOW SECCOMP_RET_ALLOW
#define NOSYS (SECCOMP_RET_ERRNO | ENOSYS)
#define EPERM_ (SECCOMP_RET_ERRNO | EPERM)
/* ld arch, jeq, ld nr, at most 10 tests (a tree over segments, then a
 * segment's chain: prologue.c), ret. */
#define LONGEST_WALK 14
/* The fewest runs a segment of the prologue holds but the last (prologue.c:
 * 5 with as many runs as its 8-bit jumps reach): its last test is its
 * only two-way jump, an eBPF instruction more. */
#define SEGMENT_RUNS 5

static const struct verdict kinds[] = {
	{ .rules = true }, { .action = ALLOW }, { .action = NOSYS }, { .action = DFLT },
	{ .action = EPERM_ },
};

static uint32_t answer(const struct sock_fprog *prog, uint32_t arch, uint32_t nr, bool nr_arch_only,
		       unsigned *steps)
{
	struct seccomp_data d = { .nr = (int)nr, .arch = arch };
	return bpf_run(prog, &d, nr_arch_only, steps);
}

static bool right(uint32_t got, const struct verdict *v, int reach, uint32_t nr)
{
	if (nr >= (uint32_t)reach || v[nr].rules)
		return got == RULES;
	return got == v[nr].action || (v[nr].action == DFLT && got == RULES);
}

/* What the kernel makes of the prologue's jumps after the architecture
 * check (its tests and jumps, not its RETs): a test per boundary between
 * runs, one eBPF instruction each, plus one per segment of at most
 * SEGMENT_RUNS runs. False (with a line saying why) if it costs more: a
 * test with two jump offsets costs two, and a balanced tree has such a
 * test at about every other node. */
static bool ebpf_ok(const char *what, const struct sock_fprog *prog)
{
	unsigned tests = 0, two_way = 0, ebpf = 0;
	for (unsigned i = 3; i + 1 < prog->len; i++) {
		const struct sock_filter *in = &prog->filter[i];
		if (BPF_CLASS(in->code) != BPF_JMP)
			continue;
		tests += BPF_OP(in->code) != BPF_JA;
		two_way += BPF_OP(in->code) != BPF_JA && in->jt && in->jf;
		ebpf += bpf_ebpf_len(prog->filter, i, i + 1);
	}
	unsigned runs = tests + 1, segments = (runs + SEGMENT_RUNS - 1) / SEGMENT_RUNS;
	if (prog->len == 1 || ebpf <= tests + segments)
		return true;
	printf("# %s: %u runs, %u eBPF instructions for %u tests (%u with two offsets), "
	       "more than one per segment of %d runs\n", what, runs, ebpf, tests, two_way,
	       SEGMENT_RUNS);
	return false;
}

/* Builds the prologue for v; false (with a line saying why) if a number
 * gets the wrong answer, a walk is long or not one the kernel's action
 * cache can follow, or the kernel makes too many instructions of it. */
static bool prologue_ok(const char *what, const struct verdict *v, int *reach, unsigned *len)
{
	struct sock_filter rules = BPF_STMT(BPF_RET | BPF_K, RULES);
	struct sock_fprog prog = { 1, xmalloc(sizeof rules) };
	prog.filter[0] = rules;
	*reach = prologue_reach(v, DFLT);
	prologue_prepend(v, *reach, DFLT, ARCH, &prog);
	*len = prog.len;
	bool good = ebpf_ok(what, &prog);
	for (uint32_t nr = 0; nr < 1024 && good; nr++) {
		unsigned steps;
		uint32_t got = answer(&prog, ARCH, nr, false, &steps);
		if (!right(got, v, *reach, nr) || answer(&prog, OTHER_ARCH, nr, false, NULL) != RULES) {
			printf("# %s: number %u got %#x, another arch %#x\n", what, nr, got,
			       answer(&prog, OTHER_ARCH, nr, false, NULL));
			good = false;
		} else if (steps > LONGEST_WALK || answer(&prog, ARCH, nr, true, NULL) != got) {
			printf("# %s: number %u: a walk of %u steps, %s\n", what, nr, steps,
			       answer(&prog, ARCH, nr, true, NULL) != got ? "not by nr and arch alone"
									  : "too long");
			good = false;
		}
	}
	free(prog.filter);
	return good;
}

static void fill(struct verdict *v, int from, int to, struct verdict w)
{
	for (int nr = from; nr < to; nr++)
		v[nr] = w;
}

/* m runs alternating between ALLOW and ENOSYS, the last up to the limit:
 * with the rules' run from the limit on, m + 1 runs and two RETs. */
static void alternating(struct verdict *v, int m)
{
	for (int nr = 0; nr < m - 1; nr++)
		v[nr] = kinds[1 + nr % 2];
	fill(v, m - 1, ENOSYS_LIMIT, kinds[1 + (m - 1) % 2]);
}

static void test_simple(void)
{
	struct verdict v[ENOSYS_LIMIT];
	int reach;
	unsigned len;

	fill(v, 0, ENOSYS_LIMIT, kinds[0]);
	ok(prologue_ok("all to the rules", v, &reach, &len) && len == 1,
	   "nothing to answer: no prologue (%u insns)", len);

	for (int nr = 0; nr < ENOSYS_LIMIT; nr++)
		v[nr] = kinds[nr % 2 ? 0 : 3];
	ok(prologue_ok("default between rules", v, &reach, &len) && len == 1,
	   "numbers of the default action between rules go to the rules (%u insns)", len);

	fill(v, 0, ENOSYS_LIMIT, kinds[1]);
	ok(prologue_ok("all allowed", v, &reach, &len) && reach == ENOSYS_LIMIT && len == 6,
	   "all allowed: one test, one RET (%u insns)", len);

	fill(v, 0, ENOSYS_LIMIT, kinds[3]);
	fill(v, 100, 110, kinds[0]);
	fill(v, 300, 310, kinds[2]);
	ok(prologue_ok("mostly default", v, &reach, &len) && reach == ENOSYS_LIMIT,
	   "default runs around the rules and ENOSYS (%u insns)", len);
}

/* The farthest jump is the architecture check's, over the tree (runs - 1
 * nodes) and the RETs: runs + RETs may be 255, not 256. */
static void test_overflow(void)
{
	struct verdict v[ENOSYS_LIMIT];
	int reach;
	unsigned len;

	alternating(v, 252);
	ok(prologue_ok("253 runs", v, &reach, &len) && reach == ENOSYS_LIMIT,
	   "253 runs and 2 RETs: the prologue answers all (reach %d, %u insns)", reach, len);
	alternating(v, 253);
	ok(prologue_ok("254 runs", v, &reach, &len) && reach < ENOSYS_LIMIT && reach > 200,
	   "254 runs and 2 RETs: the last goes to the rules (reach %d, %u insns)", reach, len);
	for (int nr = 0; nr < ENOSYS_LIMIT; nr++)
		v[nr] = kinds[nr % 5];
	ok(prologue_ok("512 runs", v, &reach, &len) && reach < ENOSYS_LIMIT && reach > 200,
	   "512 runs of five kinds: the prologue answers up to %d (%u insns)", reach, len);
}

/* Runs of random kinds and lengths (a fixed sequence of seeds). */
static void test_random(void)
{
	struct verdict v[ENOSYS_LIMIT];
	int good = 0, short_reach = 0, reach, n = 200;
	unsigned len;
	char what[32];
	srandom(13);
	for (int i = 0; i < n; i++) {
		int longest = 1 + (int)(random() % 12);
		for (int nr = 0; nr < ENOSYS_LIMIT;) {
			int end = nr + 1 + (int)(random() % longest);
			fill(v, nr, end < ENOSYS_LIMIT ? end : ENOSYS_LIMIT,
			     kinds[random() % (sizeof kinds / sizeof kinds[0])]);
			nr = end;
		}
		snprintf(what, sizeof what, "random map %d", i);
		good += prologue_ok(what, v, &reach, &len);
		short_reach += reach < ENOSYS_LIMIT;
	}
	ok(good == n, "%d of %d random maps answered right, %d of them beyond the jumps' reach", good,
	   n, short_reach);
	ok(short_reach > 0 && short_reach < n, "the random maps include both kinds (%d short)",
	   short_reach);
}

int main(void)
{
	test_simple();
	test_overflow();
	test_random();
	return tap_done();
}
