/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "decide/profile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "base/inifile.h"
#include "base/trusted.h"
#include "catalogue/promises.h"
#include "catalogue/sysrule.h"

const char *const operand_names[] = { "input",         "output", "none", "output-directory",
				      "output-prefix", NULL };
static const char *const dir_operand_names[] = { "self", "tree", NULL };
static const char *const create_names[] = { "launcher", "directory", NULL };

#define P(field) offsetof(struct profile, field)
static const struct ini_key profile_keys[] = {
	{ "profile", "description", INI_STRING, P(description), NULL,
	  "one line shown by --list-profiles" },
	{ "profile", "promises", INI_LIST, P(promises), NULL, "pledge-style promises granted" },
	{ "profile", "allow", INI_LIST, P(allow), NULL, "single system calls beyond the promises" },
	{ "profile", "refuse", INI_LIST, P(refuse), NULL,
	  "calls it makes and does without: EPERM, unreported" },
	{ "profile", "on-violation", INI_ENUM, P(on_violation), violation_names,
	  "deny, kill or report" },
	{ "profile", "landlock", INI_ENUM, P(landlock), landlock_mode_names,
	  "required, best-effort or off" },
	{ "filesystem", "read", INI_LIST, P(read), NULL, "files and directory trees readable" },
	{ "filesystem", "write", INI_LIST, P(write), NULL, "files and directory trees writable" },
	{ "filesystem", "exec", INI_LIST, P(exec), NULL, "programs that may be executed" },
	{ "network", "connect-tcp", INI_LIST, P(connect_tcp), NULL,
	  "TCP ports that may be connected to" },
	{ "network", "bind-tcp", INI_LIST, P(bind_tcp), NULL, "TCP ports that may be bound" },
	{ "arguments", "operands", INI_CHOICE_LIST, P(operand_roles), operand_names,
	  "what operands are, by position; the last repeats" },
	{ "arguments", "options-with-value", INI_LIST, P(options_with_value), NULL,
	  "options whose value is not a file" },
	{ "arguments", "input-options", INI_LIST, P(input_options), NULL,
	  "options whose value is an input file" },
	{ "arguments", "input-list-options", INI_LIST, P(input_list_options), NULL,
	  "options whose value lists input files, one per line" },
	{ "arguments", "output-options", INI_LIST, P(output_options), NULL,
	  "options whose value is an output file" },
	{ "arguments", "output-directory-options", INI_LIST, P(output_directory_options), NULL,
	  "options whose value is a directory the run creates new files in" },
	{ "arguments", "output-prefix-options", INI_LIST, P(output_prefix_options), NULL,
	  "options whose value DIR/P names new files DIR/P*" },
	{ "arguments", "two-value-options", INI_LIST, P(two_value_options), NULL,
	  "options followed by two values that are not files" },
	{ "arguments", "named-input-options", INI_LIST, P(named_input_options), NULL,
	  "options followed by a name and an input file" },
	{ "arguments", "input-tree-options", INI_LIST, P(input_tree_options), NULL,
	  "options whose value is a directory readable with all beneath it" },
	{ "arguments", "glued-option-values", INI_BOOL, P(glued_option_values), NULL,
	  "whether single-dash options take their value in the same word only (7z -oDIR)" },
	{ "arguments", "directory-operands", INI_ENUM, P(directory_operands), dir_operand_names,
	  "self or tree" },
	{ "arguments", "clustered-short-options", INI_BOOL, P(clustered_short_options), NULL,
	  "whether -ab means -a -b" },
	{ "arguments", "create-outputs", INI_ENUM, P(create_outputs), create_names,
	  "ignored: the supervisor creates outputs on demand" },
	{ "arguments", "standard-outputs", INI_LIST, P(standard_outputs), NULL,
	  "output names (globs) that mean standard output: nothing granted" },
	{ "arguments", "refused-outputs", INI_LIST, P(refused_outputs), NULL,
	  "output names (globs) refused before running, e.g. a command to pipe to" },
	{ "arguments", "derived-outputs", INI_LIST, P(derived_outputs), NULL,
	  "FLAG:OPTION:SUFFIX: with FLAG, OPTION's file name + SUFFIX is written here" },
	{ "arguments", "output-promises", INI_LIST, P(output_promises), NULL,
	  "promises granted only when the command line declares an output" },
	{ "arguments", "option-promises", INI_LIST, P(option_promises), NULL,
	  "OPTION:PROMISE: the promise is granted only when OPTION is given" },
	{ "limits", "cpu", INI_LIST, P(limits.value[LIMIT_CPU]), NULL,
	  "seconds of CPU time per process (RLIMIT_CPU)" },
	{ "limits", "address-space", INI_LIST, P(limits.value[LIMIT_AS]), NULL,
	  "bytes of address space per process (RLIMIT_AS)" },
	{ "limits", "file-size", INI_LIST, P(limits.value[LIMIT_FSIZE]), NULL,
	  "largest file it may write, in bytes (RLIMIT_FSIZE)" },
	{ "limits", "open-files", INI_LIST, P(limits.value[LIMIT_NOFILE]), NULL,
	  "descriptors per process (RLIMIT_NOFILE)" },
	{ "limits", "processes", INI_LIST, P(limits.value[LIMIT_NPROC]), NULL,
	  "processes of the user (RLIMIT_NPROC)" },
	{ "limits", "timeout", INI_LIST, P(limits.value[LIMIT_TIMEOUT]), NULL,
	  "seconds of wall-clock time, kept by the supervisor" },
	{ "arguments", "companion-inputs", INI_LIST, P(companion_inputs), NULL,
	  "files beside each input file, % its name (%.debug), readable when present" },
};
#define N_KEYS (sizeof profile_keys / sizeof profile_keys[0])

static char *file_in(const char *dir, const char *name)
{
	char *path = xstrjoin(dir, "/", name, ".ini", NULL);
	if (access(path, F_OK) == 0)
		return path;
	free(path);
	return NULL;
}

static char *find_on_user_path(const char *name)
{
	const char *list = getenv("SANDBOX_RUN_PROFILE_PATH");
	while (list && *list) {
		size_t len = strcspn(list, ":");
		if (len) {
			char *dir = strndup(list, len);
			char *path = dir ? file_in(dir, name) : NULL;
			free(dir);
			if (path)
				return path;
		}
		list += len + (list[len] == ':');
	}
	return NULL;
}

static bool in_system_dirs(const struct settings *s, const char *path)
{
	for (size_t i = 0; i < s->n_profile_dirs; i++) {
		size_t n = strlen(s->profile_dirs[i]);
		if (strncmp(path, s->profile_dirs[i], n) == 0 && path[n] == '/')
			return true;
	}
	return false;
}

char *profile_find(const struct settings *s, const char *name, const char *profile_arg)
{
	if (profile_arg && strchr(profile_arg, '/')) {
		if (!s->allow_user_profiles && !in_system_dirs(s, profile_arg))
			die("--profile %s: profiles outside %s are disabled by "
			    "allow-user-profiles = no in %s",
			    profile_arg, s->profile_dirs[0],
			    s->conf_path ? s->conf_path : "sandbox-run.conf");
		return xstrdup(profile_arg);
	}
	if (profile_arg)
		name = profile_arg;
	char *path = s->allow_user_profiles ? find_on_user_path(name) : NULL;
	for (size_t i = 0; !path && i < s->n_profile_dirs; i++)
		path = file_in(s->profile_dirs[i], name);
	return path;
}

int profile_check_directory(const char *path, struct strlist *errors)
{
	return trusted_check_directory(path, errors);
}

static int by_name(const void *a, const void *b)
{
	const char *x = path_base(*(char *const *)a);
	const char *y = path_base(*(char *const *)b);
	return strcmp(x, y);
}

/* Drop-ins NAME.ini.d/ *.ini from every profile directory, in lexical order
 * of their file names; the administrator's copy of a name wins (systemd). */
static void collect_dropins(const struct settings *s, const char *main_path, const char *name,
			    struct strlist *out)
{
	struct strlist dirs = { 0 };
	for (size_t i = 0; i < s->n_profile_dirs; i++) {
		char *d = xstrjoin(s->profile_dirs[i], "/", name, ".ini.d", NULL);
		strlist_add(&dirs, d, NULL);
		free(d);
	}
	/* --profile FILE outside the system directories: FILE.d next to it */
	char *own = xstrjoin(main_path, ".d", NULL);
	if (!strlist_contains(&dirs, own))
		strlist_add(&dirs, own, NULL);
	free(own);
	for (size_t i = 0; i < dirs.n; i++) {
		DIR *d = opendir(dirs.item[i]);
		struct dirent *e;
		while (d && (e = readdir(d))) {
			size_t len = strlen(e->d_name);
			if (e->d_name[0] == '.' || len < 5 ||
			    strcmp(e->d_name + len - 4, ".ini") != 0)
				continue;
			bool shadowed = false;
			for (size_t j = 0; j < out->n; j++)
				shadowed |= strcmp(path_base(out->item[j]), e->d_name) == 0;
			if (shadowed)
				continue;
			char *f = xasprintf("%s/%s", dirs.item[i], e->d_name);
			strlist_add(out, f, NULL);
			free(f);
		}
		if (d)
			closedir(d);
	}
	strlist_free(&dirs);
	if (out->n) /* qsort(NULL, 0, ...) is undefined (UBSan) */
		qsort(out->item, out->n, sizeof *out->item, by_name);
}

static char *profile_name_of(const char *path)
{
	const char *base = path_base(path);
	size_t len = strlen(base);
	if (len > 4 && strcmp(base + len - 4, ".ini") == 0)
		len -= 4;
	return strndup(base, len);
}

/* One file's text, open as f, into p. */
static int load_stream(FILE *f, const char *path, struct profile *p, struct strlist *errors)
{
	struct ini_result res = { 0 };
	int n = ini_load_file(f, path, profile_keys, N_KEYS, p, &res);
	for (size_t i = 0; i < res.errors.n; i++)
		strlist_add(errors, res.errors.item[i], NULL);
	if (!n && res.assignments == 0)
		strlist_addf(errors,
			     "%s:1: empty profile: expected a [profile] section "
			     "with promises = ... (see sandbox-run.profile(5))",
			     path),
			n = 1;
	strlist_free(&res.errors);
	strlist_add(&p->files, path, NULL);
	return n;
}

static int load_one(const char *path, struct profile *p, struct strlist *errors)
{
	FILE *f = trusted_open(path, false, errors);
	if (!f)
		return 1;
	int n = load_stream(f, path, p, errors);
	fclose(f);
	return n;
}

static void profile_start(struct profile *p, const char *path)
{
	memset(p, 0, sizeof *p);
	p->on_violation = -1;
	p->clustered_short_options = 1;
	p->name = profile_name_of(path);
	if (!p->name)
		die("out of memory");
}

/* What the files' lines mean together. */
static void profile_finish(struct profile *p)
{
	/* operands = none input: the first role stands for the whole line
	 * where one word is expected (a single role, --learn's merging) */
	if (p->operand_roles.n) {
		for (int i = 0; operand_names[i]; i++)
			if (strcmp(operand_names[i], p->operand_roles.item[0]) == 0)
				p->operands = i;
	}
	/* "allow = socket(AF_UNIX, SOCK_DGRAM)" was split into words */
	sysrule_join(&p->allow);
	sysrule_join(&p->refuse);
}

int profile_load(const struct settings *s, const char *path, struct profile *p,
		 struct strlist *errors)
{
	profile_start(p, path);
	int n = load_one(path, p, errors);
	struct strlist dropins = { 0 };
	if (s)
		collect_dropins(s, path, p->name, &dropins);
	for (size_t i = 0; i < dropins.n; i++)
		n += load_one(dropins.item[i], p, errors);
	strlist_free(&dropins);
	profile_finish(p);
	return n;
}

int profile_parse(const char *path, const char *text, struct profile *p, struct strlist *errors)
{
	profile_start(p, path);
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	if (!f)
		die("out of memory");
	int n = load_stream(f, path, p, errors);
	fclose(f);
	profile_finish(p);
	return n;
}

static int validate_promises(const struct strlist *l, struct strlist *errors)
{
	int n = 0;
	for (size_t i = 0; i < l->n; i++) {
		const char *name = l->item[i];
		if (promise_lookup(name) >= 0)
			continue;
		const char *hint = promise_suggest(name);
		if (hint)
			strlist_addf(errors, "%s: unknown promise \"%s\" (did you mean \"%s\"?)",
				     l->origin[i], name, hint);
		else
			strlist_addf(errors,
				     "%s: unknown promise \"%s\" (sandbox-run --list-promises "
				     "lists them)",
				     l->origin[i], name);
		n++;
	}
	return n;
}

static int validate_ports(const struct strlist *l, struct strlist *errors)
{
	int n = 0;
	for (size_t i = 0; i < l->n; i++) {
		char *end;
		long port = strtol(l->item[i], &end, 10);
		if (*end || port < 1 || port > 65535) {
			strlist_addf(errors, "%s: bad TCP port \"%s\" (expected 1 to 65535)",
				     l->origin[i], l->item[i]);
			n++;
		}
	}
	return n;
}

int profile_validate(const struct profile *p, struct strlist *errors)
{
	int n = validate_promises(&p->promises, errors);
	n += validate_promises(&p->output_promises, errors);
	for (size_t i = 0; i < p->option_promises.n; i++) {
		const char *colon = strrchr(p->option_promises.item[i], ':');
		if (colon && colon != p->option_promises.item[i] && promise_lookup(colon + 1) >= 0)
			continue;
		strlist_addf(errors, "%s: option-promises entry \"%s\" is not OPTION:PROMISE",
			     p->option_promises.origin[i], p->option_promises.item[i]);
		n++;
	}
	for (size_t i = 0; i < p->derived_outputs.n; i++) {
		const char *colon = strchr(p->derived_outputs.item[i], ':');
		if (colon && strchr(colon + 1, ':'))
			continue;
		strlist_addf(errors, "%s: derived-outputs entry \"%s\" is not FLAG:OPTION:SUFFIX",
			     p->derived_outputs.origin[i], p->derived_outputs.item[i]);
		n++;
	}
	for (size_t i = 0; i < p->companion_inputs.n; i++) {
		const char *e = p->companion_inputs.item[i], *pct = strchr(e, '%');
		if (pct && !strchr(pct + 1, '%') && e[0] != '/' && !strstr(e, ".."))
			continue;
		strlist_addf(errors,
			     "%s: companion-inputs entry \"%s\" is not a name relative to "
			     "the input's directory with one %% for the input's name (%%.debug)",
			     p->companion_inputs.origin[i], e);
		n++;
	}
	n += sysrule_validate(&p->allow, errors);
	n += sysrule_validate_refused(&p->refuse, errors);
	n += validate_ports(&p->connect_tcp, errors);
	n += validate_ports(&p->bind_tcp, errors);
	n += limits_validate(&p->limits, errors);
	return n;
}

void profile_free(struct profile *p)
{
	free(p->name);
	free(p->description);
	struct strlist *lists[] = { &p->files,
				    &p->promises,
				    &p->allow,
				    &p->refuse,
				    &p->read,
				    &p->write,
				    &p->exec,
				    &p->connect_tcp,
				    &p->bind_tcp,
				    &p->options_with_value,
				    &p->input_options,
				    &p->output_options,
				    &p->input_list_options,
				    &p->derived_outputs,
				    &p->output_promises,
				    &p->option_promises,
				    &p->standard_outputs,
				    &p->refused_outputs,
				    &p->operand_roles,
				    &p->output_directory_options,
				    &p->output_prefix_options,
				    &p->two_value_options,
				    &p->named_input_options,
				    &p->input_tree_options,
				    &p->companion_inputs };
	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
		strlist_free(lists[i]);
	limit_text_free(&p->limits);
}

void profile_print_keys(void)
{
	ini_print_keys(profile_keys, N_KEYS);
}
