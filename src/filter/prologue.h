/* SPDX-License-Identifier: GPL-2.0-or-later */
/* prologue: the one piece of BPF written by hand, in front of libseccomp's
 * program. libseccomp spends a test per allowed call (plus tree nodes) and
 * has no rule for a range of calls, while the kernel's cost of loading a
 * filter grows with every instruction; but most numbers of the native
 * architecture come in runs with one answer that needs no argument: allowed
 * (most of a promise's calls lie next to each other), ENOSYS (unassigned
 * numbers), denied. The prologue returns those answers itself, one test
 * per run, and leaves to libseccomp only the calls with argument conditions,
 * every other architecture and every number from ENOSYS_LIMIT on. */
#ifndef SR_PROLOGUE_H
#define SR_PROLOGUE_H

#include <linux/filter.h>
#include <stdbool.h>
#include <stdint.h>

/* Numbers from here on are never answered ENOSYS (x32's range starts at
 * 512 on x86-64) nor by the prologue: they take libseccomp's rules and
 * default action. */
#define ENOSYS_LIMIT 512

/* What the prologue may do with one number: return action at once, or
 * leave the call to the rules (libseccomp's program). */
struct verdict {
	bool rules;
	uint32_t action;
};

/* How far the prologue can answer v[0..ENOSYS_LIMIT): its jumps are 8 bits
 * wide, so when the runs are too many the last ones go to the rules
 * instead. Returns reach: numbers below it get v[nr], numbers from it on
 * go to the rules, which must then decide them. A verdict of dflt, the
 * rules' own default action, may go to the rules as well (where that saves
 * a run): the rules must have none for such a number. */
int prologue_reach(const struct verdict *v, uint32_t dflt);
/* Prepends to prog: for calls of the native architecture arch (an
 * AUDIT_ARCH_* value) whose number nr is below reach, v[nr]; every other
 * call goes on to the program as it was. */
void prologue_prepend(const struct verdict *v, int reach, uint32_t dflt, uint32_t arch,
		      struct sock_fprog *prog);

#endif
