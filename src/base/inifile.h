/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Table-driven INI loading on top of inih: every key a table row, every
 * error "file:line: message". Shared by profiles, preload rules and
 * sandbox-run.conf. */
#ifndef SR_INIFILE_H
#define SR_INIFILE_H

#include <stddef.h>
#include <stdio.h>

#include "base/util.h"

enum ini_kind {
	INI_STRING, /* char *, replaced by later assignments */
	INI_LIST, /* struct strlist of words; appends, "key =" resets */
	INI_ENUM, /* int: index into choices */
	INI_BOOL, /* int: 0 or 1 */
	INI_KEYWORD_OR_PATH, /* char *: one of choices, or an absolute path */
	INI_CHOICE_LIST, /* struct strlist of choices; each assignment replaces it */
};

struct ini_key {
	const char *section;
	const char *name;
	enum ini_kind kind;
	size_t offset; /* where the value lives in the output struct */
	const char *const *choices; /* INI_ENUM, INI_KEYWORD_OR_PATH: NULL-terminated */
	const char *doc; /* one line, for --check and the man page test */
};

struct ini_result {
	struct strlist errors; /* "file:line: message" */
	unsigned assignments; /* how many key = value lines were accepted */
};

/* Loads the open file f, named path in messages, into out (which holds the
 * values the keys point at). Returns the number of errors added to
 * res->errors. */
int ini_load_file(FILE *f, const char *path, const struct ini_key *keys, size_t nkeys, void *out,
		  struct ini_result *res);

/* For the documentation test: "section.name" of each key. */
void ini_print_keys(const struct ini_key *keys, size_t nkeys);

#endif
