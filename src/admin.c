#include "admin.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profile.h"

static bool has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && strcmp(s + a - b, suffix) == 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void list_dir(const struct settings *s, size_t which)
{
	struct strlist files = { 0 };
	DIR *d = opendir(s->profile_dirs[which]);
	struct dirent *e;
	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.' && has_suffix(e->d_name, ".ini"))
			strlist_add(&files, e->d_name, NULL);
	if (d)
		closedir(d);
	qsort(files.item, files.n, sizeof *files.item, by_name);
	for (size_t i = 0; i < files.n; i++) {
		char *path = xasprintf("%s/%s", s->profile_dirs[which], files.item[i]);
		struct profile p;
		struct strlist errors = { 0 };
		int bad = profile_load(s, path, &p, &errors);
		bool shadowed = false;
		for (size_t j = 0; j < which; j++) {
			char *other = xasprintf("%s/%s", s->profile_dirs[j], files.item[i]);
			shadowed |= access(other, F_OK) == 0;
			free(other);
		}
		printf("%-16s %s%s  %s\n", p.name, path, shadowed ? " (overridden)" : "",
		       bad ? "(has errors: sandbox-run --check)" : p.description ? p.description : "");
		profile_free(&p);
		strlist_free(&errors);
		free(path);
	}
	strlist_free(&files);
}

int admin_list_profiles(const struct settings *s)
{
	for (size_t i = 0; i < s->n_profile_dirs; i++)
		list_dir(s, i);
	return 0;
}
