/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Landlock: the filesystem, TCP and scoping half of the sandbox. */
#ifndef SR_LANDLOCK_H
#define SR_LANDLOCK_H

#include "decide/policy.h"

/* The running kernel's Landlock ABI version, or a negative errno (asked
 * once). */
int landlock_abi(void);
/* The ABI this policy's Landlock is applied with: the kernel's, or 0 when
 * landlock = off or the kernel has none. */
int landlock_abi_in_use(const struct policy *p);
/* A ruleset made, not yet applied: fd is -1 when Landlock is skipped
 * (landlock = off, or unavailable under best-effort). */
struct landlock_ruleset {
	int fd;
	int abi;
};

/* Creates the outputs the launcher must create and a ruleset with
 * p->grants and p->ports. Exits 125 when the profile requires more than the
 * kernel offers; warns once under landlock = best-effort. Done before the
 * supervisor shares the descriptor table: opening and closing a descriptor
 * per grant is cheaper in a table of one's own. */
struct landlock_ruleset landlock_prepare(const struct policy *p);
/* Restricts this process by the ruleset (needs no_new_privs). */
void landlock_restrict(const struct policy *p, struct landlock_ruleset *rs);

#endif
