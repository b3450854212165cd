#include "preload.h"

#include <dirent.h>
#include <fnmatch.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inifile.h"
#include "profile.h"

#define R(field) offsetof(struct preload_rule, field)
static const struct ini_key rule_keys[] = {
	{ "preload", "description", INI_STRING, R(description), NULL, "shown by --explain" },
	{ "preload", "match", INI_LIST, R(match), NULL, "globs on the library file name" },
	{ "preload", "unsupported", INI_STRING, R(unsupported), NULL,
	  "refuse to run under this library, with this explanation" },
	{ "preload", "promises", INI_LIST, R(promises), NULL, "promises the library needs" },
	{ "preload", "allow", INI_LIST, R(allow), NULL, "single system calls it needs" },
	{ "filesystem", "read", INI_LIST, R(read), NULL, "files it reads" },
	{ "filesystem", "write", INI_LIST, R(write), NULL, "files it writes" },
	{ "network", "connect-tcp", INI_LIST, R(connect_tcp), NULL, "TCP ports it connects to" },
	{ "network", "connect-tcp-env", INI_LIST, R(connect_tcp_env), NULL,
	  "environment variables whose leading number is a TCP port it connects to" },
};
#define N_KEYS (sizeof rule_keys / sizeof rule_keys[0])

static void add_words(struct preloads *pl, const char *text, const char *origin)
{
	/* ld.so separates LD_PRELOAD entries by colons or blanks, and
	 * /etc/ld.so.preload by blanks; '#' starts a comment in the file. */
	const char *p = text;
	while (*p) {
		p += strspn(p, ": \t\n");
		if (*p == '#') {
			p += strcspn(p, "\n");
			continue;
		}
		size_t len = strcspn(p, ": \t\n");
		if (!len)
			break;
		char *w = strndup(p, len);
		if (!w)
			die("out of memory");
		strlist_add(&pl->libs, w, origin);
		free(w);
		p += len;
	}
}

void preload_detect(struct preloads *pl, const char *ld_preload, const char *preload_file)
{
	memset(pl, 0, sizeof *pl);
	if (ld_preload)
		add_words(pl, ld_preload, "LD_PRELOAD");
	FILE *f = preload_file ? fopen(preload_file, "re") : NULL;
	if (f) {
		char line[4096];
		while (fgets(line, sizeof line, f))
			add_words(pl, line, preload_file);
		fclose(f);
	}
}

static const char *file_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

int preload_rule_load(const char *path, struct preload_rule *r, struct strlist *errors)
{
	memset(r, 0, sizeof *r);
	r->path = xstrdup(path);
	if (profile_check_owner(path, errors))
		return 1;
	struct ini_result res = { 0 };
	int n = ini_load(path, rule_keys, N_KEYS, r, &res);
	for (size_t i = 0; i < res.errors.n; i++)
		strlist_add(errors, res.errors.item[i], NULL);
	strlist_free(&res.errors);
	if (!n && r->match.n == 0) {
		char *m = xasprintf("%s:1: a preload rule needs \"match =\" in [preload]", path);
		strlist_add(errors, m, NULL);
		free(m);
		n = 1;
	}
	return n;
}

static int load_dir(const char *dir, struct preloads *pl, struct strlist *errors)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	struct dirent *e;
	int n = 0;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (e->d_name[0] == '.' || len < 5 || strcmp(e->d_name + len - 4, ".ini") != 0)
			continue;
		/* The administrator's rule of the same name replaces the shipped one. */
		bool shadowed = false;
		for (size_t i = 0; i < pl->rule_files.n; i++)
			shadowed |= strcmp(file_name(pl->rule_files.item[i]), e->d_name) == 0;
		if (shadowed)
			continue;
		char *path = xasprintf("%s/%s", dir, e->d_name);
		pl->rules = xrealloc(pl->rules, (pl->n_rules + 1) * sizeof *pl->rules);
		n += preload_rule_load(path, &pl->rules[pl->n_rules++], errors);
		strlist_add(&pl->rule_files, path, NULL);
		free(path);
	}
	closedir(d);
	return n;
}

static int match_rule(const struct preloads *pl, const char *lib)
{
	for (size_t i = 0; i < pl->n_rules; i++)
		for (size_t j = 0; j < pl->rules[i].match.n; j++)
			if (fnmatch(pl->rules[i].match.item[j], file_name(lib), 0) == 0)
				return (int)i;
	return -1;
}

int preload_match(const struct settings *s, struct preloads *pl, struct strlist *errors)
{
	int n = 0;
	if (pl->libs.n == 0)
		return 0; /* the common case reads no rule file at all */
	for (size_t i = 0; i < s->n_profile_dirs; i++) {
		char *dir = xasprintf("%s/preload.d", s->profile_dirs[i]);
		n += load_dir(dir, pl, errors);
		free(dir);
	}
	pl->rule = xcalloc(pl->libs.n, sizeof *pl->rule);
	for (size_t i = 0; i < pl->libs.n; i++)
		pl->rule[i] = match_rule(pl, pl->libs.item[i]);
	return n;
}

void preload_rule_free(struct preload_rule *r)
{
	free(r->path);
	free(r->description);
	free(r->unsupported);
	struct strlist *lists[] = { &r->match, &r->promises, &r->allow, &r->read,
				    &r->write, &r->connect_tcp, &r->connect_tcp_env };
	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
		strlist_free(lists[i]);
}

void preload_free(struct preloads *pl)
{
	for (size_t i = 0; i < pl->n_rules; i++)
		preload_rule_free(&pl->rules[i]);
	free(pl->rules);
	free(pl->rule);
	strlist_free(&pl->libs);
	strlist_free(&pl->rule_files);
}

void preload_print_keys(void)
{
	ini_print_keys(rule_keys, N_KEYS);
}
