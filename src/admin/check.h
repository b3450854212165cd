/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --check: lint profiles, preload rules and sandbox-run.conf. */
#ifndef SR_CHECK_H
#define SR_CHECK_H

#include "decide/settings.h"

/* Lints the files (all installed ones when n == 0); prints "file:line:
 * message" lines; returns 0 when there was no error, 1 otherwise. */
int check_files(const struct settings *s, char **files, int n);

#endif
