/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --learn: deciding the profile's promises from what was observed: a
 * greedy set cover over the catalogue, then single calls for the rest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "learn/learner.h"
#include "supervise/decode.h"

/* "socket(AF_INET, ...)" in an allow list names socket: a rule's
 * conditions are not weighed, the whole call is left to it. */
static void add_call_name(struct strlist *l, const char *entry)
{
	char name[64];
	snprintf(name, sizeof name, "%.*s", (int)strcspn(entry, "( \t"), entry);
	strlist_add(l, name, NULL);
}

/* What a rule grants through its data rather than allow lines: connect
 * (and a relayed datagram socket) for its endpoints, the System V calls
 * of its [ipc] section (ipc.c makes their allow lines when confining). */
static void granted_by_rule_data(const struct preload_rule *r, struct strlist *allow)
{
	static const char *const ipc_calls[] = { "msgget", "msgsnd", "msgrcv",
						 "semget", "semop",  "semtimedop" };
	if (!r)
		return;
	if (r->connect_unix.n || r->connect_unix_env.n || r->connect_tcp_host.n)
		add_call_name(allow, "connect");
	if (r->connect_unix.n || r->connect_unix_env.n)
		add_call_name(allow, "socket"); /* a relay's datagram socket */
	for (size_t i = 0;
	     (r->ipc_key_env.n || r->ipc_key.n) && i < sizeof ipc_calls / sizeof *ipc_calls; i++)
		add_call_name(allow, ipc_calls[i]);
}

/* Promises and single calls granted without this run's help: the file
 * being merged into, and the rules of the preloaded libraries. */
static void granted_before(const struct learner *l, uint32_t *mask, struct strlist *allow,
			   struct strlist *outputs)
{
	*mask = learn_implicit_mask();
	if (l->merging) {
		/* With this command line: option-promises, output-promises. */
		struct policy p;
		learn_policy_of(l, NULL, &p);
		for (size_t i = 0; i < promise_count(); i++)
			*mask |= p.promise[i] ? 1u << i : 0;
		learn_output_entries(&p, outputs);
		policy_free(&p);
		for (size_t i = 0; i < l->old.allow.n; i++)
			add_call_name(allow, l->old.allow.item[i]);
	}
	const struct preloads *pl = l->in->preloads;
	for (size_t i = 0; i < pl->libs.n; i++) {
		const struct preload_rule *r = rule_of(pl, i);
		*mask |= r ? learn_mask_of(&r->promises) : 0;
		for (size_t j = 0; r && j < r->allow.n; j++)
			add_call_name(allow, r->allow.item[j]);
		granted_by_rule_data(r, allow);
	}
}

const char *learn_times(unsigned long n)
{
	return n == 1 ? "time" : "times";
}

/* The promise that covers most of what is left; among equals the one
 * with fewer rules grants less (dns before inet). */
static int best_promise(const struct elem *e, size_t n, const bool *left, uint32_t have)
{
	int best = -1;
	size_t best_score = 0;
	for (size_t p = 0; p < promise_count(); p++) {
		if (have & (1u << p))
			continue;
		size_t score = 0;
		for (size_t i = 0; i < n; i++)
			score += left[i] && (e[i].mask & (1u << p));
		if (score > best_score ||
		    (score && score == best_score &&
		     promise_at(p)->nrules < promise_at((size_t)best)->nrules)) {
			best = (int)p;
			best_score = score;
		}
	}
	return best;
}

/* The decoded call as a comment shows it: values read from the caller's
 * memory are all best effort there. */
static void strip_best_effort(char *s)
{
	static const char mark[] = " [best effort]";
	for (char *m; (m = strstr(s, mark));)
		memmove(m, m + sizeof mark - 1, strlen(m + sizeof mark - 1) + 1);
}

/* "cpath, first needed by openat(...); in all: openat (3 times), ..." */
static void note_needs(struct draft *d, const struct elem *e, size_t n, bool *left, int p)
{
	char line[1024] = "", first[512] = "";
	const char *sep = " ";
	int at = 0;
	bool *mine = xcalloc(n, sizeof *mine);
	for (size_t i = 0; i < n; i++) {
		mine[i] = left[i] && (e[i].mask & (1u << p));
		if (mine[i] && !first[0])
			snprintf(first, sizeof first, "%s", e[i].first);
	}
	/* one entry a call: the elements of one call differ by arguments */
	for (size_t i = 0; i < n; i++) {
		if (!mine[i])
			continue;
		unsigned long count = 0;
		for (size_t j = i; j < n; j++)
			if (mine[j] && e[j].nr == e[i].nr) {
				count += e[j].count;
				left[j] = mine[j] = j == i;
			}
		left[i] = mine[i] = false;
		if (at >= 0 && (size_t)at < sizeof line)
			at += snprintf(line + at, sizeof line - (size_t)at, "%s%s (%lu %s)", sep,
				       decode_name(e[i].nr), count, learn_times(count));
		sep = ", ";
	}
	free(mine);
	strip_best_effort(first);
	char *text = xasprintf("%s, first needed by %s; in all:%s", promise_at((size_t)p)->name,
			       first, line);
	strlist_add(&d->needs, text, promise_at((size_t)p)->name);
	free(text);
}

/* entry is a call name, or from the merged file a call with conditions. */
static void add_single(const struct learner *l, struct draft *d, const char *entry, bool old)
{
	if (strlist_contains(&d->allow, entry) || strlist_contains(&d->never, entry))
		return;
	char name[64];
	snprintf(name, sizeof name, "%.*s", (int)strcspn(entry, "( \t"), entry);
	int nr = syscall_nr(name);
	unsigned long seen = (nr >= 0 && nr < MAX_NR ? l->calls[nr] : 0);
	char count[32];
	snprintf(count, sizeof count, "%lu", seen);
	const char *why;
	bool allowable = old || syscall_allowable(name, &why) == 0;
	strlist_add(allowable ? &d->allow : &d->never, entry, count);
}

/* Greedy set cover over the catalogue, then single calls for the rest. */
void learn_choose_promises(const struct learner *l, struct draft *d)
{
	uint32_t have, chosen = 0;
	struct strlist allowed = { 0 };
	granted_before(l, &have, &allowed, &d->old_outputs);
	d->had = have;
	bool *left = xcalloc(l->n_elems, sizeof *left);
	for (size_t i = 0; i < l->n_elems; i++)
		left[i] = !(l->elems[i].mask & have) &&
			  !strlist_contains(&allowed, decode_name(l->elems[i].nr)) &&
			  !learn_brokered_output(d, l->elems[i].path);
	int p;
	while ((p = best_promise(l->elems, l->n_elems, left, have)) >= 0) {
		have |= 1u << p;
		chosen |= 1u << p;
		note_needs(d, l->elems, l->n_elems, left, p);
	}
	for (size_t i = 0; i < l->n_elems; i++) {
		char name[64];
		snprintf(name, sizeof name, "%s", decode_name(l->elems[i].nr));
		if (left[i])
			add_single(l, d, name, false);
	}
	for (size_t i = 0; l->merging && i < l->old.allow.n; i++)
		add_single(l, d, l->old.allow.item[i], true);
	/* What only a preload rule needed stays the rule's, not the profile's. */
	uint32_t keep = chosen | (l->merging ? learn_mask_of(&l->old.promises) : 0);
	for (size_t i = 0; i < promise_count(); i++)
		d->promise[i] = promise_is_implicit(i) || (keep & (1u << i));
	free(left);
	strlist_free(&allowed);
}
