/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The seccomp filter as the kernel runs it, for the unit tests: a small
 * interpreter of the instructions libseccomp and prologue.c emit. */
#ifndef SR_TEST_BPFRUN_H
#define SR_TEST_BPFRUN_H

#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stdbool.h>
#include <stdint.h>

/* An instruction this interpreter lacks, or a jump out of the program: the
 * test then fails (extend the interpreter rather than guess). */
#define BPF_BAD_INSN 0xdeadbeef
/* What nr_arch_only runs answer when the filter reads anything but the
 * number and the architecture, or computes anything but an AND. */
#define BPF_NOT_CONST 0xdeadbee0

/* Runs prog on d and returns its action; *steps (unless NULL) gets the
 * number of instructions run. With nr_arch_only, only what the kernel's
 * action cache follows when it decides which numbers to allow without
 * running the filter (seccomp_is_const_allow in kernel/seccomp.c). */
uint32_t bpf_run(const struct sock_fprog *prog, const struct seccomp_data *d, bool nr_arch_only,
		 unsigned *steps);
/* How many eBPF instructions the kernel makes of f[from..to) when it loads
 * the filter (bpf_convert_filter in net/core/filter.c; its few in front of
 * the program not counted): the part of the load's cost that grows with
 * the filter, about 0.25 us each with the JIT. */
unsigned bpf_ebpf_len(const struct sock_filter *f, unsigned from, unsigned to);

#endif
