/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "decide/args.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum role {
	ROLE_NONE,
	ROLE_VALUE,
	ROLE_INPUT,
	ROLE_INPUT_LIST,
	ROLE_INPUT_TREE,
	ROLE_OUTPUT,
	ROLE_OUTPUT_DIR,
	ROLE_OUTPUT_PREFIX,
	ROLE_TWO_VALUES, /* jq --arg NAME VALUE */
	ROLE_NAMED_INPUT, /* jq --slurpfile NAME FILE: the second value an input */
};

struct classifier {
	const struct profile *p;
	struct arg_files *out;
	int operands; /* how many operands so far */
};

#define N_OPTION_LISTS 9
/* The profile's option lists and the role each gives its options' values. */
static void option_lists(const struct profile *p, const struct strlist *lists[N_OPTION_LISTS],
			 enum role roles[N_OPTION_LISTS])
{
	const struct strlist *l[N_OPTION_LISTS] = {
		&p->input_options,     &p->input_list_options,       &p->input_tree_options,
		&p->output_options,    &p->output_directory_options, &p->output_prefix_options,
		&p->two_value_options, &p->named_input_options,      &p->options_with_value,
	};
	static const enum role r[N_OPTION_LISTS] = {
		ROLE_INPUT,         ROLE_INPUT_LIST, ROLE_INPUT_TREE,  ROLE_OUTPUT, ROLE_OUTPUT_DIR,
		ROLE_OUTPUT_PREFIX, ROLE_TWO_VALUES, ROLE_NAMED_INPUT, ROLE_VALUE,
	};
	memcpy(lists, l, sizeof l);
	memcpy(roles, r, sizeof r);
}

/* What an option (exactly as written in the profile) does with its value. */
static enum role option_role(const struct profile *p, const char *opt)
{
	const struct strlist *lists[N_OPTION_LISTS];
	enum role roles[N_OPTION_LISTS];
	option_lists(p, lists, roles);
	for (size_t l = 0; l < N_OPTION_LISTS; l++)
		if (strlist_contains(lists[l], opt))
			return roles[l];
	return ROLE_NONE;
}

static bool is_output_role(enum role r)
{
	return r == ROLE_OUTPUT || r == ROLE_OUTPUT_DIR || r == ROLE_OUTPUT_PREFIX;
}

static const char *matching(const struct strlist *globs, const char *value)
{
	for (size_t i = 0; i < globs->n; i++)
		if (fnmatch(globs->item[i], value, 0) == 0)
			return globs->item[i];
	return NULL;
}

/* An output value that names no file: standard output (gs's %stdout,
 * nothing to grant), or a command the tool would run (gs's %pipe%lpr,
 * |lpr), which no profile lets it do: refused before anything runs. */
static bool names_no_file(const struct profile *p, const char *value, int index)
{
	const char *glob = matching(&p->refused_outputs, value);
	if (glob)
		die("argv[%d]: output \"%s\" is refused (refused-outputs = %s in %s's profile): "
		    "the tool would run a command; write to a file or to standard output instead",
		    index, value, glob, p->name);
	return matching(&p->standard_outputs, value) != NULL;
}

static void record(struct classifier *c, enum role role, const char *value, int index,
		   const char *opt)
{
	if (!value || !*value || strcmp(value, "-") == 0)
		return; /* "-" is standard input or output */
	if (is_output_role(role) && names_no_file(c->p, value, index))
		return;
	char origin[128], number[12];
	put_uint(number, (unsigned)index);
	char *text = xstrjoin("argv[", number, "]", opt ? " (" : "", opt ? opt : "", opt ? ")" : "",
			      NULL);
	copy_bounded(origin, sizeof origin, text);
	free(text);
	struct strlist *lists[] = {
		[ROLE_INPUT] = &c->out->inputs,
		[ROLE_INPUT_LIST] = &c->out->input_lists,
		[ROLE_INPUT_TREE] = &c->out->input_trees,
		[ROLE_OUTPUT] = &c->out->outputs,
		[ROLE_OUTPUT_DIR] = &c->out->output_dirs,
		[ROLE_OUTPUT_PREFIX] = &c->out->output_prefixes,
	};
	if ((size_t)role < sizeof lists / sizeof lists[0] && lists[role])
		strlist_add(lists[role], value, origin);
}

/* operands = ROLE...: the role of the nth operand; the last repeats. */
static enum role operand_role(const struct profile *p, int nth)
{
	static const enum role roles[] = {
		[OPERANDS_INPUT] = ROLE_INPUT,
		[OPERANDS_OUTPUT] = ROLE_OUTPUT,
		[OPERANDS_NONE] = ROLE_NONE,
		[OPERANDS_OUTPUT_DIRECTORY] = ROLE_OUTPUT_DIR,
		[OPERANDS_OUTPUT_PREFIX] = ROLE_OUTPUT_PREFIX,
	};
	const struct strlist *l = &p->operand_roles;
	if (!l->n)
		return roles[p->operands];
	const char *name = l->item[(size_t)nth < l->n ? (size_t)nth : l->n - 1];
	for (int i = 0; operand_names[i]; i++)
		if (strcmp(operand_names[i], name) == 0)
			return roles[i];
	return ROLE_NONE; /* profile.c accepted only those names */
}

static void operand(struct classifier *c, const char *arg, int index)
{
	record(c, operand_role(c->p, c->operands++), arg, index, NULL);
}

/* The value of option opt at argv[i]: glued on (the rest of its word), or
 * the next word; two-value options take one word more. Returns how many
 * words after argv[i] it used. A missing value at the end is left to the
 * target to complain about. */
static int take_values(struct classifier *c, enum role role, const char *glued, int argc,
		       char *const *argv, int i, const char *opt)
{
	int used = 0;
	if (!glued) {
		if (i + 1 >= argc)
			return 0;
		glued = argv[i + 1];
		used = 1;
	}
	if (role != ROLE_TWO_VALUES && role != ROLE_NAMED_INPUT) {
		record(c, role, glued, i + used, opt);
		return used;
	}
	if (i + used + 1 >= argc)
		return used;
	used++;
	if (role == ROLE_NAMED_INPUT)
		record(c, ROLE_INPUT, argv[i + used], i + used, opt);
	return used;
}

/* "--name=value" or "--name value". Returns how many argv elements it used. */
static int long_option(struct classifier *c, int argc, char *const *argv, int i)
{
	const char *arg = argv[i];
	const char *eq = strchr(arg, '=');
	char *name = eq ? strndup(arg, (size_t)(eq - arg)) : xstrdup(arg);
	if (!name)
		die("out of memory");
	enum role role = option_role(c->p, name);
	int used = 1;
	if (role != ROLE_NONE)
		used += take_values(c, role, eq ? eq + 1 : NULL, argc, argv, i, name);
	free(name);
	return used;
}

/* The longest profile entry that arg starts with: entries such as
 * "-sOutputFile=" (gs) always take their value glued on, and with
 * glued-option-values = yes every single-dash entry does (7z -oDIR). */
static int prefix_option(struct classifier *c, int argc, char *const *argv, int i)
{
	const char *arg = argv[i];
	const struct strlist *lists[N_OPTION_LISTS];
	enum role roles[N_OPTION_LISTS];
	option_lists(c->p, lists, roles);
	const char *best = NULL;
	enum role role = ROLE_NONE;
	for (size_t l = 0; l < N_OPTION_LISTS; l++) {
		for (size_t j = 0; j < lists[l]->n; j++) {
			const char *opt = lists[l]->item[j];
			size_t len = strlen(opt);
			bool glues = (len > 2 && opt[len - 1] == '=') ||
				     (c->p->glued_option_values && opt[0] == '-' && opt[1] != '-');
			if (glues && strncmp(arg, opt, len) == 0 && (!best || len > strlen(best)))
				best = opt, role = roles[l];
		}
	}
	if (!best)
		return 0;
	return 1 + take_values(c, role, arg + strlen(best), argc, argv, i, best);
}

/* "-abc", "-mFILE", "-m FILE" (getopt rules), or a whole single-dash word
 * when the profile says options do not cluster. */
static int short_options(struct classifier *c, int argc, char *const *argv, int i)
{
	const char *arg = argv[i];
	int used = prefix_option(c, argc, argv, i);
	if (used || c->p->glued_option_values)
		return used ? used : 1;
	if (!c->p->clustered_short_options) {
		enum role role = option_role(c->p, arg);
		return 1 + (role == ROLE_NONE ? 0 : take_values(c, role, NULL, argc, argv, i, arg));
	}
	for (const char *p = arg + 1; *p; p++) {
		char opt[3] = { '-', *p, '\0' };
		enum role role = option_role(c->p, opt);
		if (role != ROLE_NONE)
			return 1 + take_values(c, role, p[1] ? p + 1 : NULL, argc, argv, i, opt);
	}
	return 1;
}

/* Was FLAG given, alone or in a cluster of short options before one that
 * takes a value? */
static bool flag_given(const struct profile *p, int argc, char *const *argv, const char *flag)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		const char *arg = argv[i];
		if (strcmp(arg, flag) == 0)
			return true;
		if (arg[0] != '-' || arg[1] == '-' || flag[0] != '-' || flag[1] == '-' ||
		    !p->clustered_short_options)
			continue;
		for (const char *c = arg + 1; *c; c++) {
			char opt[3] = { '-', *c, '\0' };
			if (*c == flag[1] && !flag[2])
				return true;
			if (option_role(p, opt) != ROLE_NONE)
				break;
		}
	}
	return false;
}

/* derived-outputs "FLAG:OPTION:SUFFIX": file -C -m DIR/NAME writes
 * NAME.mgc in the current directory. */
static void derive_outputs(const struct profile *p, int argc, char *const *argv,
			   struct arg_files *out)
{
	for (size_t r = 0; r < p->derived_outputs.n; r++) {
		char *flag = xstrdup(p->derived_outputs.item[r]);
		char *opt = strchr(flag, ':');
		char *suffix = opt ? strchr(opt + 1, ':') : NULL;
		if (suffix) {
			*opt++ = '\0';
			*suffix++ = '\0';
		}
		char *tail = suffix ? xstrjoin(" (", opt, ")", NULL) : NULL;
		for (size_t i = 0; tail && flag_given(p, argc, argv, flag) && i < out->inputs.n;
		     i++) {
			const char *origin = out->inputs.origin[i];
			size_t olen = strlen(origin), tlen = strlen(tail);
			if (olen < tlen || strcmp(origin + olen - tlen, tail) != 0)
				continue;
			char *name = xstrjoin(path_base(out->inputs.item[i]), suffix, NULL);
			char *why = xstrjoin(origin, " with ", flag, NULL);
			strlist_add(&out->outputs, name, why);
			free(name);
			free(why);
		}
		free(tail);
		free(flag);
	}
}

void args_classify(const struct profile *p, int argc, char *const *argv, struct arg_files *out)
{
	struct classifier c = { p, out, 0 };
	memset(out, 0, sizeof *out);
	bool options_done = false;
	for (int i = 1; i < argc;) {
		const char *arg = argv[i];
		if (options_done || arg[0] != '-' || strcmp(arg, "-") == 0) {
			/* GNU getopt permutes: operands may stand between options. */
			operand(&c, arg, i++);
		} else if (strcmp(arg, "--") == 0) {
			options_done = true;
			i++;
		} else if (arg[1] == '-') {
			i += long_option(&c, argc, argv, i);
		} else {
			i += short_options(&c, argc, argv, i);
		}
	}
	derive_outputs(p, argc, argv, out);
	/* option-promises "OPTION:PROMISE": file -z runs external decompressors */
	for (size_t i = 0; i < p->option_promises.n; i++) {
		char *opt = xstrdup(p->option_promises.item[i]);
		char *colon = strrchr(opt, ':');
		if (colon) {
			*colon = '\0';
			if (flag_given(p, argc, argv, opt))
				strlist_add(&out->promises, colon + 1,
					    p->option_promises.origin[i]);
		}
		free(opt);
	}
}

void args_free(struct arg_files *f)
{
	strlist_free(&f->inputs);
	strlist_free(&f->input_lists);
	strlist_free(&f->outputs);
	strlist_free(&f->output_dirs);
	strlist_free(&f->output_prefixes);
	strlist_free(&f->input_trees);
	strlist_free(&f->promises);
}
