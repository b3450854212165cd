/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "bpfrun.h"

#include <stddef.h>
#include <string.h>

static bool is_nr_or_arch(uint32_t k)
{
	return k == offsetof(struct seccomp_data, nr) || k == offsetof(struct seccomp_data, arch);
}

uint32_t bpf_run(const struct sock_fprog *prog, const struct seccomp_data *d, bool nr_arch_only,
		 unsigned *steps)
{
	uint32_t a = 0, x = 0, mem[BPF_MEMWORDS] = { 0 };
	unsigned n = 0;
	if (!steps)
		steps = &n;
	*steps = 0;
	for (unsigned pc = 0; pc < prog->len; ++*steps) {
		const struct sock_filter *in = &prog->filter[pc++];
		switch (in->code) {
		case BPF_LD | BPF_W | BPF_ABS:
			if (in->k > sizeof *d - 4)
				return BPF_BAD_INSN;
			if (nr_arch_only && !is_nr_or_arch(in->k))
				return BPF_NOT_CONST;
			memcpy(&a, (const char *)d + in->k, 4);
			break;
		case BPF_ALU | BPF_AND | BPF_K: a &= in->k; break;
		case BPF_JMP | BPF_JA: pc += in->k; break;
		case BPF_JMP | BPF_JEQ | BPF_K: pc += a == in->k ? in->jt : in->jf; break;
		case BPF_JMP | BPF_JGT | BPF_K: pc += a > in->k ? in->jt : in->jf; break;
		case BPF_JMP | BPF_JGE | BPF_K: pc += a >= in->k ? in->jt : in->jf; break;
		case BPF_JMP | BPF_JSET | BPF_K: pc += (a & in->k) ? in->jt : in->jf; break;
		case BPF_RET | BPF_K: ++*steps; return in->k;
		default:
			if (nr_arch_only)
				return BPF_NOT_CONST;
			switch (in->code) {
			case BPF_LD | BPF_MEM: a = mem[in->k % BPF_MEMWORDS]; break;
			case BPF_LDX | BPF_MEM: x = mem[in->k % BPF_MEMWORDS]; break;
			case BPF_ST: mem[in->k % BPF_MEMWORDS] = a; break;
			case BPF_STX: mem[in->k % BPF_MEMWORDS] = x; break;
			case BPF_MISC | BPF_TAX: x = a; break;
			case BPF_MISC | BPF_TXA: a = x; break;
			default: return BPF_BAD_INSN;
			}
		}
	}
	return BPF_BAD_INSN;
}

/* A conditional jump is one eBPF jump when either offset is 0 (the kernel
 * negates the test when jt is, except for jset), else a jump and a ja; a
 * constant negative as an int is first moved to a register. A ret is a
 * move and an exit; anything else here is one. */
static unsigned ebpf_len(const struct sock_filter *in)
{
	if (BPF_CLASS(in->code) == BPF_RET)
		return BPF_RVAL(in->code) == BPF_K ? 2 : 1;
	if (BPF_CLASS(in->code) != BPF_JMP || BPF_OP(in->code) == BPF_JA)
		return 1;
	unsigned n = BPF_SRC(in->code) == BPF_K && (int32_t)in->k < 0 ? 2 : 1;
	bool one = in->jf == 0 || (in->jt == 0 && BPF_OP(in->code) != BPF_JSET);
	return one ? n : n + 1;
}

unsigned bpf_ebpf_len(const struct sock_filter *f, unsigned from, unsigned to)
{
	unsigned n = 0;
	for (unsigned i = from; i < to; i++)
		n += ebpf_len(&f[i]);
	return n;
}
