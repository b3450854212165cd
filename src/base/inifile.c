/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "base/inifile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ini_state {
	FILE *f;
	const char *path;
	int line; /* line last handed to inih */
	int long_line; /* first line longer than inih accepts, or 0 */
	int continuation; /* the current line starts with blanks */
	int section_line; /* line of the last [section] header */
	const struct ini_key *keys;
	size_t nkeys;
	void *out;
	struct ini_result *res;
	char last_section[64];
	char last_key[64];
};

static void add_error(struct ini_state *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void add_error(struct ini_state *st, const char *fmt, ...)
{
	char text[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	char *line = xasprintf("%s:%d: %s", st->path, st->line, text);
	strlist_add(&st->res->errors, line, NULL);
	free(line);
}

/* inih calls this for each line: counting here gives handlers a line number
 * (Debian's libinih is built without INI_HANDLER_LINENO). */
static char *reader(char *str, int num, void *stream)
{
	struct ini_state *st = stream;
	if (!fgets(str, num, st->f))
		return NULL;
	st->line++;
	size_t len = strlen(str);
	if (len == (size_t)num - 1 && str[len - 1] != '\n' && !feof(st->f)) {
		/* Swallow the rest: inih would parse it as a line of its own. */
		int c;
		while ((c = fgetc(st->f)) != EOF && c != '\n')
			;
		if (!st->long_line)
			st->long_line = st->line;
		str[0] = '\0';
	}
	st->continuation = str[0] == ' ' || str[0] == '\t';
	if (str[strspn(str, " \t")] == '[')
		st->section_line = st->line;
	return str;
}

static const struct ini_key *find_key(struct ini_state *st, const char *section, const char *name,
				      bool *section_known)
{
	*section_known = false;
	/* The first letters first: every line of every profile comes here. */
	for (size_t i = 0; i < st->nkeys; i++) {
		if (st->keys[i].section[0] != section[0] ||
		    strcmp(st->keys[i].section, section) != 0)
			continue;
		*section_known = true;
		if (st->keys[i].name[0] == name[0] && strcmp(st->keys[i].name, name) == 0)
			return &st->keys[i];
	}
	return NULL;
}

static void suggest_key(struct ini_state *st, const char *section, const char *name)
{
	const char *names[64];
	size_t n = 0;
	for (size_t i = 0; i < st->nkeys && n < 64; i++)
		if (strcmp(st->keys[i].section, section) == 0)
			names[n++] = st->keys[i].name;
	const char *best = closest(name, names, n);
	if (best)
		add_error(st, "unknown key \"%s\" (did you mean \"%s\"?)", name, best);
	else
		add_error(st, "unknown key \"%s\" in [%s]", name, section);
}

static void suggest_section(struct ini_state *st, const char *section)
{
	const char *names[64];
	size_t n = 0;
	for (size_t i = 0; i < st->nkeys && n < 64; i++) {
		bool seen = false;
		for (size_t j = 0; j < n; j++)
			seen |= strcmp(names[j], st->keys[i].section) == 0;
		if (!seen)
			names[n++] = st->keys[i].section;
	}
	const char *best = closest(section, names, n);
	int key_line = st->line;
	st->line = st->section_line; /* point at the header, not at its first key */
	if (best)
		add_error(st, "unknown section [%s] (did you mean [%s]?)", section, best);
	else
		add_error(st, "unknown section [%s]", section);
	st->line = key_line;
}

struct choices {
	char text[256];
};

static struct choices choices_text(const struct ini_key *k)
{
	struct choices c = { "" };
	for (int i = 0; k->choices[i]; i++) {
		strncat(c.text, i ? ", " : "", sizeof c.text - strlen(c.text) - 1);
		strncat(c.text, k->choices[i], sizeof c.text - strlen(c.text) - 1);
	}
	return c;
}

static int choice_index(const struct ini_key *k, const char *value)
{
	for (int i = 0; k->choices[i]; i++)
		if (strcmp(k->choices[i], value) == 0)
			return i;
	return -1;
}

static bool is_choice(const struct ini_key *k, const char *value)
{
	return choice_index(k, value) >= 0;
}

static int set_enum(struct ini_state *st, const struct ini_key *k, void *field, const char *value)
{
	int i = choice_index(k, value);
	if (i >= 0) {
		*(int *)field = i;
		return 1;
	}
	add_error(st, "bad value \"%s\" for %s (expected one of: %s)", value, k->name,
		  choices_text(k).text);
	return 0;
}

/* A list of choices, such as operands = none input: a drop-in's line
 * says the whole list again (it replaces, unlike INI_LIST's appending). */
static int set_choice_list(struct ini_state *st, const struct ini_key *k, struct strlist *field,
			   const char *value, bool continued, const char *origin)
{
	struct strlist words = { 0 };
	split_words(value, &words, origin);
	for (size_t i = 0; i < words.n; i++) {
		if (is_choice(k, words.item[i]))
			continue;
		add_error(st, "bad value \"%s\" for %s (expected one of: %s)", words.item[i],
			  k->name, choices_text(k).text);
		strlist_free(&words);
		return 0;
	}
	if (!continued)
		strlist_clear(field);
	for (size_t i = 0; i < words.n; i++)
		strlist_add(field, words.item[i], origin);
	strlist_free(&words);
	return 1;
}

/* "path:line" into out[size], cut as snprintf would cut it: set for every
 * key of every profile, so without printf (util.h, xstrjoin). */
static void line_origin(char *out, size_t size, const char *path, int line)
{
	char number[12] = ":";
	put_uint(number + 1, (unsigned)line);
	size_t n = strnlen(path, size - 1);
	memcpy(out, path, n);
	copy_bounded(out + n, size - n, number);
}

static int set_value(struct ini_state *st, const struct ini_key *k, const char *value)
{
	void *field = (char *)st->out + k->offset;
	bool continued = st->continuation && strcmp(st->last_key, k->name) == 0;
	if (st->continuation && k->kind != INI_LIST && k->kind != INI_CHOICE_LIST) {
		add_error(st, "\"%s\" takes one value; only list keys continue on indented lines",
			  k->name);
		return 0;
	}
	char origin[512];
	line_origin(origin, sizeof origin, st->path, st->line);
	switch (k->kind) {
	case INI_KEYWORD_OR_PATH:
		if (value[0] != '/' && !is_choice(k, value)) {
			add_error(st, "bad value \"%s\" for %s (expected %s or an absolute path)",
				  value, k->name, choices_text(k).text);
			return 0;
		}
		/* fall through */
	case INI_STRING:
		free(*(char **)field);
		*(char **)field = xstrdup(value);
		return 1;
	case INI_LIST:
		/* The systemd convention: an empty assignment resets the list. */
		if (!*value && !continued)
			strlist_clear(field);
		else
			split_words(value, field, origin);
		return 1;
	case INI_CHOICE_LIST:
		return set_choice_list(st, k, field, value, continued, origin);
	case INI_ENUM:
		return set_enum(st, k, field, value);
	case INI_BOOL: {
		int b = parse_bool(value);
		if (b < 0) {
			add_error(st, "bad value \"%s\" for %s (expected yes or no)", value,
				  k->name);
			return 0;
		}
		*(int *)field = b;
		return 1;
	}
	}
	return 0;
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
	struct ini_state *st = user;
	bool section_known;
	const struct ini_key *k = find_key(st, section, name, &section_known);
	if (!*section) {
		add_error(st, "\"%s\" stands before any [section]", name);
	} else if (!section_known) {
		/* Report an unknown section once, not for each of its keys. */
		if (strcmp(st->last_section, section) != 0)
			suggest_section(st, section);
	} else if (!k) {
		suggest_key(st, section, name);
	} else if (set_value(st, k, value)) {
		st->res->assignments++;
	}
	copy_bounded(st->last_section, sizeof st->last_section, section);
	copy_bounded(st->last_key, sizeof st->last_key, name);
	return 1; /* keep going: --check wants every error, not the first */
}

int ini_load_file(FILE *f, const char *path, const struct ini_key *keys, size_t nkeys, void *out,
		  struct ini_result *res)
{
	size_t before = res->errors.n;
	struct ini_state st = {
		.path = path, .keys = keys, .nkeys = nkeys, .out = out, .res = res, .f = f
	};
	int r = ini_parse_stream(reader, &st, handler, &st);
	if (st.long_line) {
		st.line = st.long_line;
		add_error(&st, "line longer than %d characters; continue a list on indented lines",
			  INI_MAX_LINE - 1);
	} else if (r > 0) {
		/* inih's own syntax errors: a line with neither "=" nor "[...]". */
		st.line = r;
		add_error(&st, "syntax error: expected \"key = value\" or \"[section]\"");
	}
	return (int)(res->errors.n - before);
}

void ini_print_keys(const struct ini_key *keys, size_t nkeys)
{
	for (size_t i = 0; i < nkeys; i++)
		printf("%s.%s\n", keys[i].section, keys[i].name);
}
