/* SPDX-License-Identifier: GPL-2.0-or-later */
/* peephole: drops the tests libseccomp 2.5 emits that always pass.
 *
 * A masked comparison of a 64-bit argument (SCMP_CMP_MASKED_EQ, and the
 * flag tests of the catalogue) is compiled as two 32-bit halves, and for a
 * mask without high bits the high half reads
 *
 *   ld  [arg hi]     the high word
 *   and #0           ... masked to nothing
 *   jeq #0 ? next : elsewhere    always true
 *
 * three instructions that end where they began: the next one loads A anew.
 * The kernel checks, converts and compiles every instruction of a filter
 * at each start (a cost per instruction: docs/performance.md) and runs the
 * conditioned calls through them, so they go before the program is cached. */
#ifndef SR_PEEPHOLE_H
#define SR_PEEPHOLE_H

#include <linux/filter.h>

/* Removes every such triple from prog in place, keeping every jump's
 * destination; returns how many instructions went. */
unsigned peephole_drop_true_tests(struct sock_fprog *prog);

#endif
