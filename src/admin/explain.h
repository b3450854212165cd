/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --explain: print a policy in words, without running anything. */
#ifndef SR_EXPLAIN_H
#define SR_EXPLAIN_H

#include "decide/policy.h"

void explain_print(const struct policy *p, unsigned bpf_instructions);

#endif
