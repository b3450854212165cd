/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --learn: writing the profile beside FILE and renaming it over, or
 * merging what this run adds into the file as it was. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decide/args.h"
#include "learn/learner.h"
#include "learn/learnmerge.h"

/* inih reads lines of up to 198 characters: comments are wrapped, and the
 * lines that merging reads back (run:, preload:) are cut. */
#define INI_LINE 198
#define RUN_MAX (INI_LINE - 7)

static void put_comment(FILE *f, const char *text)
{
	const char *prefix = "# ";
	while (strlen(prefix) + strlen(text) > 78) {
		size_t room = 78 - strlen(prefix), cut = room;
		while (cut && text[cut] != ' ')
			cut--;
		fprintf(f, "%s%.*s\n", prefix, (int)(cut ? cut : room), text);
		text += cut ? cut : room;
		text += strspn(text, " ");
		prefix = "#   ";
	}
	fprintf(f, "%s%s\n", prefix, text);
}

static char *argv_line(const struct learn_input *in)
{
	char *s = xcalloc(1, RUN_MAX + 1);
	size_t at = 0;
	for (int i = 0; i < in->argc && at < RUN_MAX; i++)
		at += (size_t)snprintf(s + at, RUN_MAX + 1 - at, "%s%s", i ? " " : "", in->argv[i]);
	if (at > RUN_MAX)
		strcpy(s + RUN_MAX - 3, "...");
	for (char *c = s; *c; c++)
		if (*c == '\n' || *c == '\r')
			*c = ' ';
	return s;
}

static void preload_lines(const struct learner *l, struct strlist *out)
{
	const struct preloads *pl = l->in->preloads;
	for (size_t i = 0; i < pl->libs.n; i++) {
		char *line;
		if (rule_of(pl, i))
			line = xasprintf("%s (%s): its needs are left to its rule %s",
					 pl->libs.item[i], pl->libs.origin[i],
					 rule_of(pl, i)->path);
		else
			line = xasprintf("%s (%s): no preload rule knows it; what it did is in "
					 "this profile",
					 pl->libs.item[i], pl->libs.origin[i]);
		if (!strlist_contains(out, line))
			strlist_add(out, line, NULL);
		free(line);
	}
}

/* One entry a line. A list holds words: a path with blanks in it, or too
 * long for a line, cannot be written and is said so. */
static void put_list(FILE *f, const char *key, const struct strlist *l)
{
	size_t indent = strlen(key) + 3, put = 0, left_out = 0;
	fprintf(f, "%s =", key);
	for (size_t i = 0; i < l->n; i++) {
		if (strpbrk(l->item[i], " \t") || indent + strlen(l->item[i]) > INI_LINE) {
			left_out++;
			continue;
		}
		if (put++) /* indented lines continue the list */
			fprintf(f, "\n%*s", (int)indent, "");
		else
			fputc(' ', f);
		fputs(l->item[i], f);
	}
	fputc('\n', f);
	if (left_out)
		fprintf(f, "# %zu %s with blanks or too long for a line left out of %s\n", left_out,
			left_out == 1 ? "entry" : "entries", key);
}

static void put_header(FILE *f, const struct learner *l)
{
	struct strlist preloads = { 0 };
	preload_lines(l, &preloads);
	fprintf(f,
		"# A profile for %s, learned by sandbox-run --learn from permissive runs:\n"
		"# no Landlock, every system call allowed and recorded. It allows what these\n"
		"# runs did and no more. Review it, roll it out with on-violation = report,\n"
		"# and run --learn again with this file to merge what new runs need.\n",
		l->in->target->name);
	if (preloads.n)
		fprintf(f, "# Preloaded libraries seen while learning:\n");
	for (size_t i = 0; i < preloads.n; i++)
		fprintf(f, "# preload: %.*s\n", INI_LINE - 11, preloads.item[i]);
	strlist_free(&preloads);
}

static void put_profile_section(FILE *f, const struct learner *l, const struct draft *d)
{
	fprintf(f, "\n[profile]\n");
	fprintf(f, "description = %s: learned by sandbox-run --learn (review before use)\n",
		l->in->target->name);
	fprintf(f,
		d->needs.n ?
			"# stdio and rpath are implicit; the others were needed by these calls:\n" :
			"# stdio and rpath are implicit, and this run needed no other\n");
	for (size_t i = 0; i < d->needs.n; i++)
		put_comment(f, d->needs.item[i]);
	struct strlist names = { 0 };
	for (size_t i = 0; i < promise_count(); i++)
		if (d->promise[i])
			strlist_add(&names, promise_at(i)->name, NULL);
	fprintf(f, "promises =");
	for (size_t i = 0; i < names.n; i++)
		fprintf(f, " %s", names.item[i]);
	fputc('\n', f);
	strlist_free(&names);
	if (d->allow.n)
		fprintf(f,
			"# single system calls no promise covers, with how often each was seen:\n");
	for (size_t i = 0; i < d->allow.n; i++) {
		unsigned long n = strtoul(d->allow.origin[i], NULL, 10);
		fprintf(f, "# %.*s: seen %lu %s\nallow = %s\n",
			(int)strcspn(d->allow.item[i], "( \t"), d->allow.item[i], n, learn_times(n),
			d->allow.item[i]);
	}
	for (size_t i = 0; i < d->never.n; i++) {
		const char *why = "";
		syscall_allowable(d->never.item[i], &why);
		unsigned long n = strtoul(d->never.origin[i], NULL, 10);
		char *line = xasprintf("not allowable, seen %lu %s: %s; the program will be "
				       "refused",
				       n, learn_times(n), why);
		put_comment(f, line);
		free(line);
	}
	fprintf(f, "on-violation = deny\nlandlock = required\n");
}

static void put_files_section(FILE *f, const struct draft *d)
{
	fprintf(f, "\n[filesystem]\n"
		   "# Files these runs opened that a confined run would not grant anyway (the\n"
		   "# system read set, the target, its operands, the promises' own paths),\n"
		   "# widened to their package directory; never / or a home directory.\n");
	put_list(f, "read", &d->read);
	put_list(f, "write", &d->write);
	put_list(f, "exec", &d->exec);
	for (size_t i = 0; i < d->created_elsewhere.n; i++) {
		char *line = xasprintf(
			"files were created in %s: only declared outputs "
			"([arguments]) and, with promise tmppath, the private $TMPDIR "
			"can be created in; otherwise it is refused",
			d->created_elsewhere.item[i]);
		put_comment(f, line);
		free(line);
	}
	fprintf(f, "\n[network]\n");
	put_list(f, "connect-tcp", &d->connect);
	put_list(f, "bind-tcp", &d->bind);
}

/* The outputs the run created, declared by the words that named them;
 * keys this sandbox-run cannot read yet (new_keys false) are comments. */
static void put_outputs(FILE *f, const struct draft *d)
{
	const struct learned_args *a = &d->args;
	const struct {
		const char *key;
		const struct strlist *list;
		bool new_key;
	} lists[] = {
		{ "output-options", &a->output_options, false },
		{ "output-directory-options", &a->directory_options, true },
		{ "output-prefix-options", &a->prefix_options, true },
	};
	struct strlist with_value = { 0 };
	for (size_t i = 0; i < a->with_value.n; i++)
		if (!strlist_contains(&a->output_options, a->with_value.item[i]) &&
		    !strlist_contains(&a->directory_options, a->with_value.item[i]) &&
		    !strlist_contains(&a->prefix_options, a->with_value.item[i]))
			strlist_add(&with_value, a->with_value.item[i], NULL);
	if (with_value.n)
		fprintf(f, "# options followed by a word that named no file: they take a value\n");
	if (with_value.n)
		put_list(f, "options-with-value", &with_value);
	strlist_free(&with_value);
	if (learnargs_any(a))
		fprintf(f,
			"# the files and directories the run created, by the words that named them\n");
	for (size_t i = 0; i < N(lists); i++) {
		if (!lists[i].list->n)
			continue;
		if (lists[i].new_key && !d->new_keys)
			fprintf(f,
				"# this sandbox-run does not read the key below: the run will be "
				"refused\n# ");
		put_list(f, lists[i].key, lists[i].list);
	}
	const struct strlist *ops = &a->operands;
	bool new_role = ops->n > 1;
	for (size_t i = 0; i < ops->n; i++)
		new_role |= strcmp(ops->item[i], operand_names[OPERANDS_INPUT]) &&
			    strcmp(ops->item[i], operand_names[OPERANDS_OUTPUT]) &&
			    strcmp(ops->item[i], operand_names[OPERANDS_NONE]);
	if (ops->n && (d->new_keys || (ops->n == 1 && !new_role))) {
		fprintf(f, "operands =");
		for (size_t i = 0; i < ops->n; i++)
			fprintf(f, " %s", ops->item[i]);
		fputc('\n', f);
		return;
	}
	if (ops->n) {
		fprintf(f, "# operands by position, which this sandbox-run does not read:\n#");
		for (size_t i = 0; i < ops->n; i++)
			fprintf(f, " %s", ops->item[i]);
		fputc('\n', f);
	}
	fprintf(f, "operands = input\n");
}

static void put_arguments(FILE *f, const struct learner *l, const struct draft *d)
{
	char *now = argv_line(l->in);
	fprintf(f,
		"\n[arguments]\n"
		"# Review: which arguments are inputs and outputs. The outputs below are\n"
		"# those the learned run created; operands are listed by position (the\n"
		"# last repeats): input lets the program read each operand it is given,\n"
		"# so that new inputs work. The command line it learned from:\n"
		"# run: %s\n",
		now);
	free(now);
	put_outputs(f, d);
}

static void draft_free(struct draft *d)
{
	struct strlist *lists[] = { &d->needs,   &d->allow, &d->never,
				    &d->read,    &d->write, &d->exec,
				    &d->connect, &d->bind,  &d->created_elsewhere };
	for (size_t i = 0; i < N(lists); i++)
		strlist_free(lists[i]);
	learnargs_free(&d->args);
	strlist_free(&d->old_outputs);
}

/* Written beside the old file and renamed over it: a reader sees the old
 * profile or the new one, never half of one. */
static FILE *open_beside(const char *out, char **tmp)
{
	*tmp = xasprintf("%s.XXXXXX", out);
	int fd = mkstemp(*tmp);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f)
		msg("--learn: cannot write %s: %s", *tmp, strerror(errno));
	else
		fchmod(fd, 0644);
	return f;
}

static bool rename_over(FILE *f, const char *tmp, const char *out)
{
	if (fclose(f) != 0 || rename(tmp, out) < 0) {
		msg("--learn: cannot write %s: %s", out, strerror(errno));
		unlink(tmp);
		return false;
	}
	return true;
}

static char *join_words(const struct strlist *l)
{
	char *s = xstrdup("");
	for (size_t i = 0; i < l->n; i++) {
		char *t = xasprintf("%s%s%s", s, i ? " " : "", l->item[i]);
		free(s);
		s = t;
	}
	return s;
}

/* What the run needs beyond the file, as additions to its text: only
 * what the file did not grant is in the draft when merging (choose_*). */
static size_t merge_additions(const struct learner *l, const struct draft *d,
			      struct merge_addition *add, struct strlist *words)
{
	size_t n = 0;
	for (size_t i = 0; i < promise_count(); i++)
		if (d->promise[i] && !(d->had & (1u << i)))
			strlist_add(&words[0], promise_at(i)->name, NULL);
	const struct {
		const char *section, *key;
		const struct strlist *now, *before;
		struct strlist *words;
	} lists[] = {
		{ "filesystem", "read", &d->read, &l->old.read, &words[1] },
		{ "filesystem", "write", &d->write, &l->old.write, &words[2] },
		{ "filesystem", "exec", &d->exec, &l->old.exec, &words[3] },
		{ "network", "connect-tcp", &d->connect, &l->old.connect_tcp, &words[4] },
		{ "network", "bind-tcp", &d->bind, &l->old.bind_tcp, &words[5] },
	};
	for (size_t k = 0; k < N(lists); k++)
		for (size_t i = 0; i < lists[k].now->n; i++)
			if (!strlist_contains(lists[k].before, lists[k].now->item[i]) &&
			    !strpbrk(lists[k].now->item[i], " \t"))
				strlist_add(lists[k].words, lists[k].now->item[i], NULL);
	char *promises = join_words(&words[0]);
	if (*promises)
		add[n++] = (struct merge_addition){ "profile", "promises", promises, MERGE_WORDS };
	else
		free(promises);
	for (size_t i = 0; i < d->allow.n; i++)
		if (!strlist_contains(&l->old.allow, d->allow.item[i]))
			add[n++] = (struct merge_addition){ "profile", "allow", d->allow.item[i],
							    MERGE_LINE };
	for (size_t k = 0; k < N(lists); k++) {
		char *value = join_words(lists[k].words);
		if (*value)
			add[n++] = (struct merge_addition){ lists[k].section, lists[k].key, value,
							    MERGE_WORDS };
		else
			free(value);
	}
	return n;
}

/* What the learner cannot write into the file, said instead. */
static void merge_notes(const struct learner *l, const struct draft *d)
{
	for (size_t i = 0; i < d->needs.n; i++)
		msg("--learn: %s: promise %s", l->in->out, d->needs.item[i]);
	for (size_t i = 0; i < d->allow.n; i++)
		if (!strlist_contains(&l->old.allow, d->allow.item[i]))
			msg("--learn: %s: allow %s, which no promise covers: seen %s %s",
			    l->in->out, d->allow.item[i], d->allow.origin[i],
			    learn_times(strtoul(d->allow.origin[i], NULL, 10)));
}

/* What the run did that no merge can grant: said whether or not the file
 * changed. */
static void refusal_notes(const struct learner *l, const struct draft *d)
{
	for (size_t i = 0; i < d->never.n; i++) {
		const char *why = "";
		syscall_allowable(d->never.item[i], &why);
		msg("--learn: %s: %s is not allowable (%s): the program will be refused it",
		    l->in->out, d->never.item[i], why);
	}
	for (size_t i = 0; i < d->created_elsewhere.n; i++)
		msg("--learn: %s: files were created in %s: declare them outputs in [arguments] "
		    "(a [filesystem] write entry does not grant creating)",
		    l->in->out, d->created_elsewhere.item[i]);
}

/* The merged file is the old text with what this run proved necessary
 * added; nothing else of it changes, and a run that needs nothing new
 * leaves it as it was, byte for byte. */
static void merge_profile(struct learner *l, const struct draft *d)
{
	struct merge_addition *add = xcalloc(d->allow.n + 6, sizeof *add);
	struct strlist words[6] = { 0 };
	size_t n = merge_additions(l, d, add, words);
	char *text = learnmerge_apply(l->old_text, add, n);
	for (size_t i = 0; i < n; i++)
		if (add[i].how == MERGE_WORDS)
			free((char *)add[i].value);
	for (size_t i = 0; i < N(words); i++)
		strlist_free(&words[i]);
	if (strcmp(text, l->last_text) == 0) {
		if (!l->written && (d->never.n || d->created_elsewhere.n))
			msg("--learn: %s: nothing a profile can grant to add; left as it was",
			    l->in->out);
		else if (!l->written)
			msg("--learn: %s already allows what %s did; left as it was", l->in->out,
			    l->in->target->name);
		if (!l->written)
			refusal_notes(l, d);
		l->written = true;
		free(text);
		free(add);
		return;
	}
	char *tmp;
	FILE *f = open_beside(l->in->out, &tmp);
	if (f && fputs(text, f) >= 0 && rename_over(f, tmp, l->in->out)) {
		msg("--learn: merged what %s needed into %s:", l->in->target->name, l->in->out);
		learnmerge_diff(stderr, l->in->out, l->last_text, text);
		merge_notes(l, d);
		refusal_notes(l, d);
		free(l->last_text);
		l->last_text = text;
		text = NULL;
	}
	l->written = true;
	free(tmp);
	free(text);
	free(add);
}

/* Which words of the command line named what the run created or wrote. */
static void learn_outputs(const struct learner *l, struct draft *d)
{
	struct strlist touched = { 0 };
	for (size_t i = 0; i < l->creates.n; i++)
		strlist_add(&touched, l->creates.item[i], NULL);
	for (size_t i = 0; i < l->writes.n; i++)
		strlist_add(&touched, l->writes.item[i], NULL);
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof cwd))
		snprintf(cwd, sizeof cwd, "/");
	learnargs_classify(l->in->argc, l->in->argv, cwd, &touched, &d->args);
	strlist_free(&touched);
}

/* Whether this sandbox-run reads the draft: [arguments] keys for output
 * directories, prefixes and operand roles are newer than some builds. */
static bool loads(const char *path)
{
	struct profile p = { 0 };
	struct strlist errors = { 0 };
	bool ok = profile_load(NULL, path, &p, &errors) == 0;
	profile_free(&p);
	strlist_free(&errors);
	return ok;
}

static bool put_draft(const struct learner *l, struct draft *d)
{
	char *tmp;
	FILE *f = open_beside(l->in->out, &tmp);
	if (!f) {
		free(tmp);
		return false;
	}
	put_header(f, l);
	put_profile_section(f, l, d);
	put_files_section(f, d);
	put_arguments(f, l, d);
	bool done;
	if (fclose(f) != 0) {
		msg("--learn: cannot write %s: %s", tmp, strerror(errno));
		done = false;
	} else if (d->new_keys && !loads(tmp)) {
		unlink(tmp);
		d->new_keys = false;
		done = put_draft(l, d);
	} else if (rename(tmp, l->in->out) < 0) {
		msg("--learn: cannot write %s: %s", l->in->out, strerror(errno));
		done = false;
	} else {
		done = true;
	}
	if (!done)
		unlink(tmp);
	free(tmp);
	return done;
}

void learn_write_profile(struct learner *l)
{
	struct draft d = { .new_keys = true };
	if (!l->merging)
		learn_outputs(l, &d);
	learn_choose_promises(l, &d);
	learn_prefer_tmppath(l, &d);
	learn_choose_paths(l, &d);
	learn_choose_ports(l, &d);
	if (l->merging)
		merge_profile(l, &d);
	else if (put_draft(l, &d) && !l->written)
		msg("--learn: wrote %s from a permissive run of %s: review it before use",
		    l->in->out, l->in->target->name);
	l->written = true;
	l->dirty = false;
	draft_free(&d);
}
