/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --learn=FILE into an existing profile: the file is edited, not rewritten.
 * Every line the administrator wrote (comments, keys the learner knows
 * nothing about, their order) is kept; a run that needs something new
 * changes only the lines that say it, and the change is shown as a
 * unified diff. */
#ifndef SR_LEARNMERGE_H
#define SR_LEARNMERGE_H

#include <stdbool.h>
#include <stdio.h>

enum merge_how {
	MERGE_WORDS, /* append words to the key's last line (promises) */
	MERGE_LINE, /* a new "key = value" line after the key's last line */
};

struct merge_addition {
	const char *section, *key, *value;
	enum merge_how how;
};

/* text with the additions made, malloc'd. Lines are added after the last
 * line of their key in its section (lists accumulate), or at the end of
 * the section, which is added when missing. */
char *learnmerge_apply(const char *text, const struct merge_addition *add, size_t n);

/* A unified diff of a → b, labelled with name, to f. */
void learnmerge_diff(FILE *f, const char *name, const char *a, const char *b);

#endif
