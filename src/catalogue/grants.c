/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The catalogue query (grants.h): one walk over the promises' rules. */
#include "catalogue/grants.h"

#include <stdio.h>
#include <string.h>

/* A rule for the call asked about: by number, or by name. A rule numbered
 * by name is resolved only when it could be the call, as rule_nr() costs a
 * lookup in libseccomp's table. */
static bool rule_for(const struct promise_call *r, int nr, const char *name)
{
	if (name)
		return strcmp(r->name, name) == 0;
	return (r->nr == nr || r->nr == NR_BY_NAME) && rule_nr(r) == nr;
}

static void walk(int nr, const char *name, const uint64_t *args, pid_t self,
		 struct catalogue_answer *a)
{
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *p = promise_at(i);
		promise_set bit = (promise_set)1 << i;
		for (size_t j = 0; j < p->nrules; j++) {
			const struct promise_call *r = &p->rules[j];
			if (!rule_for(r, nr, name))
				continue;
			a->has |= bit;
			if (r->ncond == 0)
				a->whole |= bit;
			if (args && conds_hold(r->cond, r->ncond, args, &self))
				a->holds |= bit;
		}
	}
}

void catalogue_grants(int nr, const uint64_t *args, pid_t self, struct catalogue_answer *a)
{
	*a = (struct catalogue_answer){ 0 };
	walk(nr, NULL, args, self, a);
	a->never = never_of(nr);
	a->quiet = quiet_of(nr);
}

void catalogue_grants_name(const char *name, struct catalogue_answer *a)
{
	*a = (struct catalogue_answer){ 0 };
	walk(-1, name, NULL, 0, a);
	a->never = never_lookup(name);
}

bool catalogue_any_rule(const char *name,
			bool (*test)(const struct promise_call *r, const void *ctx),
			const void *ctx)
{
	for (size_t i = 0; i < promise_count(); i++) {
		const struct promise *p = promise_at(i);
		for (size_t j = 0; j < p->nrules; j++)
			if (rule_for(&p->rules[j], -1, name) && test(&p->rules[j], ctx))
				return true;
	}
	return false;
}

promise_set promise_set_of(const bool *held)
{
	promise_set s = 0;
	for (size_t i = 0; i < promise_count(); i++)
		if (held[i])
			s |= (promise_set)1 << i;
	return s;
}

promise_set promises_implicit(void)
{
	promise_set s = 0;
	for (size_t i = 0; i < promise_count(); i++)
		if (promise_is_implicit(i))
			s |= (promise_set)1 << i;
	return s;
}

const char *promise_set_first(promise_set s)
{
	for (size_t i = 0; i < promise_count(); i++)
		if (s & (promise_set)1 << i)
			return promise_at(i)->name;
	return NULL;
}

void promise_set_names(promise_set s, const char *sep, bool quoted, char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; i < promise_count(); i++) {
		if (!(s & (promise_set)1 << i))
			continue;
		size_t len = strlen(buf);
		snprintf(buf + len, size - len, quoted ? "%s\"%s\"" : "%s%s", len ? sep : "",
			 promise_at(i)->name);
	}
}
