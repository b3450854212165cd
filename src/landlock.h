/* Landlock: the filesystem, TCP and scoping half of the sandbox. */
#ifndef SR_LANDLOCK_H
#define SR_LANDLOCK_H

#include "policy.h"

/* The running kernel's Landlock ABI version, or a negative errno. */
int landlock_abi(void);
/* Creates the outputs the launcher must create, then restricts this process
 * per p->grants and p->ports. Exits 125 when the profile requires more than
 * the kernel offers; warns once under landlock = best-effort. */
void landlock_apply(const struct policy *p);

#endif
