/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "admin/check.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "decide/preload.h"
#include "decide/profile.h"

struct tally {
	unsigned files, errors, warnings;
};

static void print_errors(struct strlist *errors, struct tally *t)
{
	for (size_t i = 0; i < errors->n; i++)
		printf("%s\n", errors->item[i]);
	t->errors += (unsigned)errors->n;
	strlist_free(errors);
}

/* Landlock grants absolute paths: a relative one would depend on the
 * directory sandbox-run is started from. A missing path is only a warning:
 * profiles are shared between machines with different packages. */
static void check_paths(const struct strlist *paths, struct tally *t)
{
	for (size_t i = 0; i < paths->n; i++) {
		if (paths->item[i][0] != '/') {
			printf("%s: \"%s\" is not an absolute path\n", paths->origin[i],
			       paths->item[i]);
			t->errors++;
		} else if (access(paths->item[i], F_OK) != 0) {
			printf("%s: warning: %s does not exist on this machine\n", paths->origin[i],
			       paths->item[i]);
			t->warnings++;
		}
	}
}

static void check_profile(const char *path, struct tally *t)
{
	struct profile p;
	struct strlist errors = { 0 };
	/* One file alone: drop-ins are checked as files of their own. */
	/* Validate what did load even after an error: every mistake at once. */
	profile_load(NULL, path, &p, &errors);
	profile_validate(&p, &errors);
	check_paths(&p.read, t);
	check_paths(&p.write, t);
	check_paths(&p.exec, t);
	print_errors(&errors, t);
	profile_free(&p);
}

static void check_preload_rule(const char *path, struct tally *t)
{
	struct preload_rule r;
	struct strlist errors = { 0 };
	/* The loader validates promises, allow conditions, ports (sysrule.h). */
	if (preload_rule_load(path, &r, &errors) == 0)
		check_paths(&r.read, t);
	print_errors(&errors, t);
	preload_rule_free(&r);
}

static void check_file(const char *path, struct tally *t)
{
	const char *base = path_base(path);
	t->files++;
	if (strcmp(base, "sandbox-run.conf") == 0) {
		fflush(stdout); /* settings_check reports on stderr: keep the order */
		t->errors += (unsigned)settings_check(path);
	} else if (strstr(path, "preload.d/"))
		check_preload_rule(path, t);
	else
		check_profile(path, t);
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* Every .ini below dir (one level of NAME.ini.d/ and preload.d/). */
static void collect(const char *dir, struct strlist *out, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char *path = xasprintf("%s/%s", dir, e->d_name);
		if (has_suffix(e->d_name, ".ini"))
			strlist_add(out, path, NULL);
		else if (depth == 0 &&
			 (has_suffix(e->d_name, ".ini.d") || strcmp(e->d_name, "preload.d") == 0))
			collect(path, out, 1);
		free(path);
	}
	if (d)
		closedir(d);
}

static int by_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* " in DIR and DIR, and CONF": where --check without FILE looked. */
static char *checked_dirs(const struct settings *s)
{
	char *out = xstrdup(" in");
	for (size_t i = 0; i < s->n_profile_dirs; i++) {
		char *longer = xstrjoin(out, i ? " and " : " ", s->profile_dirs[i], NULL);
		free(out);
		out = longer;
	}
	char *longer = xstrjoin(out,
				!s->conf_path         ? "" :
				s->n_profile_dirs > 1 ? ", and " :
							" and ",
				s->conf_path ? s->conf_path : "", NULL);
	free(out);
	return longer;
}

int check_files(const struct settings *s, char **files, int n)
{
	struct tally t = { 0 };
	struct strlist all = { 0 };
	for (int i = 0; i < n; i++)
		strlist_add(&all, files[i], NULL);
	if (n == 0) {
		for (size_t i = 0; i < s->n_profile_dirs; i++)
			collect(s->profile_dirs[i], &all, 0);
		if (all.n) /* qsort(NULL, 0, ...) is undefined */
			qsort(all.item, all.n, sizeof *all.item, by_path);
		if (s->conf_path)
			strlist_add(&all, s->conf_path, NULL);
	}
	for (size_t i = 0; i < all.n; i++)
		check_file(all.item[i], &t);
	/* The closing line says what was checked: a clean run prints nothing else. */
	char *what = n == 1 ? xasprintf(" (%s)", files[0]) : n ? xstrdup("") : checked_dirs(s);
	printf("%u file%s checked%s: %u errors, %u warnings\n", t.files, t.files == 1 ? "" : "s",
	       what, t.errors, t.warnings);
	free(what);
	strlist_free(&all);
	return t.errors ? 1 : 0;
}
