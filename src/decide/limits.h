/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The [limits] section of profiles and of sandbox-run.conf: read, checked,
 * and resolved into the policy's struct limits (decide/policy.h). Setting them is
 * apply/rlimits.h's; the watch that names the limit that ended a command
 * is supervise/limitwatch.h's. */
#ifndef SR_LIMITS_H
#define SR_LIMITS_H

#include "decide/policy.h"
#include "base/util.h"

/* What [limits] says, as read (profile.c, settings.c): each key's words
 * with their file:line; the last one counts, "key =" resets. */
struct limit_text {
	struct strlist value[N_LIMITS];
};

/* Appends "file:line: bad value ..." for each word that is not a value of
 * its key; returns how many. */
int limits_validate(const struct limit_text *t, struct strlist *errors);
/* The profile's value of each key, else sandbox-run.conf's. */
void limits_resolve(const struct limit_text *profile, const struct limit_text *defaults,
		    struct limits *out);
void limit_text_free(struct limit_text *t);

#endif
