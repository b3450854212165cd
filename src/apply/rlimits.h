/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The policy's resource limits (decide/policy.h), told to the kernel. */
#ifndef SR_RLIMITS_H
#define SR_RLIMITS_H

#include "decide/policy.h"

/* In the launcher, after the supervisor started and before the exec: sets
 * the kernel's limits (never above what the caller has already) and
 * RLIMIT_CORE to 0. Exits 125 if one cannot be set. */
void limits_apply(const struct limits *l);

#endif
