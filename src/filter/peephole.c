/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "filter/peephole.h"

#include <stdbool.h>
#include <stdlib.h>

#include "base/util.h"

static bool loads_a(struct sock_filter f)
{
	return f.code == (BPF_LD | BPF_W | BPF_ABS);
}

/* Where the instruction at i may go next besides i + 1: its one or two
 * jump destinations (none for anything but a jump). */
static unsigned destinations(const struct sock_filter *f, unsigned i, unsigned out[2])
{
	if (BPF_CLASS(f[i].code) != BPF_JMP)
		return 0;
	if (BPF_OP(f[i].code) == BPF_JA) {
		out[0] = i + 1 + f[i].k;
		return 1;
	}
	out[0] = i + 1 + f[i].jt;
	out[1] = i + 1 + f[i].jf;
	return 2;
}

/* f[i..i+2] is "ld; and #0; jeq #0" going on to i + 3 when true (always),
 * and f[i + 3] loads A again: the three leave nothing behind. */
static bool true_test(const struct sock_filter *f, unsigned i, unsigned len)
{
	return i + 3 < len && loads_a(f[i]) && f[i + 1].code == (BPF_ALU | BPF_AND | BPF_K) &&
	       f[i + 1].k == 0 && f[i + 2].code == (BPF_JMP | BPF_JEQ | BPF_K) && f[i + 2].k == 0 &&
	       f[i + 2].jt == 0 && loads_a(f[i + 3]);
}

unsigned peephole_drop_true_tests(struct sock_fprog *prog)
{
	struct sock_filter *f = prog->filter;
	unsigned len = prog->len, to[2];
	/* A jump into the middle of a triple keeps it (libseccomp makes none);
	 * one past the end (which the kernel would refuse) keeps everything. */
	bool *entered = xcalloc(len, sizeof *entered);
	for (unsigned i = 0; i < len; i++)
		for (unsigned d = destinations(f, i, to); d-- > 0;) {
			if (to[d] >= len) {
				free(entered);
				return 0;
			}
			entered[to[d]] = true;
		}
	bool *drop = xcalloc(len, sizeof *drop);
	for (unsigned i = 0; i < len; i++)
		if (true_test(f, i, len) && !entered[i + 1] && !entered[i + 2]) {
			drop[i] = drop[i + 1] = drop[i + 2] = true;
			i += 2;
		}
	/* at[i]: where instruction i lands, or (dropped) the one after it. */
	unsigned *at = xcalloc(len + 1, sizeof *at);
	for (unsigned i = 0; i < len; i++)
		at[i + 1] = at[i] + !drop[i];
	unsigned n = 0;
	for (unsigned i = 0; i < len; i++) {
		if (drop[i])
			continue;
		struct sock_filter g = f[i];
		unsigned d = destinations(f, i, to);
		if (d == 1)
			g.k = at[to[0]] - at[i] - 1;
		if (d == 2) {
			g.jt = (__u8)(at[to[0]] - at[i] - 1);
			g.jf = (__u8)(at[to[1]] - at[i] - 1);
		}
		f[n++] = g;
	}
	free(at);
	free(drop);
	free(entered);
	unsigned gone = len - n;
	prog->len = (unsigned short)n;
	return gone;
}
