/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "decide/ldso.h"

#include <ctype.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "base/util.h"

/* ldconfig follows includes without a limit; a loop of them must end. */
#define MAX_INCLUDE_DEPTH 8

/* --- the dynamic string tokens, as glibc's elf/dl-load.c expands them ------ */

static const char *token_platform(void)
{
	static struct utsname u;
	const char *platform = (const char *)getauxval(AT_PLATFORM);
	if (platform)
		return platform;
	uname(&u);
	return u.machine;
}

/* Does text start with token $NAME or ${NAME}? Returns its length, or 0. */
static size_t token_at(const char *text, const char *name)
{
	size_t n = strlen(name);
	if (text[1] == '{')
		return strncmp(text + 2, name, n) == 0 && text[2 + n] == '}' ? n + 3 : 0;
	if (strncmp(text + 1, name, n) != 0)
		return 0;
	char next = text[1 + n];
	return isalnum((unsigned char)next) || next == '_' ? 0 : n + 1;
}

/* The value of the token text starts with, or NULL; *skip is its length. */
static const char *token_value(const char *text, const char *origin_dir, size_t *skip)
{
	if ((*skip = token_at(text, "LIB")))
		return LD_LIB; /* the loader's library directory: configure says */
	if ((*skip = token_at(text, "PLATFORM")))
		return token_platform();
	if (origin_dir && (*skip = token_at(text, "ORIGIN")))
		return origin_dir;
	return NULL;
}

char *ldso_expand(const char *text, const char *origin_dir)
{
	size_t cap = strlen(text) + 1, len = 0;
	char *out = xmalloc(cap);
	for (const char *p = text; *p;) {
		size_t skip = 1, vlen = 1;
		const char *value = *p == '$' ? token_value(p, origin_dir, &skip) : NULL;
		if (value) {
			vlen = strlen(value);
		} else { /* the character itself */
			value = p;
			skip = 1;
		}
		if (len + vlen + 1 > cap)
			out = xrealloc(out, cap = 2 * (len + vlen + 1));
		memcpy(out + len, value, vlen);
		len += vlen;
		p += skip;
	}
	out[len] = '\0';
	return out;
}

/* --- the search ------------------------------------------------------------ */

static char *find_in_dir(const char *dir, size_t dir_len, const char *name)
{
	char *path = xpath_join(dir, dir_len, name);
	if (access(path, F_OK) == 0)
		return path;
	free(path);
	return NULL;
}

/* dirs: a list as LD_LIBRARY_PATH has it (colons or semicolons). */
static char *find_in_list(const char *dirs, const char *name)
{
	char *found = NULL;
	for (const char *d = dirs; !found && *d;) {
		size_t n = strcspn(d, ":;");
		if (n)
			found = find_in_dir(d, n, name);
		d += n + (d[n] != '\0');
	}
	return found;
}

static char *find_in_conf(const char *conf, const char *name, int depth);

char *ldso_search_conf(const char *conf, const char *name)
{
	return find_in_conf(conf, name, 0);
}

/* "include PATTERN...": each a glob, relative to the including file's
 * directory, as glibc's ldconfig reads them. */
static char *find_in_includes(const char *conf, char *patterns, const char *name, int depth)
{
	char *found = NULL;
	const char *slash = strrchr(conf, '/');
	for (char *pat; !found && (pat = strsep(&patterns, " \t"));) {
		if (!*pat)
			continue;
		char *full = pat[0] != '/' && slash ?
				     xpath_join(conf, (size_t)(slash - conf), pat) :
				     xstrdup(pat);
		glob_t g;
		if (glob(full, 0, NULL, &g) == 0)
			for (size_t i = 0; !found && i < g.gl_pathc; i++)
				found = find_in_conf(g.gl_pathv[i], name, depth + 1);
		globfree(&g);
		free(full);
	}
	return found;
}

/* One line of ld.so.conf: a directory ("DIR=TYPE" of old ldconfigs keeps
 * DIR), an include, or an ignored hwcap line. */
static char *find_in_line(const char *conf, char *line, const char *name, int depth)
{
	line[strcspn(line, "#\n")] = '\0';
	while (isspace((unsigned char)*line))
		line++;
	if (strncmp(line, "include", 7) == 0 && isblank((unsigned char)line[7]))
		return find_in_includes(conf, line + 8, name, depth);
	if (strncasecmp(line, "hwcap", 5) == 0 && isblank((unsigned char)line[5]))
		return NULL;
	size_t n = strcspn(line, "=");
	while (n > 0 && isspace((unsigned char)line[n - 1]))
		n--;
	while (n > 1 && line[n - 1] == '/')
		n--;
	return n ? find_in_dir(line, n, name) : NULL;
}

/* The directories of ld.so.conf (the same that ldconfig puts in
 * ld.so.cache), searched in order for name. */
static char *find_in_conf(const char *conf, const char *name, int depth)
{
	FILE *f = depth <= MAX_INCLUDE_DEPTH ? fopen(conf, "re") : NULL;
	if (!f)
		return NULL;
	char *line = NULL, *found = NULL;
	size_t cap = 0;
	while (!found && getline(&line, &cap, f) >= 0)
		found = find_in_line(conf, line, name, depth);
	free(line);
	fclose(f);
	return found;
}

/* A bare name: where ld.so looks, in its order. ld.so.cache stands for
 * the ld.so.conf directories it was built from; it lists only the names
 * that are some library's soname, so a file under another name is found
 * here and not by ld.so (its grant is then a read nothing makes). */
static char *search_bare(const char *name)
{
	const char *env = getenv("LD_LIBRARY_PATH");
	char *found = env ? find_in_list(env, name) : NULL;
	if (!found)
		found = ldso_search_conf("/etc/ld.so.conf", name);
	if (!found)
		found = find_in_list("/" LD_LIB ":/usr/" LD_LIB ":/lib:/usr/lib:/lib64:/usr/lib64",
				     name);
	return found;
}

char *ldso_resolve(const char *lib, const char *origin_dir)
{
	char *expanded = ldso_expand(lib, origin_dir);
	char *found = NULL;
	if (strchr(expanded, '$'))
		found = NULL; /* an unknown token: ld.so cannot load it either */
	else if (strchr(expanded, '/'))
		found = access(expanded, F_OK) == 0 ? xstrdup(expanded) : NULL;
	else
		found = search_bare(expanded);
	free(expanded);
	char *real = found ? realpath(found, NULL) : NULL;
	free(found);
	return real;
}
