/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --learn's deciding parts, without a run: merging edits a profile's text
 * (learnmerge.c), and the words of a command line are matched to the
 * paths a run created (learnargs.c). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "learn/learnargs.h"
#include "learn/learnmerge.h"
#include "../lib/tap.h"

static char *apply(const char *text, const struct merge_addition *a, size_t n)
{
	return learnmerge_apply(text, a, n);
}

static void test_merge(void)
{
	const char *text = "# head\n[profile]\npromises = stdio rpath\n\n[filesystem]\n"
			   "read = /a\n       /b\n# tail\n[arguments]\noperands = input";
	char *out = apply(text, NULL, 0);
	is_str(out, text, "no additions: the text as it was, final newline or not");
	free(out);

	struct merge_addition p = { "profile", "promises", "proc", MERGE_WORDS };
	out = apply(text, &p, 1);
	ok(strstr(out, "\npromises = stdio rpath proc\n") != NULL, "a promise goes on the promises line");
	ok(strlen(out) == strlen(text) + 5, "and nothing else changes");
	free(out);

	struct merge_addition r = { "filesystem", "read", "/c", MERGE_WORDS };
	out = apply(text, &r, 1);
	ok(strstr(out, "       /b\n       /c\n# tail\n") != NULL,
	   "a list one entry a line gets one more line, indented alike");
	free(out);

	struct merge_addition w = { "filesystem", "write", "/w", MERGE_WORDS };
	out = apply(text, &w, 1);
	ok(strstr(out, "       /b\nwrite = /w\n# tail\n") != NULL,
	   "a key not there: after the section's last key, before the comments that follow");
	free(out);

	struct merge_addition n = { "network", "connect-tcp", "80", MERGE_WORDS };
	out = apply(text, &n, 1);
	const char *end = "operands = input\n\n[network]\nconnect-tcp = 80\n";
	is_str(strlen(out) > strlen(end) ? out + strlen(out) - strlen(end) : out, end,
	       "a section not there is added at the end");
	free(out);

	const char *reset = "[profile]\npromises =\nallow = a\n";
	struct merge_addition pr = { "profile", "promises", "proc", MERGE_WORDS };
	out = apply(reset, &pr, 1);
	is_str(out, "[profile]\npromises =\npromises = proc\nallow = a\n",
	       "an empty assignment (a reset) is not extended: a line after it");
	free(out);

	const char *inline_comment = "[profile]\npromises = stdio ; mine\n";
	out = apply(inline_comment, &pr, 1);
	is_str(out, "[profile]\npromises = stdio ; mine\npromises = proc\n",
	       "a line with an inline comment is not extended");
	free(out);

	char words[2000] = "";
	for (int i = 0; i < 30; i++)
		snprintf(words + strlen(words), sizeof words - strlen(words), "%s/usr/share/package-%02d",
			 i ? " " : "", i);
	struct merge_addition many = { "filesystem", "write", words, MERGE_WORDS };
	out = apply(text, &many, 1);
	size_t longest = 0, lines = 0;
	for (const char *l = out; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] == '\n'), lines++)
		longest = strcspn(l, "\n") > longest ? strcspn(l, "\n") : longest;
	ok(longest < 198 && strstr(out, "\nwrite = /usr/share/package-00 ") &&
	   strstr(out, "\n        /usr/share/package-"), "a long list is continued on indented lines (longest %zu)",
	   longest);
	free(out);

	struct merge_addition al = { "profile", "allow", "mlock", MERGE_LINE };
	out = apply(reset, &al, 1);
	is_str(out, "[profile]\npromises =\nallow = a\nallow = mlock\n", "a new line after the key's last");
	free(out);
}

static char *diff(const char *a, const char *b)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);
	learnmerge_diff(f, "p.ini", a, b);
	fclose(f);
	return buf;
}

static void test_diff(void)
{
	char *d = diff("1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\nfive\n6\n7\n8\n9\n");
	is_str(d, "--- p.ini\n+++ p.ini (merged)\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n",
	       "a changed line, with three lines of context");
	free(d);
	d = diff("a\nb\n", "a\nb\nc\n");
	is_str(d, "--- p.ini\n+++ p.ini (merged)\n@@ -1,2 +1,3 @@\n a\n b\n+c\n", "a line added at the end");
	free(d);
	d = diff("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n");
	is_str(d, "--- p.ini\n+++ p.ini (merged)\n@@ -1,3 +1,4 @@\n+0\n 1\n 2\n 3\n"
		  "@@ -10,3 +11,4 @@\n 10\n 11\n 12\n+13\n",
	       "changes far apart: two hunks");
	free(d);
}

static void test_args(void)
{
	char dir[] = "/var/tmp/test-learn.XXXXXX";
	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	char in[PATH_MAX + 8], out[PATH_MAX + 8];
	snprintf(in, sizeof in, "%s/in.pdf", dir);
	snprintf(out, sizeof out, "%s/out", dir);
	fclose(fopen(in, "w"));
	mkdir(out, 0755);
	struct strlist created = { 0 };
	char *p1 = NULL;
	if (asprintf(&p1, "%s/out/p-1.png", dir) < 0)
		return;
	strlist_add(&created, p1, NULL);
	char *argv[] = { "pdftoppm", "-png", "-r", "150", "in.pdf", "out/p", NULL };
	struct learned_args a = { 0 };
	learnargs_classify(6, argv, dir, &created, &a);
	ok(a.operands.n == 2 && !strcmp(a.operands.item[0], "input") &&
	   !strcmp(a.operands.item[1], "output-prefix"), "pdftoppm in.pdf out/p: input output-prefix");
	ok(a.with_value.n == 1 && !strcmp(a.with_value.item[0], "-r"), "-r 150: a value");
	ok(learnargs_is_output(&a, p1), "out/p-1.png is an output");
	ok(!learnargs_is_output(&a, in), "in.pdf is not");
	learnargs_free(&a);

	char *argv2[] = { "cabextract", "-d", "out", "in.pdf", NULL };
	learnargs_classify(4, argv2, dir, &created, &a);
	ok(a.directory_options.n == 1 && !strcmp(a.directory_options.item[0], "-d") &&
	   a.operands.n == 1 && !strcmp(a.operands.item[0], "input"),
	   "cabextract -d out in.cab: -d an output directory option, operands input");
	learnargs_free(&a);

	char *o = NULL;
	if (asprintf(&o, "--output=%s/out/p-1.png", dir) < 0)
		return;
	char *argv3[] = { "xmllint", o, "in.pdf", NULL };
	learnargs_classify(3, argv3, "/", &created, &a);
	ok(a.output_options.n == 1 && !strcmp(a.output_options.item[0], "--output"),
	   "--output=FILE: an output option");
	learnargs_free(&a);
	free(o);
	free(p1);
	strlist_free(&created);
	char cmd[PATH_MAX + 16];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
}

int main(void)
{
	test_merge();
	test_diff();
	test_args();
	return tap_done();
}
