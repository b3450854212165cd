/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Global settings (sandbox-run.conf) and where profiles live. */
#ifndef SR_SETTINGS_H
#define SR_SETTINGS_H

#include "decide/limits.h"
#include "decide/policy.h"
#include "base/util.h"

enum unknown_preload {
	UNKNOWN_WARN,
	UNKNOWN_REFUSE,
	UNKNOWN_IGNORE
};
enum missing_profile {
	MISSING_REFUSE,
	MISSING_DEFAULT
};

struct settings {
	/* where things are */
	char *conf_path; /* the file read, or NULL when there was none */
	/* Profile directories, highest priority first: the administrator's
	 * $(sysconfdir)/sandbox-run/profiles, then the shipped
	 * $(pkgdatadir)/profiles (in the build tree: the tree's profiles/). */
	char *profile_dirs[2];
	size_t n_profile_dirs;
	bool build_tree;
	/* sandbox-run.conf */
	int missing_profile; /* enum missing_profile */
	char *default_profile;
	int unknown_preload; /* enum unknown_preload */
	int log; /* enum log_target */
	int on_violation; /* enum violation */
	int allow_user_profiles;
	char *filter_cache; /* "auto" (NULL), "none" or a directory: filtercache.h */
	struct limit_text limits; /* [limits]: for profiles that do not set a key */
};

/* Reads sandbox-run.conf (config_file, or the installed one); a missing
 * default file means built-in defaults, a bad one is fatal (exit 125). */
void settings_load(struct settings *s, const char *config_file);
/* For --check: lint one conf file; returns the number of errors printed. */
int settings_check(const char *path);
int settings_parse_enum(const char *const *names, const char *value);
void settings_print_keys(void);
void settings_free(struct settings *s);

#endif
