/* --list-profiles: what profiles there are, where each comes from. */
#ifndef SR_ADMIN_H
#define SR_ADMIN_H

#include "settings.h"

/* Prints NAME, where it comes from and its description; returns 0. */
int admin_list_profiles(const struct settings *s);

#endif
