/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Trusted file opening: profiles, drop-ins, preload rules and
 * sandbox-run.conf are read only from files an attacker could not have
 * written. */
#ifndef SR_TRUSTED_H
#define SR_TRUSTED_H

#include <stdbool.h>
#include <stdio.h>

#include "base/util.h"

/* Opens path for reading, refusing files an attacker could have written
 * (like ssh's StrictModes): the file opened (not whatever the path names a
 * moment later) and its directory must belong to root or the user and be
 * writable by nobody else. NULL with an error appended; a missing file
 * appends none if missing_ok. */
FILE *trusted_open(const char *path, bool missing_ok, struct strlist *errors);
/* The directory check of trusted_open alone, for a profile about to be
 * written there (--learn): appends an error, returns its count. */
int trusted_check_directory(const char *path, struct strlist *errors);

#endif
