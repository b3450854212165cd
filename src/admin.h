/* The administrator's commands: --check and --list-profiles. */
#ifndef SR_ADMIN_H
#define SR_ADMIN_H

#include "settings.h"

/* Lints the files (all installed ones when n == 0); prints "file:line:
 * message" lines; returns 0 when there was no error, 1 otherwise. */
int admin_check(const struct settings *s, char **files, int n);
/* Prints NAME, where it comes from and its description; returns 0. */
int admin_list_profiles(const struct settings *s);

#endif
