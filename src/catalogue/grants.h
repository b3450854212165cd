/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The one question every part asks the catalogue: which promise grants
 * this call, with these arguments? Denial remedies, --learn's draft, the
 * broker, the check of "allow" entries (--check and the loader) and
 * --list-promises are to ask it here, and nowhere else, so that they
 * cannot disagree. Printing the catalogue (--list-promises, --explain)
 * and building the filter walk the tables themselves. */
#ifndef SR_GRANTS_H
#define SR_GRANTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "catalogue/promises.h"

/* A set of promises: bit i is promise_at(i). */
typedef uint64_t promise_set;

/* What the catalogue says of one call. */
struct catalogue_answer {
	promise_set has; /* promises with a rule for the call, whatever its conditions */
	promise_set whole; /* promises that grant it whatever its arguments */
	promise_set holds; /* promises with a rule that these arguments satisfy */
	const struct never_call *never; /* never granted, or NULL */
	const struct quiet_call *quiet; /* refused quietly where nothing allows it, or NULL */
};

/* Call nr (native number) with args; args NULL asks about the call with
 * any arguments and leaves holds empty. self: the pid VALUE_SELF_PID
 * stands for (the target's). */
void catalogue_grants(int nr, const uint64_t *args, pid_t self, struct catalogue_answer *a);
/* The same by name, for a call this architecture may lack ("allow" lines
 * are checked on any architecture): has, whole and never; holds and quiet
 * stay empty. */
void catalogue_grants_name(const char *name, struct catalogue_answer *a);

/* Whether some promise's rule for the call named name satisfies test
 * (ctx passed through): the question of a rule's conditions rather than
 * of a call's arguments ("is this allow entry at least as narrow as a
 * promise?"). */
bool catalogue_any_rule(const char *name,
			bool (*test)(const struct promise_call *r, const void *ctx),
			const void *ctx);

/* The set of promises held[i] marks, for held[0..promise_count()) (the
 * policy's promise[] array). */
promise_set promise_set_of(const bool *held);
/* The promises every profile holds (promise_is_implicit). */
promise_set promises_implicit(void);
/* The first promise of a set in catalogue order, or NULL when it is empty. */
const char *promise_set_first(promise_set s);
/* The names of a set in catalogue order, joined by sep, each in double
 * quotes when quoted: "\"a\" or \"b\"", "a, b". */
void promise_set_names(promise_set s, const char *sep, bool quoted, char *buf, size_t size);

#endif
