/* SPDX-License-Identifier: GPL-2.0-or-later */
/* System V objects a preload rule may reach (fakeroot-sysv's message
 * queues and semaphore): resolved to their ids before confining, so that
 * the filter allows calls on those ids and keys alone. */
#ifndef SR_IPC_H
#define SR_IPC_H

#include <stddef.h>

#include "decide/preload.h"
#include "base/util.h"

/* Appends to allow, with origin, one line in the syntax of sysrule.h per
 * call the rule's [ipc] section needs: msgget/semget on each object's key,
 * msgsnd, msgrcv, semop and semtimedop on each object's id. The objects
 * must exist: the launcher opens them (never creates them) now. Returns 0
 * (also for a rule without [ipc], and, adding nothing, when key-env names
 * an unset variable: the library then talks to no one), or -1 with a
 * one-line reason in err (a value that is no key, a missing object). */
int ipc_allow_rules(const struct preload_rule *r, struct strlist *allow, const char *origin,
		    char *err, size_t errsize);

#endif
