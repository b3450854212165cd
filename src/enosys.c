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

/*   0        ld  arch
 *   1        jeq ARCH ? 2 : START       (other architectures: libseccomp kills)
 *   2        ld  nr
 *   3+2k     jge LO_k ? next : START    (ranges ascend: nothing further matches)
 *   4+2k     jgt HI_k ? next : E        (the last range's "next" is START)
 *   E=3+2n   ret ERRNO(ENOSYS)
 *   START    libseccomp's program, unchanged (its jumps are relative) */
void enosys_prepend(const struct nr_range *r, int n, uint32_t arch, struct sock_fprog *prog)
{
	if (n <= 0)
		return;
	unsigned e = 3 + 2 * (unsigned)n, start = e + 1, len = start + prog->len;
	struct sock_filter *f = xcalloc(len, sizeof *f);
	f[0] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					    offsetof(struct seccomp_data, arch));
	f[1] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, arch, 0,
					    (uint8_t)(start - 2));
	f[2] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					    offsetof(struct seccomp_data, nr));
	for (int k = 0; k < n; k++) {
		unsigned at = 3 + 2 * (unsigned)k;
		f[at] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, r[k].lo, 0,
						     (uint8_t)(start - (at + 1)));
		unsigned next = k + 1 < n ? 0 : 1; /* past E to START */
		f[at + 1] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, r[k].hi,
							 (uint8_t)next, (uint8_t)(e - (at + 2)));
	}
	f[e] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS);
	memcpy(f + start, prog->filter, prog->len * sizeof *f);
	free(prog->filter);
	prog->filter = f;
	prog->len = (unsigned short)len;
}
