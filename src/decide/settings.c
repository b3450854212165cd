/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "decide/settings.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/inifile.h"
#include "base/trusted.h"

static const char *const unknown_names[] = { "warn", "refuse", "ignore", NULL };
static const char *const missing_names[] = { "refuse", "default", NULL };
static const char *const cache_names[] = { "auto", "none", NULL };

#define S(field) offsetof(struct settings, field)
static const struct ini_key settings_keys[] = {
	{ "settings", "missing-profile", INI_ENUM, S(missing_profile), missing_names,
	  "refuse a command without a profile, or run it under default-profile" },
	{ "settings", "default-profile", INI_STRING, S(default_profile), NULL,
	  "profile used for commands without one when missing-profile = default" },
	{ "settings", "unknown-preload", INI_ENUM, S(unknown_preload), unknown_names,
	  "what to do about a preloaded library no rule knows" },
	{ "settings", "log", INI_ENUM, S(log), log_names, "where denial reports go" },
	{ "settings", "on-violation", INI_ENUM, S(on_violation), violation_names,
	  "default for profiles that do not say" },
	{ "settings", "allow-user-profiles", INI_BOOL, S(allow_user_profiles), NULL,
	  "whether --profile FILE and $SANDBOX_RUN_PROFILE_PATH may name other files" },
	{ "settings", "filter-cache", INI_KEYWORD_OR_PATH, S(filter_cache), cache_names,
	  "where compiled seccomp filters are kept: auto, none or a directory" },
	{ "limits", "cpu", INI_LIST, S(limits.value[LIMIT_CPU]), NULL,
	  "default seconds of CPU time per process" },
	{ "limits", "address-space", INI_LIST, S(limits.value[LIMIT_AS]), NULL,
	  "default bytes of address space per process" },
	{ "limits", "file-size", INI_LIST, S(limits.value[LIMIT_FSIZE]), NULL,
	  "default largest file size" },
	{ "limits", "open-files", INI_LIST, S(limits.value[LIMIT_NOFILE]), NULL,
	  "default descriptors per process" },
	{ "limits", "processes", INI_LIST, S(limits.value[LIMIT_NPROC]), NULL,
	  "default processes of the user" },
	{ "limits", "timeout", INI_LIST, S(limits.value[LIMIT_TIMEOUT]), NULL,
	  "default seconds of wall-clock time" },
};
#define N_KEYS (sizeof settings_keys / sizeof settings_keys[0])

/* The binary in the build tree uses the tree's profiles/, so that it runs
 * before (and without) make install. It is that binary if the file it was
 * executed as (AT_EXECFN, relative to the working directory it still has)
 * is the tree's: two stat() calls, where readlink("/proc/self/exe") is a
 * new process's first lookup in /proc, which is slow (a dynamically linked
 * launcher's; static glibc makes that call at start-up regardless, see
 * docs/performance.md). The tree also has a
 * twin linked against the shared C library, for valgrind (leaks.t). */
static bool running_from_build_tree(void)
{
	struct stat tree, self;
	const char *execfn = (const char *)getauxval(AT_EXECFN);
	if (!execfn)
		return false;
	bool twin = strcmp(path_base(execfn), "sandbox-run-dynamic") == 0;
	return stat(twin ? ABS_BUILDDIR "/tests/lib/sandbox-run-dynamic" :
			   ABS_BUILDDIR "/src/sandbox-run",
		    &tree) == 0 &&
	       stat(execfn, &self) == 0 && tree.st_dev == self.st_dev && tree.st_ino == self.st_ino;
}

static void set_locations(struct settings *s)
{
	s->build_tree = running_from_build_tree();
	if (!s->build_tree)
		s->profile_dirs[s->n_profile_dirs++] = xstrdup(SYSCONFDIR "/sandbox-run/profiles");
	s->profile_dirs[s->n_profile_dirs++] = xstrdup(s->build_tree ? ABS_SRCDIR "/profiles" :
								       PKGDATADIR "/profiles");
}

/* Returns the number of errors, or -1 if the file is missing and may be. */
static int load_file(struct settings *s, const char *path, bool missing_ok)
{
	struct ini_result res = { 0 };
	/* Held to the same rule as profiles: whoever can write it decides
	 * unknown-preload and allow-user-profiles. */
	FILE *f = trusted_open(path, missing_ok, &res.errors);
	int errors = f            ? ini_load_file(f, path, settings_keys, N_KEYS, s, &res) :
		     res.errors.n ? (int)res.errors.n :
				    -1;
	if (f)
		errors += limits_validate(&s->limits, &res.errors);
	if (f)
		fclose(f);
	for (size_t i = 0; i < res.errors.n; i++)
		fprintf(stderr, "%s: %s\n", program_name, res.errors.item[i]);
	strlist_free(&res.errors);
	return errors;
}

void settings_load(struct settings *s, const char *config_file)
{
	memset(s, 0, sizeof *s);
	s->allow_user_profiles = 1;
	set_locations(s);
	char *path = xstrdup(config_file   ? config_file :
			     s->build_tree ? ABS_SRCDIR "/profiles/sandbox-run.conf" :
					     SYSCONFDIR "/sandbox-run/sandbox-run.conf");
	int errors = load_file(s, path, !config_file);
	if (errors < 0) {
		free(path);
		return; /* no file: built-in defaults */
	}
	if (errors)
		die("%s: fix the errors above (sandbox-run --check %s)", path, path);
	s->conf_path = path;
}

int settings_check(const char *path)
{
	struct settings s = { 0 };
	int errors = load_file(&s, path, false);
	settings_free(&s);
	return errors;
}

int settings_parse_enum(const char *const *names, const char *value)
{
	for (int i = 0; names[i]; i++)
		if (strcmp(names[i], value) == 0)
			return i;
	return -1;
}

void settings_print_keys(void)
{
	ini_print_keys(settings_keys, N_KEYS);
}

void settings_free(struct settings *s)
{
	free(s->conf_path);
	for (size_t i = 0; i < s->n_profile_dirs; i++)
		free(s->profile_dirs[i]);
	free(s->default_profile);
	free(s->filter_cache);
	limit_text_free(&s->limits);
}
