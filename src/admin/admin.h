/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Administration: --list-profiles (what profiles there are, where each comes
 * from) and the key lists the documentation tests compare with the man pages. */
#ifndef SR_ADMIN_H
#define SR_ADMIN_H

#include "decide/settings.h"

/* The directories a profile is looked for in, in lookup order, as text
 * for messages: "A, B ($SANDBOX_RUN_PROFILE_PATH), C or D". */
char *admin_profile_dirs(const struct settings *s);
/* Prints each profile: name, source (user, administrator, shipped), file,
 * description, and its drop-ins; returns 0, or 1 (said on stderr) when
 * there is none. */
int admin_list_profiles(const struct settings *s);
/* --print-keys=KIND (hidden): "section.key" of every key of a profile,
 * of sandbox-run.conf ("conf") or of a preload rule; returns 0. */
int admin_print_keys(const char *kind);

#endif
