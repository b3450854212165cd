/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "learn/learnmerge.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* inih reads lines of up to 198 characters (inifile.c). */
#define LINE_MAX_CHARS 198
#define CONTEXT 3 /* lines of context in a diff hunk, as diff -u */

struct lines {
	char **l;
	size_t n;
	bool final_newline;
};

static void lines_split(const char *text, struct lines *ls)
{
	ls->l = NULL;
	ls->n = 0;
	ls->final_newline = !*text || text[strlen(text) - 1] == '\n';
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n");
		ls->l = xrealloc(ls->l, (ls->n + 1) * sizeof *ls->l);
		ls->l[ls->n++] = xasprintf("%.*s", (int)len, p);
		p += len + (p[len] == '\n');
	}
}

static char *lines_join(const struct lines *ls)
{
	size_t size = 1;
	for (size_t i = 0; i < ls->n; i++)
		size += strlen(ls->l[i]) + 1;
	char *out = xcalloc(1, size), *at = out;
	for (size_t i = 0; i < ls->n; i++) {
		size_t len = strlen(ls->l[i]);
		memcpy(at, ls->l[i], len);
		at += len;
		if (i + 1 < ls->n || ls->final_newline)
			*at++ = '\n';
	}
	*at = '\0';
	return out;
}

static void lines_insert(struct lines *ls, size_t at, char *line)
{
	ls->l = xrealloc(ls->l, (ls->n + 1) * sizeof *ls->l);
	memmove(ls->l + at + 1, ls->l + at, (ls->n - at) * sizeof *ls->l);
	ls->l[at] = line;
	ls->n++;
	if (at == ls->n - 1)
		ls->final_newline = true; /* the old last line ends now, and so does this */
}

static void lines_free(struct lines *ls)
{
	for (size_t i = 0; i < ls->n; i++)
		free(ls->l[i]);
	free(ls->l);
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* "[name]" → whether it is that section header. */
static bool is_header(const char *line, const char *section)
{
	line += strspn(line, " \t");
	size_t n = strlen(section);
	return line[0] == '[' &&
	       (!section[0] || (strncmp(line + 1, section, n) == 0 && line[n + 1] == ']'));
}

static bool is_comment(const char *line)
{
	line += strspn(line, " \t");
	return !*line || *line == '#' || *line == ';';
}

/* "key = value": whether the line sets key (not indented: that continues). */
static bool sets_key(const char *line, const char *key)
{
	size_t n = strlen(key);
	if (is_blank(line[0]) || strncmp(line, key, n) != 0)
		return false;
	line += n + strspn(line + n, " \t");
	return *line == '=';
}

/* Where a key's lines end in a section: *last is the last line of its
 * last assignment (continuation lines included), or of the section's last
 * assignment of any key when the key is missing (then false). */
static bool find_key(const struct lines *ls, size_t start, size_t end, const char *key,
		     size_t *last)
{
	bool found = false, in_key = false, in_any = false;
	*last = start - 1; /* the header */
	for (size_t i = start; i < end; i++) {
		const char *line = ls->l[i];
		if (is_blank(line[0]) && !is_comment(line)) {
			if (in_key || (in_any && !found))
				*last = i; /* a continuation of what was last assigned */
			continue;
		}
		in_key = in_any = false;
		if (is_comment(line) || !strchr(line, '='))
			continue;
		in_any = true;
		if (sets_key(line, key)) {
			found = in_key = true;
			*last = i;
		} else if (!found) {
			*last = i;
		}
	}
	return found;
}

/* The value part of a key's line can take more words: no inline comment
 * to append them to, not an empty assignment (which resets the list), and
 * room on the line. */
static bool can_append(const char *line, const char *words)
{
	const char *eq = strchr(line, '=');
	const char *value = eq ? eq + 1 + strspn(eq + 1, " \t") : line + strspn(line, " \t");
	return *value && !strpbrk(value, "#;") && strlen(line) + 1 + strlen(words) < LINE_MAX_CHARS;
}

/* "key = words" at line at, continued on indented lines where one line
 * would be too long for inih. Returns the lines inserted. */
static size_t insert_words(struct lines *ls, size_t at, const char *first, const char *indent,
			   const char *words)
{
	size_t n = 0;
	char *line = xstrdup(first);
	for (const char *w = words + strspn(words, " "); *w;) {
		size_t len = strcspn(w, " ");
		bool fresh = !line[strspn(line, " \t")] || line[strlen(line) - 1] == '=';
		if (!fresh && strlen(line) + 1 + len >= LINE_MAX_CHARS) {
			lines_insert(ls, at + n++, line);
			line = xstrdup(indent);
			fresh = true;
		}
		char *next = xasprintf("%s%s%.*s", line,
				       fresh && !line[strspn(line, " \t")] ? "" : " ", (int)len, w);
		free(line);
		line = next;
		w += len + strspn(w + len, " ");
	}
	lines_insert(ls, at + n++, line);
	return n;
}

static void add_one(struct lines *ls, const struct merge_addition *a)
{
	size_t start = 0, end = 0;
	bool have = false;
	for (size_t i = 0; i < ls->n; i++)
		if (is_header(ls->l[i], a->section)) {
			have = true;
			start = i + 1;
			for (end = start; end < ls->n && !is_header(ls->l[end], ""); end++)
				;
		}
	if (!have) {
		if (ls->n && ls->l[ls->n - 1][0])
			lines_insert(ls, ls->n, xstrdup(""));
		lines_insert(ls, ls->n, xasprintf("[%s]", a->section));
		start = end = ls->n;
	}
	size_t last;
	bool found = find_key(ls, start, end, a->key, &last);
	if (found && a->how == MERGE_WORDS && is_blank(ls->l[last][0])) {
		/* a list one entry a line goes on the same way */
		char *indent = xasprintf("%.*s", (int)strspn(ls->l[last], " \t"), ls->l[last]);
		for (const char *w = a->value; *w; w += strspn(w, " ")) {
			size_t len = strcspn(w, " ");
			lines_insert(ls, ++last, xasprintf("%s%.*s", indent, (int)len, w));
			w += len;
		}
		free(indent);
		return;
	}
	if (found && a->how == MERGE_WORDS) {
		size_t line = last;
		if (can_append(ls->l[line], a->value)) {
			size_t len = strlen(ls->l[line]);
			while (len && is_blank(ls->l[line][len - 1]))
				len--;
			char *s = xasprintf("%.*s %s", (int)len, ls->l[line], a->value);
			free(ls->l[line]);
			ls->l[line] = s;
			return;
		}
	}
	char *first = xasprintf("%s =", a->key);
	char *indent = xasprintf("%*s", (int)strlen(a->key) + 3, "");
	insert_words(ls, last + 1, first, indent, a->value);
	free(first);
	free(indent);
}

char *learnmerge_apply(const char *text, const struct merge_addition *add, size_t n)
{
	struct lines ls;
	lines_split(text, &ls);
	for (size_t i = 0; i < n; i++)
		add_one(&ls, &add[i]);
	char *out = lines_join(&ls);
	lines_free(&ls);
	return out;
}

/* ---- the diff: a longest common subsequence of lines (profiles are
 * short), printed in hunks as diff -u prints them ---- */

struct edit {
	char op; /* ' ', '-', '+' */
	const char *line;
	size_t a, b; /* line numbers before it, in a and in b */
};

static size_t script(const struct lines *x, const struct lines *y, struct edit *out)
{
	size_t n = x->n, m = y->n;
	unsigned *len = xcalloc((n + 1) * (m + 1), sizeof *len);
#define LEN(i, j) len[(i) * (m + 1) + (j)]
	for (size_t i = n; i-- > 0;)
		for (size_t j = m; j-- > 0;)
			LEN(i, j) = strcmp(x->l[i], y->l[j]) == 0 ? LEN(i + 1, j + 1) + 1 :
				    LEN(i + 1, j) > LEN(i, j + 1) ? LEN(i + 1, j) :
								    LEN(i, j + 1);
	size_t i = 0, j = 0, k = 0;
	while (i < n || j < m) {
		if (i < n && j < m && strcmp(x->l[i], y->l[j]) == 0)
			out[k++] = (struct edit){ ' ', x->l[i], i++, j++ };
		else if (i < n && (j == m || LEN(i + 1, j) >= LEN(i, j + 1)))
			out[k++] = (struct edit){ '-', x->l[i], i++, j };
		else
			out[k++] = (struct edit){ '+', y->l[j], i, j++ };
	}
#undef LEN
	free(len);
	return k;
}

static void hunk(FILE *f, const struct edit *e, size_t from, size_t to)
{
	size_t na = 0, nb = 0;
	for (size_t i = from; i < to; i++) {
		na += e[i].op != '+';
		nb += e[i].op != '-';
	}
	fprintf(f, "@@ -%zu,%zu +%zu,%zu @@\n", e[from].a + (na > 0), na, e[from].b + (nb > 0), nb);
	for (size_t i = from; i < to; i++)
		fprintf(f, "%c%s\n", e[i].op, e[i].line);
}

void learnmerge_diff(FILE *f, const char *name, const char *a, const char *b)
{
	struct lines x, y;
	lines_split(a, &x);
	lines_split(b, &y);
	if ((x.n + 1) * (y.n + 1) > 4000000) {
		fprintf(f, "(%s: too long to show the changes)\n", name);
	} else {
		struct edit *e = xcalloc(x.n + y.n + 1, sizeof *e);
		size_t n = script(&x, &y, e);
		fprintf(f, "--- %s\n+++ %s (merged)\n", name, name);
		for (size_t i = 0; i < n;) {
			if (e[i].op == ' ') {
				i++;
				continue;
			}
			/* a hunk runs on while changes lie within twice the context */
			size_t from = i > CONTEXT ? i - CONTEXT : 0, last = i, j = i + 1;
			for (; j < n && (e[j].op != ' ' || j - last <= 2 * CONTEXT); j++)
				if (e[j].op != ' ')
					last = j;
			size_t to = last + 1 + CONTEXT < n ? last + 1 + CONTEXT : n;
			hunk(f, e, from, to);
			i = to;
		}
		free(e);
	}
	lines_free(&x);
	lines_free(&y);
}
