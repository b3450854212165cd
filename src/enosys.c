#include "enosys.h"

#include <errno.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

int enosys_ranges(const bool *enosys, struct nr_range *out, int max, int *rest)
{
	int n = 0, nr = 0;
	*rest = ENOSYS_LIMIT;
	while (nr < ENOSYS_LIMIT) {
		if (!enosys[nr]) {
			nr++;
			continue;
		}
		if (n == max) {
			*rest = nr;
			break;
		}
		out[n].lo = (uint32_t)nr;
		while (nr < ENOSYS_LIMIT && enosys[nr])
			nr++;
		out[n++].hi = (uint32_t)nr - 1;
	}
	return n;
}

/* The ranges are searched as a balanced tree of "jge LO" tests, a range
 * check at each leaf: the kernel runs the filter for every system call
 * number when it loads it (to find the calls it may allow without running
 * it), so a linear list of 23 ranges would cost more than it saves.
 *
 *   0        ld  arch
 *   1        jeq ARCH ? 2 : START      (other architectures: libseccomp kills)
 *   2        ld  nr
 *   3...     the tree: jge LO_mid ? right half : left half; at a leaf
 *              jge LO_k ? next : START, jgt HI_k ? START : E
 *   E        ret ERRNO(ENOSYS)
 *   START    libseccomp's program, unchanged (its jumps are relative) */
static unsigned tree_size(int n)
{
	return n == 1 ? 2 : 1 + tree_size(n / 2) + tree_size(n - n / 2);
}

/* Emits the tree for r[0..n) at f[at...]; e and start are absolute. */
static unsigned emit(struct sock_filter *f, unsigned at, const struct nr_range *r, int n,
		     unsigned e, unsigned start)
{
	if (n == 1) {
		f[at] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, r[0].lo, 0,
						     (uint8_t)(start - (at + 1)));
		f[at + 1] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, r[0].hi,
							 (uint8_t)(start - (at + 2)),
							 (uint8_t)(e - (at + 2)));
		return at + 2;
	}
	int left = n / 2;
	unsigned right_at = at + 1 + tree_size(left);
	f[at] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, r[left].lo,
					     (uint8_t)(right_at - (at + 1)), 0);
	emit(f, at + 1, r, left, e, start);
	return emit(f, right_at, r + left, n - left, e, start);
}

void enosys_prepend(const struct nr_range *r, int n, uint32_t arch, struct sock_fprog *prog)
{
	if (n <= 0)
		return;
	unsigned e = 3 + tree_size(n), start = e + 1, len = start + prog->len;
	struct sock_filter *f = xcalloc(len, sizeof *f);
	f[0] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					    offsetof(struct seccomp_data, arch));
	f[1] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, arch, 0,
					    (uint8_t)(start - 2));
	f[2] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					    offsetof(struct seccomp_data, nr));
	emit(f, 3, r, n, e, start);
	f[e] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS);
	memcpy(f + start, prog->filter, prog->len * sizeof *f);
	free(prog->filter);
	prog->filter = f;
	prog->len = (unsigned short)len;
}
