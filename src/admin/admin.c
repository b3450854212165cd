/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "admin/admin.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "decide/preload.h"
#include "decide/profile.h"

/* One place profiles come from, in lookup order (profile.c). */
struct source {
	char *dir;
	const char *label;
};

static bool has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && strcmp(s + a - b, suffix) == 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static const char *dir_label(const struct settings *s, const char *dir)
{
	if (strcmp(dir, SYSCONFDIR "/sandbox-run/profiles") == 0)
		return "administrator";
	return s->build_tree ? "build tree" : "shipped";
}

/* The same order as profile_find: $SANDBOX_RUN_PROFILE_PATH (when
 * allow-user-profiles permits it), then the system directories. */
static size_t list_sources(const struct settings *s, struct source *out, size_t max)
{
	size_t n = 0;
	const char *list = s->allow_user_profiles ? getenv("SANDBOX_RUN_PROFILE_PATH") : NULL;
	while (list && *list && n < max) {
		size_t len = strcspn(list, ":");
		if (len)
			out[n++] = (struct source){ strndup(list, len), "user" };
		list += len + (list[len] == ':');
	}
	for (size_t i = 0; i < s->n_profile_dirs && n < max; i++)
		out[n++] = (struct source){ xstrdup(s->profile_dirs[i]),
					    dir_label(s, s->profile_dirs[i]) };
	return n;
}

static void profile_names(const char *dir, struct strlist *names)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.' && has_suffix(e->d_name, ".ini"))
			strlist_add(names, e->d_name, NULL);
	if (d)
		closedir(d);
	if (names->n) /* an empty list has no array: qsort(NULL, 0) is undefined */
		qsort(names->item, names->n, sizeof *names->item, by_name);
}

static bool found_earlier(const struct source *src, size_t which, const char *file)
{
	bool found = false;
	for (size_t j = 0; j < which && !found; j++) {
		char *other = xasprintf("%s/%s", src[j].dir, file);
		found = access(other, F_OK) == 0;
		free(other);
	}
	return found;
}

static void print_profile(const struct settings *s, const struct source *src, size_t which,
			  const char *file)
{
	char *path = xasprintf("%s/%s", src[which].dir, file);
	struct profile p;
	struct strlist errors = { 0 };
	int bad = profile_load(s, path, &p, &errors);
	char source[64];
	snprintf(source, sizeof source, "%s%s", src[which].label,
		 found_earlier(src, which, file) ? ",overridden" : "");
	printf("%-12s %-18s %s  %s\n", p.name, source, path,
	       bad           ? "(has errors: run sandbox-run --check)" :
	       p.description ? p.description :
			       "");
	for (size_t i = 1; i < p.files.n; i++)
		printf("%-12s %-18s %s\n", "", "+ drop-in", p.files.item[i]);
	profile_free(&p);
	strlist_free(&errors);
	free(path);
}

/* $SANDBOX_RUN_PROFILE_PATH's directories into dirs, when it is used;
 * returns how many. */
static size_t user_dirs(const struct settings *s, struct strlist *dirs)
{
	const char *list = s->allow_user_profiles ? getenv("SANDBOX_RUN_PROFILE_PATH") : NULL;
	size_t n = 0;
	while (list && *list) {
		size_t len = strcspn(list, ":");
		char *dir = strndup(list, len);
		if (!dir)
			die("out of memory");
		if (len) {
			strlist_add(dirs, dir, NULL);
			n++;
		}
		free(dir);
		list += len + (list[len] == ':');
	}
	return n;
}

char *admin_profile_dirs(const struct settings *s)
{
	struct strlist dirs = { 0 };
	size_t n_user = user_dirs(s, &dirs);
	for (size_t i = 0; i < s->n_profile_dirs; i++)
		strlist_add(&dirs, s->profile_dirs[i], NULL);
	char *out = xstrdup("");
	for (size_t i = 0; i < dirs.n; i++) {
		const char *sep = i == 0 ? "" : i + 1 == dirs.n ? " or " : ", ";
		const char *mark = i + 1 == n_user ? " ($SANDBOX_RUN_PROFILE_PATH)" : "";
		char *longer = xstrjoin(out, sep, dirs.item[i], mark, NULL);
		free(out);
		out = longer;
	}
	strlist_free(&dirs);
	const char *list = getenv("SANDBOX_RUN_PROFILE_PATH");
	if (!list || !*list || s->allow_user_profiles)
		return out;
	/* Set, and not used: the reader may be wondering about it. */
	char *noted = xstrjoin(out,
			       " ($SANDBOX_RUN_PROFILE_PATH is ignored: "
			       "allow-user-profiles = no)",
			       NULL);
	free(out);
	return noted;
}

int admin_list_profiles(const struct settings *s)
{
	struct source src[16];
	size_t n = list_sources(s, src, sizeof src / sizeof src[0]), found = 0;
	for (size_t i = 0; i < n; i++) {
		struct strlist names = { 0 };
		profile_names(src[i].dir, &names);
		for (size_t j = 0; j < names.n; j++)
			print_profile(s, src, i, names.item[j]);
		found += names.n;
		strlist_free(&names);
	}
	for (size_t i = 0; i < n; i++)
		free(src[i].dir);
	if (found)
		return 0;
	/* Nothing to list is a finding, as for grep: status 1, and said even
	 * with -q, since an empty listing alone reads as success. */
	char *dirs = admin_profile_dirs(s);
	msg_always("--list-profiles: no profiles in %s; install some (make install) or write "
		   "NAME.ini there (see sandbox-run.profile(5))",
		   dirs);
	free(dirs);
	return 1;
}

int admin_print_keys(const char *kind)
{
	static const struct {
		const char *kind;
		void (*print)(void);
	} kinds[] = {
		{ "profile", profile_print_keys },
		{ "conf", settings_print_keys },
		{ "preload", preload_print_keys },
	};
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kind, kinds[i].kind) == 0) {
			kinds[i].print();
			return 0;
		}
	die("--print-keys=%s: expected profile, conf or preload", kind);
}
