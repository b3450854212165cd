/* SPDX-License-Identifier: GPL-2.0-or-later */
/* peephole.c alone: hand-made programs with the always-true test
 * libseccomp emits for a masked comparison (ld hi; and #0; jeq #0), with
 * jumps over it, onto it and into it, run by bpfrun.c before and after on
 * every argument value that matters. The answers must not change, the
 * triples must go where nothing jumps into them, and stay where something
 * does. The real filters are checked in test-filter.c (verdicts of every
 * number and the argument conditions, compiled and cached). */
#include <linux/audit.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "filter/peephole.h"
#include "bpfrun.h"
#include "../lib/tap.h"

#define LD(field) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (unsigned)offsetof(struct seccomp_data, field))
#define ARG_LO(n) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (unsigned)offsetof(struct seccomp_data, args[n]))
#define ARG_HI(n) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (unsigned)offsetof(struct seccomp_data, args[n]) + 4)
#define AND(k) BPF_STMT(BPF_ALU | BPF_AND | BPF_K, k)
#define JEQ(k, t, f) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, k, t, f)
#define JA(k) BPF_JUMP(BPF_JMP | BPF_JA, k, 0, 0)
#define RET(k) BPF_STMT(BPF_RET | BPF_K, k)
#define ALLOW SECCOMP_RET_ALLOW
#define EPERM_ (SECCOMP_RET_ERRNO | 1)
#define KILL SECCOMP_RET_KILL_PROCESS

/* nr 1: arg0 & 4 == 0 allowed (two triples' worth of masked tests, the
 * first reached by a jump onto its load); nr 2: jumps over a triple to
 * arg1 == 9; anything else EPERM. */
static const struct sock_filter base[] = {
	/* 0 */ LD(nr),
	/* 1 */ JEQ(1, 0, 9),           /* nr 1: on; else to 11 */
	/* 2 */ JA(0),                  /* onto the first triple's load */
	/* 3 */ ARG_HI(0),
	/* 4 */ AND(0),
	/* 5 */ JEQ(0, 0, 11),          /* always true; false would go to 17 */
	/* 6 */ ARG_LO(0),
	/* 7 */ AND(4),
	/* 8 */ JEQ(0, 0, 8),           /* to 17 when bit 4 is set */
	/* 9 */ ARG_HI(0),              /* a second triple, back to back */
	/* 10 */ AND(0),
	/* 11 */ JEQ(0, 0, 5),
	/* 12 */ ARG_LO(0),             /* arg0 again: bits 1 must be clear too */
	/* 13 */ AND(1),
	/* 14 */ JEQ(0, 3, 2),          /* 18 allow; 17 EPERM */
	/* 15 */ JEQ(2, 0, 1),          /* unreachable filler: keeps offsets honest */
	/* 16 */ RET(KILL),
	/* 17 */ RET(EPERM_),
	/* 18 */ RET(ALLOW),
};

/* Reached from 1's jf: nr 2 goes over a triple straight to its arg1 test. */
static const struct sock_filter tail[] = {
	/* 19 */ JEQ(2, 0, 6),          /* nr 2 on; else 26 */
	/* 20 */ JA(3),                 /* over the triple */
	/* 21 */ ARG_HI(1),
	/* 22 */ AND(0),
	/* 23 */ JEQ(0, 0, 2),
	/* 24 */ ARG_LO(1),
	/* 25 */ JEQ(9, 1, 0),          /* 27 allow; 26 EPERM */
	/* 26 */ RET(EPERM_),
	/* 27 */ RET(ALLOW),
};

static unsigned build(struct sock_filter *f)
{
	memcpy(f, base, sizeof base);
	memcpy(f + sizeof base / sizeof *base, tail, sizeof tail);
	unsigned n = sizeof base / sizeof *base + sizeof tail / sizeof *tail;
	f[1].jf = (unsigned char)(19 - 2); /* nr != 1: to the tail */
	return n;
}

static int count_triples(const struct sock_filter *f, unsigned n)
{
	int c = 0;
	for (unsigned i = 0; i + 2 < n; i++)
		c += f[i + 1].code == (BPF_ALU | BPF_AND | BPF_K) && f[i + 1].k == 0 &&
		     f[i + 2].code == (BPF_JMP | BPF_JEQ | BPF_K) && f[i + 2].k == 0;
	return c;
}

/* Every answer of a against b over nr 0..3 and the argument values around
 * the bits the programs test, high words set and clear. */
static int differences(const struct sock_fprog *a, const struct sock_fprog *b)
{
	static const uint64_t values[] = { 0, 1, 4, 5, 9, 10, 0x100000000ULL, 0x100000009ULL,
					   0xffffffff00000000ULL, 0x500000000ULL };
	int wrong = 0;
	for (int nr = 0; nr < 4; nr++)
		for (size_t i = 0; i < sizeof values / sizeof *values; i++)
			for (size_t j = 0; j < sizeof values / sizeof *values; j++) {
				struct seccomp_data d = { .nr = nr, .arch = AUDIT_ARCH_X86_64,
							  .args = { values[i], values[j] } };
				uint32_t x = bpf_run(a, &d, false, NULL), y = bpf_run(b, &d, false, NULL);
				wrong += x != y || x == BPF_BAD_INSN;
			}
	return wrong;
}

static void check_drops(void)
{
	struct sock_filter before[64], after[64];
	unsigned n = build(before);
	memcpy(after, before, sizeof before);
	struct sock_fprog a = { (unsigned short)n, before }, b = { (unsigned short)n, after };
	unsigned gone = peephole_drop_true_tests(&b);
	ok(gone == 9 && b.len == n - 9, "three always-true triples dropped (%u instructions, %u left)",
	   gone, b.len);
	ok(count_triples(after, b.len) == 0, "none left");
	int wrong = differences(&a, &b);
	ok(wrong == 0, "the same answer for every number and argument (%d differ)", wrong);
	/* The answers must differ somewhere, or the comparison proves nothing. */
	struct seccomp_data on = { .nr = 1, .arch = AUDIT_ARCH_X86_64 }, off = on;
	off.args[0] = 4;
	ok(bpf_run(&b, &on, false, NULL) == ALLOW && bpf_run(&b, &off, false, NULL) == EPERM_,
	   "and the program still tells calls apart");
}

static void check_entered(void)
{
	struct sock_filter f[64], orig[64];
	unsigned n = build(f);
	f[2].k = 1; /* the jump now lands on the first triple's "and" */
	memcpy(orig, f, sizeof f);
	struct sock_fprog a = { (unsigned short)n, orig }, b = { (unsigned short)n, f };
	unsigned gone = peephole_drop_true_tests(&b);
	ok(gone == 6, "a triple jumped into stays, the others go (%u dropped)", gone);
	ok(differences(&a, &b) == 0, "and the answers stay the same");
}

static void check_not_followed_by_load(void)
{
	/* The triple's A (0) is what the next instruction tests: it stays. */
	struct sock_filter f[] = { ARG_HI(0), AND(0), JEQ(0, 0, 1), RET(ALLOW), RET(EPERM_) };
	struct sock_fprog p = { 5, f };
	ok(peephole_drop_true_tests(&p) == 0 && p.len == 5, "a triple not followed by a load stays");
}

static void check_jump_out(void)
{
	struct sock_filter f[] = { ARG_HI(0), AND(0), JEQ(0, 0, 9), ARG_LO(0), RET(ALLOW) };
	struct sock_fprog p = { 5, f };
	ok(peephole_drop_true_tests(&p) == 0 && p.len == 5,
	   "a program with a jump past its end is left alone");
}

int main(void)
{
	check_drops();
	check_entered();
	check_not_followed_by_load();
	check_jump_out();
	return tap_done();
}
