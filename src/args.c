#include "args.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum role { ROLE_NONE, ROLE_FLAG, ROLE_VALUE, ROLE_INPUT, ROLE_INPUT_LIST, ROLE_OUTPUT };

struct classifier {
	const struct profile *p;
	struct arg_files *out;
};

/* What an option (exactly as written in the profile) does with its value. */
static enum role option_role(const struct profile *p, const char *opt)
{
	if (strlist_contains(&p->input_options, opt))
		return ROLE_INPUT;
	if (strlist_contains(&p->input_list_options, opt))
		return ROLE_INPUT_LIST;
	if (strlist_contains(&p->output_options, opt))
		return ROLE_OUTPUT;
	if (strlist_contains(&p->options_with_value, opt))
		return ROLE_VALUE;
	return ROLE_NONE;
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
	if (role == ROLE_OUTPUT && names_no_file(c->p, value, index))
		return;
	char origin[128], number[12];
	put_uint(number, (unsigned)index);
	char *text = xstrjoin("argv[", number, "]", opt ? " (" : "", opt ? opt : "", opt ? ")" : "",
			      NULL);
	copy_bounded(origin, sizeof origin, text);
	free(text);
	if (role == ROLE_INPUT)
		strlist_add(&c->out->inputs, value, origin);
	else if (role == ROLE_INPUT_LIST)
		strlist_add(&c->out->input_lists, value, origin);
	else if (role == ROLE_OUTPUT)
		strlist_add(&c->out->outputs, value, origin);
}

static void operand(struct classifier *c, const char *arg, int index)
{
	static const enum role roles[] = { ROLE_INPUT, ROLE_OUTPUT, ROLE_NONE };
	record(c, roles[c->p->operands], arg, index, NULL);
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
	if (role != ROLE_NONE) {
		if (eq)
			record(c, role, eq + 1, i, name);
		else if (i + 1 < argc)
			record(c, role, argv[i + 1], i + 1, name), used = 2;
		/* a missing value at the end: the target will complain */
	}
	free(name);
	return used;
}

/* Profile entries such as "-sOutputFile=" (gs) take the value glued on. */
static int prefix_option(struct classifier *c, const char *arg, int i)
{
	const struct strlist *lists[] = { &c->p->input_options, &c->p->input_list_options,
					  &c->p->output_options, &c->p->options_with_value };
	for (size_t l = 0; l < 4; l++) {
		for (size_t j = 0; j < lists[l]->n; j++) {
			const char *opt = lists[l]->item[j];
			size_t len = strlen(opt);
			if (len > 2 && opt[len - 1] == '=' && strncmp(arg, opt, len) == 0) {
				record(c, option_role(c->p, opt), arg + len, i, opt);
				return 1;
			}
		}
	}
	return 0;
}

/* "-abc", "-mFILE", "-m FILE" (getopt rules), or a whole single-dash word
 * when the profile says options do not cluster. */
static int short_options(struct classifier *c, int argc, char *const *argv, int i)
{
	const char *arg = argv[i];
	if (prefix_option(c, arg, i))
		return 1;
	if (!c->p->clustered_short_options) {
		enum role role = option_role(c->p, arg);
		if (role != ROLE_NONE && i + 1 < argc) {
			record(c, role, argv[i + 1], i + 1, arg);
			return 2;
		}
		return 1;
	}
	for (const char *p = arg + 1; *p; p++) {
		char opt[3] = { '-', *p, '\0' };
		enum role role = option_role(c->p, opt);
		if (role == ROLE_NONE)
			continue;
		if (p[1]) {
			record(c, role, p + 1, i, opt);
			return 1;
		}
		if (i + 1 < argc) {
			record(c, role, argv[i + 1], i + 1, opt);
			return 2;
		}
		return 1;
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
		for (size_t i = 0; tail && flag_given(p, argc, argv, flag) && i < out->inputs.n; i++) {
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
	struct classifier c = { p, out };
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
				strlist_add(&out->promises, colon + 1, p->option_promises.origin[i]);
		}
		free(opt);
	}
}

void args_free(struct arg_files *f)
{
	strlist_free(&f->inputs);
	strlist_free(&f->input_lists);
	strlist_free(&f->outputs);
	strlist_free(&f->promises);
}
