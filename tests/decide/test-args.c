/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Deciding, part 2: which argv elements of the target are its inputs and
 * outputs, per the profile's [arguments]. Golden cases as a table. */
#include <stdlib.h>

#include "decide/args.h"
#include "../lib/tap.h"

/* Option syntax of the real tools, as their profiles describe it. */
static const char *const file_args[] = {
	"options-with-value", "-e --exclude -F --separator -P --parameter",
	"input-options", "-m --magic-file", "input-list-options", "-f --files-from", NULL,
};
static const char *const groff_args[] = {
	"options-with-value", "-d -f -F -I -L -m -M -n -o -P -r -T -w -W", NULL,
};
static const char *const gs_args[] = {
	"clustered-short-options", "no", "input-options", "-f",
	"output-options", "-o -sOutputFile= --output-file", "options-with-value", "-I", NULL,
};
static const char *const less_args[] = {
	"options-with-value", "-b -h -j -p -P -t -T -x -y -z --pattern --prompt",
	"input-options", "-k --lesskey-file", "output-options", "-o -O --log-file --LOG-FILE", NULL,
};

/* The shapes of [arguments] beyond one file per value (issue 25). */
static const char *const unzip_args[] = {
	"options-with-value", "-P -O -I -x", "output-directory-options", "-d", NULL,
};
static const char *const bsdtar_args[] = {
	"operands", "none", "input-options", "-f --file", "output-directory-options", "-C --cd",
	"options-with-value", "--format -s", NULL,
};
static const char *const sevenz_args[] = {
	"operands", "none input none", "glued-option-values", "yes",
	"output-directory-options", "-o", "options-with-value", "-p -t -x -i -m -w", NULL,
};
static const char *const pdftoppm_args[] = {
	"operands", "input output-prefix", "clustered-short-options", "no",
	"options-with-value", "-f -l -r -scale-to -x -y -W -H", NULL,
};
static const char *const jq_args[] = {
	"operands", "none input", "two-value-options", "--arg --argjson",
	"named-input-options", "--slurpfile --rawfile", "input-tree-options", "-L",
	"options-with-value", "--indent --tab", NULL,
};
static const char *const cab_args[] = {
	"operands", "input", "output-directory-options", "-d --directory", "options-with-value", "-F -e",
	NULL,
};

struct args_case {
	const char *const *spec;
	const char *argv;     /* split on blanks */
	const char *expected; /* I:input O:output L:list, in argv order per kind */
};

static const struct args_case cases[] = {
	{ file_args, "file a b c", "I:a I:b I:c" },
	{ file_args, "file -m magic.mgc x", "I:magic.mgc I:x" },
	{ file_args, "file --magic-file=m2 -e compress y", "I:m2 I:y" },
	{ file_args, "file --magic-file m3 y", "I:m3 I:y" },
	{ file_args, "file -zL -m m4 f", "I:m4 I:f" },
	{ file_args, "file -zm m5 f", "I:m5 I:f" },
	{ file_args, "file -mm6 f", "I:m6 I:f" },
	{ file_args, "file -f list.txt", "L:list.txt" },
	{ file_args, "file --files-from=l2 a", "I:a L:l2" },
	{ file_args, "file -- -weird --also", "I:-weird I:--also" },
	{ file_args, "file -", "" },
	{ file_args, "file x -m m7 y", "I:x I:m7 I:y" },
	{ file_args, "file -m a -m b x", "I:a I:b I:x" },
	{ file_args, "file -F : -e elf a", "I:a" },
	{ file_args, "file --separator=: a", "I:a" },
	{ file_args, "file a -m", "I:a" },
	{ file_args, "file --magic-file", "" },
	{ groff_args, "groff -mandoc -Tutf8 page.1", "I:page.1" },
	{ groff_args, "groff -m an -T ps -P -b16 p.1 q.1", "I:p.1 I:q.1" },
	{ groff_args, "groff -t -e -p -Tps -", "" },
	{ gs_args, "gs -dSAFER -dBATCH -sDEVICE=png16m -sOutputFile=out-%d.png in.ps",
	  "I:in.ps O:out-%d.png" },
	{ gs_args, "gs -o out.pdf -sDEVICE=pdfwrite in.pdf", "I:in.pdf O:out.pdf" },
	{ gs_args, "gs -q -dNOPAUSE -f in.ps", "I:in.ps" },
	{ gs_args, "gs -I/usr/share/fonts -dQUIET x.ps", "I:x.ps" },
	{ gs_args, "gs -sOutputFile=", "" },
	{ less_args, "less -o log.txt file.txt", "I:file.txt O:log.txt" },
	{ less_args, "less --log-file=lf -N x", "I:x O:lf" },
	{ less_args, "less -Nk keys x", "I:keys I:x" },
	{ less_args, "less -p pattern x -- y", "I:x I:y" },
	/* D: output directory, P: output prefix, T: input tree */
	{ unzip_args, "unzip -o -d out a.zip", "I:a.zip D:out" },
	{ unzip_args, "unzip a.zip -x skip -d out", "I:a.zip D:out" },
	{ unzip_args, "unzip -dout a.zip", "I:a.zip D:out" },
	{ bsdtar_args, "bsdtar -x -C out -f a.tar", "I:a.tar D:out" },
	{ bsdtar_args, "bsdtar -xf a.tar -C out member", "I:a.tar D:out" },
	{ bsdtar_args, "bsdtar --cd=out -x --file a.tar", "I:a.tar D:out" },
	{ cab_args, "cabextract -d out a.cab b.cab", "I:a.cab I:b.cab D:out" },
	{ cab_args, "cabextract --directory=out -F x a.cab", "I:a.cab D:out" },
	{ sevenz_args, "7z x -oout a.7z", "I:a.7z D:out" },
	{ sevenz_args, "7z x -y -pSECRET -o/tmp/o a.7z member", "I:a.7z D:/tmp/o" },
	{ sevenz_args, "7z l a.7z", "I:a.7z" },
	{ sevenz_args, "7z x -o a.7z", "I:a.7z" },
	{ pdftoppm_args, "pdftoppm -r 72 in.pdf out/p", "I:in.pdf P:out/p" },
	{ pdftoppm_args, "pdftoppm -png -f 1 -l 2 in.pdf p", "I:in.pdf P:p" },
	{ pdftoppm_args, "pdftoppm in.pdf", "I:in.pdf" },
	{ jq_args, "jq . a.json", "I:a.json" },
	{ jq_args, "jq .x a.json b.json", "I:a.json I:b.json" },
	{ jq_args, "jq --arg n a.json $n x.json", "I:x.json" },
	{ jq_args, "jq --argjson n 1 --slurpfile s s.json --rawfile r r.txt .x in.json",
	  "I:s.json I:r.txt I:in.json" },
	{ jq_args, "jq -L lib -n .", "T:lib" },
	{ jq_args, "jq -Llib -r . f", "I:f T:lib" },
	{ jq_args, "jq --indent 4 .", "" },
	{ jq_args, "jq --arg n", "" },
	{ jq_args, "jq --slurpfile s", "" },
};

static void append(char *buf, size_t size, const char *kind, const struct strlist *l)
{
	for (size_t i = 0; i < l->n; i++) {
		size_t len = strlen(buf);
		snprintf(buf + len, size - len, "%s%s:%s", len ? " " : "", kind, l->item[i]);
	}
}

static void load_spec(struct profile *p, const char *const *spec)
{
	memset(p, 0, sizeof *p);
	p->clustered_short_options = 1;
	for (size_t i = 0; spec[i]; i += 2) {
		const char *key = spec[i], *value = spec[i + 1];
		if (strcmp(key, "clustered-short-options") == 0)
			p->clustered_short_options = strcmp(value, "yes") == 0;
		else if (strcmp(key, "options-with-value") == 0)
			split_words(value, &p->options_with_value, "test");
		else if (strcmp(key, "input-options") == 0)
			split_words(value, &p->input_options, "test");
		else if (strcmp(key, "input-list-options") == 0)
			split_words(value, &p->input_list_options, "test");
		else if (strcmp(key, "output-options") == 0)
			split_words(value, &p->output_options, "test");
		else if (strcmp(key, "output-directory-options") == 0)
			split_words(value, &p->output_directory_options, "test");
		else if (strcmp(key, "two-value-options") == 0)
			split_words(value, &p->two_value_options, "test");
		else if (strcmp(key, "named-input-options") == 0)
			split_words(value, &p->named_input_options, "test");
		else if (strcmp(key, "input-tree-options") == 0)
			split_words(value, &p->input_tree_options, "test");
		else if (strcmp(key, "glued-option-values") == 0)
			p->glued_option_values = strcmp(value, "yes") == 0;
		else if (strcmp(key, "operands") == 0)
			split_words(value, &p->operand_roles, "test");
	}
}

static void run_case(const struct args_case *c)
{
	struct profile p;
	load_spec(&p, c->spec);
	struct strlist words = { 0 };
	split_words(c->argv, &words, "test");
	struct arg_files files;
	args_classify(&p, (int)words.n, words.item, &files);
	char got[1024] = "";
	append(got, sizeof got, "I", &files.inputs);
	append(got, sizeof got, "O", &files.outputs);
	append(got, sizeof got, "L", &files.input_lists);
	append(got, sizeof got, "D", &files.output_dirs);
	append(got, sizeof got, "P", &files.output_prefixes);
	append(got, sizeof got, "T", &files.input_trees);
	is_str(got, c->expected, "%s", c->argv);
	args_free(&files);
	strlist_free(&words);
	profile_free(&p);
}

static void test_origins(void)
{
	struct profile p;
	load_spec(&p, file_args);
	char *argv[] = { "file", "-m", "db", "x", NULL };
	struct arg_files files;
	args_classify(&p, 4, argv, &files);
	is_str(files.inputs.origin[0], "argv[2] (-m)", "an option's value names its position and option");
	is_str(files.inputs.origin[1], "argv[3]", "an operand names its position");
	args_free(&files);
	p.operands = OPERANDS_OUTPUT;
	args_classify(&p, 4, argv, &files);
	ok(files.outputs.n == 1 && strcmp(files.outputs.item[0], "x") == 0,
	   "operands = output makes operands outputs");
	args_free(&files);
	p.operands = OPERANDS_NONE;
	args_classify(&p, 4, argv, &files);
	ok(files.inputs.n == 1 && files.outputs.n == 0, "operands = none ignores operands");
	args_free(&files);
	profile_free(&p);
}

int main(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i]);
	test_origins();
	return tap_done();
}
