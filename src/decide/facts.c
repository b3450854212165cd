/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "decide/facts.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "decide/args.h"
#include "decide/ipc.h"
#include "decide/ldso.h"
#include "decide/preload.h"
#include "decide/profile.h"
#include "decide/target.h"
#include "catalogue/promises.h"

/* ---- the tables ---- */

static size_t key_hash(const char *key)
{
	size_t h = 14695981039346656037u; /* FNV-1a */
	for (; *key; key++)
		h = (h ^ (unsigned char)*key) * 1099511628211u;
	return h;
}

static size_t *find_slot(const struct fact_table *t, const char *key)
{
	size_t mask = t->n_slots - 1, i = key_hash(key) & mask;
	while (t->slots[i] && strcmp(t->v[t->slots[i] - 1].key, key) != 0)
		i = (i + 1) & mask;
	return &t->slots[i];
}

static const struct fact *lookup(const struct fact_table *t, const char *key)
{
	if (!t->n_slots)
		return NULL;
	size_t slot = *find_slot(t, key);
	return slot ? &t->v[slot - 1] : NULL;
}

static struct fact *fact_of(struct fact_table *t, const char *key)
{
	if (2 * (t->n + 1) > t->n_slots) {
		free(t->slots);
		t->n_slots = t->n_slots ? t->n_slots * 2 : 64;
		t->slots = xcalloc(t->n_slots, sizeof *t->slots);
		for (size_t i = 0; i < t->n; i++)
			*find_slot(t, t->v[i].key) = i + 1;
	}
	size_t *slot = find_slot(t, key);
	if (*slot)
		return &t->v[*slot - 1];
	if (t->n == t->cap)
		t->v = xrealloc(t->v, (t->cap = t->cap ? t->cap * 2 : 32) * sizeof *t->v);
	t->v[t->n++] = (struct fact){ .key = xstrdup(key) };
	*slot = t->n;
	return &t->v[t->n - 1];
}

static void set_value(struct fact *x, const char *value)
{
	free(x->value);
	x->value = value ? xstrdup(value) : NULL;
	x->has_value = true;
}

static void table_free(struct fact_table *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->v[i].key);
		free(t->v[i].value);
		strlist_free(&t->v[i].lines);
	}
	free(t->v);
	free(t->slots);
}

void facts_set_kind(struct policy_facts *f, const char *path, enum file_kind kind)
{
	struct fact *x = fact_of(&f->paths, path);
	x->kind = kind;
	x->has_kind = true;
}

void facts_set_real(struct policy_facts *f, const char *path, const char *real)
{
	set_value(fact_of(&f->paths, path), real);
}

void facts_add_match(struct policy_facts *f, const char *glob, const char *match)
{
	struct fact *x = fact_of(&f->globs, glob);
	if (match)
		strlist_add(&x->lines, match, NULL);
}

void facts_add_line(struct policy_facts *f, const char *list, const char *line)
{
	struct fact *x = fact_of(&f->lists, list);
	if (line)
		strlist_add(&x->lines, line, NULL);
}

void facts_add_interp(struct policy_facts *f, const char *entry, const char *interp,
		      const char *origin)
{
	struct fact *x = fact_of(&f->interps, entry);
	if (interp)
		strlist_add(&x->lines, interp, origin);
}

void facts_set_env(struct policy_facts *f, const char *name, const char *value)
{
	set_value(fact_of(&f->env, name), value);
}

void facts_set_lib(struct policy_facts *f, const char *lib, const char *path)
{
	set_value(fact_of(&f->libs, lib), path);
}

enum file_kind facts_kind(const struct policy_facts *f, const char *path)
{
	const struct fact *x = lookup(&f->paths, path);
	return x && x->has_kind ? (enum file_kind)x->kind : KIND_MISSING;
}

const char *facts_real(const struct policy_facts *f, const char *path)
{
	const struct fact *x = lookup(&f->paths, path);
	return x ? x->value : NULL;
}

const struct strlist *facts_matches(const struct policy_facts *f, const char *glob)
{
	const struct fact *x = lookup(&f->globs, glob);
	return x ? &x->lines : NULL;
}

const struct strlist *facts_lines(const struct policy_facts *f, const char *list)
{
	const struct fact *x = lookup(&f->lists, list);
	return x ? &x->lines : NULL;
}

const struct strlist *facts_interps(const struct policy_facts *f, const char *entry)
{
	const struct fact *x = lookup(&f->interps, entry);
	return x ? &x->lines : NULL;
}

const char *facts_env(const struct policy_facts *f, const char *name)
{
	const struct fact *x = lookup(&f->env, name);
	return x ? x->value : NULL;
}

const char *facts_lib(const struct policy_facts *f, const char *lib)
{
	const struct fact *x = lookup(&f->libs, lib);
	return x ? x->value : NULL;
}

void facts_add_ipc(struct policy_facts *f, const char *rule, const char *line, const char *origin)
{
	struct fact *x = fact_of(&f->ipc, rule);
	if (line && !strlist_contains(&x->lines, line))
		strlist_add(&x->lines, line, origin);
}

void facts_set_ipc_error(struct policy_facts *f, const char *rule, const char *error)
{
	set_value(fact_of(&f->ipc, rule), error);
}

const struct strlist *facts_ipc(const struct policy_facts *f, const char *rule, const char **error)
{
	const struct fact *x = lookup(&f->ipc, rule);
	*error = x ? x->value : NULL;
	return x ? &x->lines : NULL;
}

void policy_facts_free(struct policy_facts *f)
{
	table_free(&f->paths);
	table_free(&f->globs);
	table_free(&f->lists);
	table_free(&f->interps);
	table_free(&f->env);
	table_free(&f->libs);
	table_free(&f->ipc);
	memset(f, 0, sizeof *f);
}

/* ---- names both stages compute ---- */

char *companion_name(const char *path, const char *pattern)
{
	const char *pct = strchr(pattern, '%');
	if (!pct)
		return NULL;
	const char *base = path_base(path);
	return xasprintf("%.*s%.*s%s%s", (int)(base - path), path, (int)(pct - pattern), pattern,
			 base, pct + 1);
}

char *output_prefix_dir(const char *prefix)
{
	size_t len = strlen(prefix);
	return len && prefix[len - 1] == '/' ? xstrdup(prefix) : xpath_dir(prefix);
}

/* ---- asking the system ---- */

static void gather_kind(struct policy_facts *f, const char *path)
{
	struct stat st;
	enum file_kind kind = KIND_MISSING;
	if (stat(path, &st) == 0)
		kind = S_ISREG(st.st_mode)  ? KIND_REGULAR :
		       S_ISDIR(st.st_mode)  ? KIND_DIRECTORY :
		       S_ISFIFO(st.st_mode) ? KIND_FIFO :
		       S_ISSOCK(st.st_mode) ? KIND_SOCKET :
					      KIND_OTHER;
	facts_set_kind(f, path, kind);
}

static void gather_real(struct policy_facts *f, const char *path)
{
	char *real = realpath(path, NULL);
	facts_set_real(f, path, real);
	free(real);
}

/* A declared input: what it is; a file's companions, a directory's real
 * path when the broker lists it (directory-operands = self). */
static void gather_input(const struct policy_input *in, struct policy_facts *f, const char *path)
{
	gather_kind(f, path);
	const struct strlist *l = &in->profile->companion_inputs;
	if (facts_kind(f, path) != KIND_DIRECTORY) {
		for (size_t i = 0; i < l->n; i++) {
			char *name = companion_name(path, l->item[i]);
			if (name)
				gather_kind(f, name);
			free(name);
		}
	} else if (in->profile->directory_operands != DIR_TREE) {
		gather_real(f, path);
	}
}

/* file -f LIST: the list is read here, before confinement, so that each
 * file it names can be granted; a pipe, FIFO or socket is never read
 * (policy_build refuses it: reading it would consume the target's input). */
static void gather_list(const struct policy_input *in, struct policy_facts *f, const char *list)
{
	gather_kind(f, list);
	enum file_kind kind = facts_kind(f, list);
	if (kind == KIND_FIFO || kind == KIND_SOCKET)
		return;
	FILE *file = fopen(list, "re");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	facts_add_line(f, list, NULL);
	while (file && (len = getline(&line, &cap, file)) > 0) {
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (len) {
			facts_add_line(f, list, line);
			gather_input(in, f, line);
		}
	}
	free(line);
	if (file)
		fclose(file);
}

static void gather_inputs(const struct policy_input *in, struct policy_facts *f)
{
	const struct arg_files *a = in->args;
	for (size_t i = 0; i < a->inputs.n; i++)
		gather_input(in, f, a->inputs.item[i]);
	for (size_t i = 0; i < a->input_trees.n; i++)
		gather_kind(f, a->input_trees.item[i]);
	for (size_t i = 0; i < a->input_lists.n; i++)
		gather_list(in, f, a->input_lists.item[i]);
}

static void gather_outputs(const struct policy_input *in, struct policy_facts *f)
{
	const struct arg_files *a = in->args;
	for (size_t i = 0; i < a->outputs.n; i++) {
		const char *out = a->outputs.item[i];
		char *dir = xpath_dir(out);
		gather_real(f, dir);
		/* An existing file of that name is granted too (not a pattern's). */
		if (facts_real(f, dir) && !output_is_pattern(path_base(out)))
			gather_kind(f, out);
		free(dir);
	}
	for (size_t i = 0; i < a->output_prefixes.n; i++) {
		char *dir = output_prefix_dir(a->output_prefixes.item[i]);
		gather_real(f, dir);
		free(dir);
	}
	for (size_t i = 0; i < a->output_dirs.n; i++) {
		const char *arg = a->output_dirs.item[i];
		gather_real(f, arg);
		const char *real = facts_real(f, arg);
		if (real) {
			gather_kind(f, real);
			continue;
		}
		char *parent = xpath_dir(arg);
		gather_real(f, parent);
		free(parent);
	}
}

/* Whether policy_build will grant the exec promise: the profile's exec
 * entries and their interpreters are read only then (file's
 * decompressors come with -z alone). The promise's sources, as
 * policy_build grants them. */
static bool grants_exec(const struct policy_input *in)
{
	int exec = promise_lookup("exec");
	if (exec < 0)
		return false;
	const char *name = promise_at((size_t)exec)->name;
	if (promise_is_implicit((size_t)exec) || strlist_contains(&in->profile->promises, name) ||
	    strlist_contains(&in->args->promises, name) ||
	    (in->args->outputs.n && strlist_contains(&in->profile->output_promises, name)))
		return true;
	const struct preloads *pl = in->preloads;
	for (size_t i = 0; pl->rule && i < pl->libs.n; i++)
		if (pl->rule[i] >= 0 && strlist_contains(&pl->rules[pl->rule[i]].promises, name))
			return true;
	return false;
}

/* Each entry's interpreters, as target_add_interpreters finds them for all
 * the entries in turn (an interpreter found for an earlier one is not
 * listed again). */
static void gather_interpreters(const struct policy_input *in, struct policy_facts *f)
{
	if (!grants_exec(in))
		return;
	struct target helpers = { 0 };
	const struct strlist *exec = &in->profile->exec;
	for (size_t i = 0; i < exec->n; i++) {
		strlist_add(&helpers.exec, exec->item[i], exec->origin[i]);
		size_t from = helpers.exec.n;
		target_add_interpreters(&helpers, exec->item[i], "a profile exec entry");
		facts_add_interp(f, exec->item[i], NULL, NULL);
		for (size_t j = from; j < helpers.exec.n; j++)
			facts_add_interp(f, exec->item[i], helpers.exec.item[j],
					 helpers.exec.origin[j]);
	}
	strlist_free(&helpers.exec);
}

static void gather_env(struct policy_facts *f, const struct strlist *names)
{
	for (size_t i = 0; i < names->n; i++)
		facts_set_env(f, names->item[i], getenv(names->item[i]));
}

static void gather_globs(struct policy_facts *f, const struct strlist *l)
{
	for (size_t i = 0; i < l->n; i++) {
		glob_t g;
		facts_add_match(f, l->item[i], NULL);
		if (glob(l->item[i], GLOB_NOCHECK, NULL, &g) != 0)
			continue;
		for (size_t j = 0; j < g.gl_pathc; j++) {
			facts_add_match(f, l->item[i], g.gl_pathv[j]);
			gather_kind(f, g.gl_pathv[j]);
		}
		globfree(&g);
	}
}

/* msgget and semget: the objects' ids, once per rule. */
static void gather_ipc(struct policy_facts *f, const struct preload_rule *r)
{
	const char *error;
	if (facts_ipc(f, r->path, &error))
		return;
	struct strlist allow = { 0 };
	char err[256];
	char *origin = xstrjoin(r->path, " [ipc]", NULL);
	facts_add_ipc(f, r->path, NULL, NULL);
	if (ipc_allow_rules(r, &allow, origin, err, sizeof err) < 0)
		facts_set_ipc_error(f, r->path, err);
	for (size_t i = 0; i < allow.n; i++)
		facts_add_ipc(f, r->path, allow.item[i], allow.origin[i]);
	free(origin);
	strlist_free(&allow);
}

static void gather_preloads(const struct policy_input *in, struct policy_facts *f)
{
	const struct preloads *pl = in->preloads;
	char *origin_dir = xpath_dir(in->target->path);
	for (size_t i = 0; i < pl->libs.n; i++) {
		const char *lib = pl->libs.item[i];
		if (!(pl->path && pl->path[i]) && strchr(lib, '$')) {
			char *path = ldso_resolve(lib, origin_dir);
			facts_set_lib(f, lib, path);
			free(path);
		}
		if (!pl->rule || pl->rule[i] < 0)
			continue;
		const struct preload_rule *r = &pl->rules[pl->rule[i]];
		if (r->unsupported)
			break; /* policy_build refuses to run */
		gather_globs(f, &r->read);
		gather_globs(f, &r->write);
		gather_env(f, &r->connect_unix_env);
		gather_env(f, &r->connect_tcp_env);
		gather_ipc(f, r);
	}
	free(origin_dir);
}

void policy_gather(const struct policy_input *in, struct policy_facts *f)
{
	memset(f, 0, sizeof *f);
	gather_preloads(in, f);
	gather_interpreters(in, f);
	gather_inputs(in, f);
	gather_outputs(in, f);
}
