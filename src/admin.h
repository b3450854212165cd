/* Administration: --list-profiles (what profiles there are, where each comes
 * from) and the key lists the documentation tests compare with the man pages. */
#ifndef SR_ADMIN_H
#define SR_ADMIN_H

#include "settings.h"

/* Prints each profile: name, source (user, administrator, shipped), file,
 * description, and its drop-ins; returns 0. */
int admin_list_profiles(const struct settings *s);
/* --print-keys=KIND (hidden): "section.key" of every key of a profile,
 * of sandbox-run.conf ("conf") or of a preload rule; returns 0. */
int admin_print_keys(const char *kind);

#endif
