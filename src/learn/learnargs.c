/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "learn/learnargs.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "decide/profile.h"

/* A role's word is the one "operands =" parses (operand_names). */
static const enum operands role_operand[] = {
	[OUT_NONE] = OPERANDS_INPUT,
	[OUT_FILE] = OPERANDS_OUTPUT,
	[OUT_DIRECTORY] = OPERANDS_OUTPUT_DIRECTORY,
	[OUT_PREFIX] = OPERANDS_OUTPUT_PREFIX,
};

/* path with its directory resolved as the kernel resolves it; the last
 * name kept as it is, since it may be gone (or, for a prefix, never was). */
static char *canon(const char *cwd, const char *word)
{
	char *joined = word[0] == '/' ? xstrdup(word) : xasprintf("%s/%s", cwd, word);
	size_t n = strlen(joined);
	while (n > 1 && joined[n - 1] == '/')
		joined[--n] = '\0';
	char *slash = strrchr(joined, '/'), real[PATH_MAX];
	*slash = '\0';
	char *out;
	if (realpath(slash == joined ? "/" : joined, real))
		out = xasprintf("%s/%s", strcmp(real, "/") ? real : "", slash + 1);
	else
		out = xasprintf("%s/%s", joined, slash + 1);
	free(joined);
	return out;
}

static bool beneath(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	return strncmp(path, dir, n) == 0 && path[n] == '/';
}

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A name in the same directory that starts with the prefix's last name:
 * out/p names out/p-1.ppm. */
static bool by_prefix(const char *path, const char *prefix)
{
	const char *base = strrchr(prefix, '/') + 1;
	size_t dir = (size_t)(base - prefix);
	return *base && strncmp(path, prefix, dir) == 0 && !strchr(path + dir, '/') &&
	       strncmp(path + dir, base, strlen(base)) == 0 && strcmp(path, prefix) != 0;
}

/* What the word names among the created paths. */
static enum out_role role_of(const char *cwd, const char *word, const struct strlist *created)
{
	if (!*word)
		return OUT_NONE;
	char *a = canon(cwd, word);
	enum out_role r = OUT_NONE;
	for (size_t i = 0; i < created->n && r != OUT_DIRECTORY; i++)
		if (beneath(created->item[i], a))
			r = OUT_DIRECTORY;
	for (size_t i = 0; i < created->n && r == OUT_NONE; i++)
		if (strcmp(created->item[i], a) == 0)
			r = is_dir(a) ? OUT_DIRECTORY : OUT_FILE;
	for (size_t i = 0; i < created->n && r == OUT_NONE; i++)
		if (by_prefix(created->item[i], a))
			r = OUT_PREFIX;
	free(a);
	return r;
}

static void add(struct strlist *l, const char *s)
{
	if (!strlist_contains(l, s))
		strlist_add(l, s, NULL);
}

static void note_output(struct learned_args *out, enum out_role r, const char *cwd,
			const char *value, const char *option, size_t option_len)
{
	struct strlist *options[] = { [OUT_FILE] = &out->output_options,
				      [OUT_DIRECTORY] = &out->directory_options,
				      [OUT_PREFIX] = &out->prefix_options };
	struct strlist *paths[] = {
		[OUT_FILE] = &out->files, [OUT_DIRECTORY] = &out->directories, [OUT_PREFIX] = &out->prefixes
	};
	char *a = canon(cwd, value);
	add(paths[r], a);
	free(a);
	if (option) {
		char *o = xasprintf("%.*s", (int)option_len, option);
		add(options[r], o);
		free(o);
	}
}

static bool exists(const char *cwd, const char *word)
{
	char *a = canon(cwd, word);
	struct stat st;
	bool e = lstat(a, &st) == 0;
	free(a);
	return e;
}

/* An option word: --name=value, -oVALUE, or an option whose value is the
 * next word. Returns the words used. */
static int option(struct learned_args *out, int argc, char *const *argv, int i, const char *cwd,
		  const struct strlist *created)
{
	const char *w = argv[i], *eq = strchr(w, '=');
	enum out_role r;
	if (w[1] == '-' && eq) {
		if ((r = role_of(cwd, eq + 1, created)))
			note_output(out, r, cwd, eq + 1, w, (size_t)(eq - w));
		return 1;
	}
	if (w[1] != '-' && w[2] && (r = role_of(cwd, w + 2, created))) {
		note_output(out, r, cwd, w + 2, w, 2);
		return 1;
	}
	if (i + 1 >= argc || argv[i + 1][0] == '-')
		return 1;
	if ((r = role_of(cwd, argv[i + 1], created))) {
		note_output(out, r, cwd, argv[i + 1], w, strlen(w));
		return 2;
	}
	if (exists(cwd, argv[i + 1]))
		return 1; /* an operand, most likely: -png in.pdf */
	add(&out->with_value, w); /* -r 150 */
	return 2;
}

void learnargs_classify(int argc, char *const *argv, const char *cwd, const struct strlist *created,
			struct learned_args *out)
{
	struct strlist canon_created = { 0 };
	for (size_t i = 0; i < created->n; i++) {
		char *c = canon("/", created->item[i]);
		add(&canon_created, c);
		free(c);
	}
	bool options_end = false;
	for (int i = 1; i < argc;) {
		const char *w = argv[i];
		if (!options_end && strcmp(w, "--") == 0) {
			options_end = true;
			i++;
		} else if (!options_end && w[0] == '-' && w[1]) {
			i += option(out, argc, argv, i, cwd, &canon_created);
		} else {
			enum out_role r = role_of(cwd, w, &canon_created);
			if (r)
				note_output(out, r, cwd, w, NULL, 0);
			strlist_add(
				&out->operands,
				operand_names[r || exists(cwd, w) ? role_operand[r] : OPERANDS_NONE],
				NULL);
			i++;
		}
	}
	/* The last role repeats: input input input is "input". */
	while (out->operands.n > 1 && strcmp(out->operands.item[out->operands.n - 1],
					     out->operands.item[out->operands.n - 2]) == 0) {
		free(out->operands.item[--out->operands.n]);
		free(out->operands.origin[out->operands.n]);
	}
	strlist_free(&canon_created);
}

bool learnargs_is_output(const struct learned_args *a, const char *path)
{
	char *c = canon("/", path);
	bool yes = strlist_contains(&a->files, c);
	for (size_t i = 0; !yes && i < a->directories.n; i++)
		yes = beneath(c, a->directories.item[i]) || !strcmp(c, a->directories.item[i]);
	for (size_t i = 0; !yes && i < a->prefixes.n; i++)
		yes = by_prefix(c, a->prefixes.item[i]);
	free(c);
	return yes;
}

bool learnargs_any(const struct learned_args *a)
{
	return a->files.n || a->directories.n || a->prefixes.n;
}

void learnargs_free(struct learned_args *a)
{
	struct strlist *lists[] = { &a->output_options, &a->directory_options, &a->prefix_options,
				    &a->with_value,     &a->operands,          &a->files,
				    &a->directories,    &a->prefixes };
	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
		strlist_free(lists[i]);
}
