/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Deciding, part 1: where a profile is found and what its text means.
 * INI text in, struct profile (or file:line errors) out; no kernel. */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/trusted.h"
#include "decide/profile.h"
#include "catalogue/promises.h"
#include "../lib/tap.h"

static char root[] = "/tmp/sr-unit-XXXXXX";

static char *path_of(const char *rel)
{
	return xasprintf("%s/%s", root, rel);
}

static void write_file(const char *rel, const char *text)
{
	char *p = path_of(rel);
	char *dir = xstrdup(p);
	*strrchr(dir, '/') = '\0';
	char *cmd = xasprintf("mkdir -p '%s'", dir);
	if (system(cmd) != 0)
		exit(99);
	FILE *f = fopen(p, "w");
	if (!f)
		exit(99);
	fputs(text, f);
	fclose(f);
	free(cmd);
	free(dir);
	free(p);
}

static struct settings two_dirs(void)
{
	struct settings s = { 0 };
	s.profile_dirs[0] = path_of("admin");
	s.profile_dirs[1] = path_of("shipped");
	s.n_profile_dirs = 2;
	s.allow_user_profiles = 1;
	return s;
}

static void test_lookup_order(void)
{
	struct settings s = two_dirs();
	write_file("shipped/tool.ini", "[profile]\npromises = stdio\n");
	char *found = profile_find(&s, "tool", NULL);
	char *want = path_of("shipped/tool.ini");
	is_str(found, want, "a shipped profile is found by the command's name");
	free(found), free(want);

	write_file("admin/tool.ini", "[profile]\npromises = stdio\n");
	found = profile_find(&s, "tool", NULL);
	want = path_of("admin/tool.ini");
	is_str(found, want, "the administrator's profile replaces the shipped one");
	free(found), free(want);

	write_file("user/tool.ini", "[profile]\npromises = stdio\n");
	char *userdir = path_of("user");
	char *env = xasprintf("/nonexistent::%s", userdir);
	setenv("SANDBOX_RUN_PROFILE_PATH", env, 1);
	found = profile_find(&s, "tool", NULL);
	want = path_of("user/tool.ini");
	is_str(found, want, "$SANDBOX_RUN_PROFILE_PATH comes before the system directories");
	free(found);

	s.allow_user_profiles = 0;
	found = profile_find(&s, "tool", NULL);
	free(want);
	want = path_of("admin/tool.ini");
	is_str(found, want, "allow-user-profiles = no ignores $SANDBOX_RUN_PROFILE_PATH");
	free(found), free(want);
	s.allow_user_profiles = 1;
	unsetenv("SANDBOX_RUN_PROFILE_PATH");

	write_file("shipped/other.ini", "[profile]\npromises = stdio\n");
	found = profile_find(&s, "tool", "other");
	want = path_of("shipped/other.ini");
	is_str(found, want, "--profile NAME searches like a command name");
	free(found), free(want);

	found = profile_find(&s, "tool", "/some/where/x.ini");
	is_str(found, "/some/where/x.ini", "--profile FILE is taken as it is");
	free(found);

	found = profile_find(&s, "missing", NULL);
	ok(found == NULL, "no profile for a name found nowhere");
	free(userdir), free(env);
	settings_free(&s);
}

static int load_text(const char *text, struct profile *p, struct strlist *errors)
{
	write_file("parse/t.ini", text);
	char *path = path_of("parse/t.ini");
	int n = profile_load(NULL, path, p, errors);
	if (n == 0)
		n = profile_validate(p, errors);
	free(path);
	return n;
}

static void test_parse_values(void)
{
	struct profile p;
	struct strlist errors = { 0 };
	int n = load_text("# comment\n[profile]\ndescription = a tool\npromises = stdio rpath\n"
			  "  tty\non-violation = kill\nlandlock = best-effort\n"
			  "[filesystem]\nread = /a /b\nread = /c\nwrite =\n"
			  "[arguments]\noperands = none\nclustered-short-options = no\n"
			  "input-options = -m --magic-file\n", &p, &errors);
	ok(n == 0, "a well-formed profile loads without errors");
	is_str(p.description, "a tool", "description is read");
	ok(p.promises.n == 3 && strcmp(p.promises.item[2], "tty") == 0,
	   "an indented line continues a list");
	ok(strstr(p.promises.origin[0], "t.ini:4") != NULL, "list items remember file:line");
	ok(p.on_violation == VIOLATION_KILL, "on-violation = kill");
	ok(p.landlock == LANDLOCK_BEST_EFFORT, "landlock = best-effort");
	ok(p.read.n == 3, "a repeated list key appends");
	ok(p.operands == OPERANDS_NONE && p.clustered_short_options == 0, "enums and booleans");
	ok(p.input_options.n == 2, "option lists are words");
	profile_free(&p);
	strlist_free(&errors);
}

/* operands = ROLE...: the roles by position; a later line replaces them. */
static void test_operand_roles(void)
{
	struct profile p;
	struct strlist errors = { 0 };
	int n = load_text("[profile]\npromises = stdio\n[arguments]\noperands = input output\n"
			  "operands = none input\n", &p, &errors);
	ok(n == 0 && p.operand_roles.n == 2 && strcmp(p.operand_roles.item[0], "none") == 0 &&
	   strcmp(p.operand_roles.item[1], "input") == 0,
	   "operands takes a list of roles, and a later line replaces it");
	ok(p.operands == OPERANDS_NONE, "the first role stands for the line where one is expected");
	profile_free(&p);
	strlist_free(&errors);
}

static void test_defaults(void)
{
	struct profile p;
	struct strlist errors = { 0 };
	load_text("[profile]\npromises = stdio\n", &p, &errors);
	ok(p.on_violation == -1, "on-violation unset is left to sandbox-run.conf");
	ok(p.landlock == LANDLOCK_REQUIRED, "landlock is required unless said otherwise");
	ok(p.operands == OPERANDS_INPUT, "operands are inputs by default");
	ok(p.clustered_short_options == 1, "short options cluster by default");
	profile_free(&p);
	strlist_free(&errors);
}

struct bad_case {
	const char *text;
	const char *error; /* expected in the first error, after the path */
};

static const struct bad_case bad[] = {
	{ "", ":1: empty profile" },
	{ "# only a comment\n", ":1: empty profile" },
	{ "[profile]\npromises = stdio\n[filesystme]\nread = /x\n",
	  ":3: unknown section [filesystme] (did you mean [filesystem]?)" },
	{ "[profile]\npromise = stdio\n", ":2: unknown key \"promise\" (did you mean \"promises\"?)" },
	{ "[profile]\npromises = stdio\nfrobnicate = 1\n", ":3: unknown key \"frobnicate\" in [profile]" },
	{ "[profile]\non-violation = maybe\n",
	  ":2: bad value \"maybe\" for on-violation (expected one of: deny, kill, report)" },
	{ "[arguments]\nclustered-short-options = perhaps\n",
	  ":2: bad value \"perhaps\" for clustered-short-options (expected yes or no)" },
	{ "[profile]\npromises = stdio inett\n", ":2: unknown promise \"inett\" (did you mean \"inet\"?)" },
	{ "[profile]\npromises = stdio\nallow = ptrace\n", ":3: system call \"ptrace\" is never granted" },
	{ "[profile]\npromises = stdio\nallow = not_a_syscall\n", ":3: unknown system call" },
	{ "promises = stdio\n", ":1: \"promises\" stands before any [section]" },
	{ "[profile]\npromises = stdio\nthis line has no equals sign\n", ":3: syntax error" },
	{ "[profile]\ndescription = a\n  b\n", ":3: \"description\" takes one value" },
	{ "[network]\nconnect-tcp = 70000\n", ":2: bad TCP port \"70000\"" },
	{ "[arguments]\noperands = input outptu\n",
	  ":2: bad value \"outptu\" for operands (expected one of: input, output, none, "
	  "output-directory, output-prefix)" },
	{ "[limits]\ncpu = 2x\n", ":2: bad value \"2x\" for cpu (expected seconds" },
	{ "[limits]\ncpu = 2 s\n", ":2: cpu takes one value, not \"2 s\"" },
	{ "[limits]\naddress-space = 0\n", ":2: bad value \"0\" for address-space" },
	{ "[limits]\nfile-size = 1m\n", ":2: bad value \"1m\" for file-size (expected bytes" },
	{ "[limits]\ntimeout = 9999999999h\n", ":2: bad value \"9999999999h\" for timeout" },
	{ "[limits]\nopen-files = -1\n", ":2: bad value \"-1\" for open-files" },
};

static void test_malformed(void)
{
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct profile p;
		struct strlist errors = { 0 };
		int n = load_text(bad[i].text, &p, &errors);
		bool found = n > 0 && errors.n > 0 && strstr(errors.item[0], bad[i].error) &&
			     strstr(errors.item[0], "parse/t.ini:");
		ok(found, "malformed profile %zu gives file:line \"%s\"", i, bad[i].error);
		if (!found)
			printf("#   got: %s\n", errors.n ? errors.item[0] : "(no error)");
		profile_free(&p);
		strlist_free(&errors);
	}
	struct profile p;
	struct strlist errors = { 0 };
	char long_line[400];
	snprintf(long_line, sizeof long_line, "[filesystem]\nread = /%0300d\n", 0);
	ok(load_text(long_line, &p, &errors) > 0 && strstr(errors.item[0], ":2: line longer than"),
	   "a line too long for inih is an error, not a silent split");
	profile_free(&p);
	strlist_free(&errors);
}

/* [limits]: units, the profile over sandbox-run.conf, "key =" and infinity. */
static void test_limits(void)
{
	struct profile p, conf;
	struct strlist errors = { 0 };
	ok(load_text("[profile]\npromises = stdio\n[limits]\ncpu = 5m\naddress-space = 512M\n"
		     "file-size = 1G\nopen-files = 64\ntimeout = 1h\ntimeout =\n"
		     "processes = infinity\n", &p, &errors) == 0, "a [limits] section loads");
	ok(load_text("[profile]\npromises = stdio\n[limits]\ncpu = 10\ntimeout = 90s\n"
		     "processes = 7\n", &conf, &errors) == 0, "... and another as defaults");
	struct limits l;
	limits_resolve(&p.limits, &conf.limits, &l);
	ok(l.value[LIMIT_CPU] == 300, "cpu = 5m is 300 s, the profile's over the default");
	ok(l.value[LIMIT_AS] == 512ULL << 20 && l.value[LIMIT_FSIZE] == 1ULL << 30,
	   "512M and 1G are powers of 1024");
	ok(l.value[LIMIT_NOFILE] == 64, "open-files is a count");
	ok(l.value[LIMIT_TIMEOUT] == 90 && strstr(l.origin[LIMIT_TIMEOUT], "t.ini:5"),
	   "\"timeout =\" goes back to the default, with its file:line");
	ok(l.value[LIMIT_NPROC] == LIMIT_UNSET && !l.origin[LIMIT_NPROC],
	   "infinity in the profile overrides a default");
	char buf[32];
	limit_format(LIMIT_AS, l.value[LIMIT_AS], buf, sizeof buf);
	ok(strcmp(buf, "512M") == 0, "sizes are shown in the largest exact unit (%s)", buf);
	limits_free(&l);
	profile_free(&p);
	profile_free(&conf);
	strlist_free(&errors);
}

static void test_dropins(void)
{
	struct settings s = two_dirs();
	write_file("shipped/dt.ini", "[profile]\npromises = stdio\n[filesystem]\nread = /a\n");
	write_file("shipped/dt.ini.d/20-more.ini", "[filesystem]\nread = /b\n");
	write_file("admin/dt.ini.d/10-reset.ini", "[filesystem]\nread =\nread = /c\n");
	write_file("admin/dt.ini.d/20-more.ini", "[filesystem]\nread = /admin-b\n");
	char *path = path_of("shipped/dt.ini");
	struct profile p;
	struct strlist errors = { 0 };
	ok(profile_load(&s, path, &p, &errors) == 0, "a profile with drop-ins loads");
	ok(p.files.n == 3, "main file and two drop-ins read (the admin's 20-more.ini replaces the shipped one)");
	ok(p.read.n == 2 && strcmp(p.read.item[0], "/c") == 0 &&
		   strcmp(p.read.item[1], "/admin-b") == 0,
	   "drop-ins apply in lexical order; an empty assignment resets a list");
	profile_free(&p);
	strlist_free(&errors);
	free(path);
	settings_free(&s);
}

/* trusted_open's verdict on path: 0 accepted (and the file closed again),
 * 1 refused. */
static int opened(const char *path, struct strlist *errors)
{
	FILE *f = trusted_open(path, false, errors);
	if (f)
		fclose(f);
	return f ? 0 : 1;
}

static void test_owner_checks(void)
{
	write_file("perm/ok.ini", "[profile]\npromises = stdio\n");
	char *p = path_of("perm/ok.ini");
	struct strlist errors = { 0 };
	ok(opened(p, &errors) == 0, "a 0644 file in a 0755 directory is accepted");
	chmod(p, 0666);
	ok(opened(p, &errors) == 1 && strstr(errors.item[0], "chmod go-w"),
	   "a world-writable profile is refused with the fix in the message");
	chmod(p, 0644);
	char *dir = path_of("perm");
	chmod(dir, 0777);
	strlist_clear(&errors);
	ok(opened(p, &errors) == 1 && strstr(errors.item[0], "its directory"),
	   "a profile in a world-writable directory is refused");
	chmod(dir, 0755);
	/* A link to /dev/null reads as an empty file (a masked preload rule):
	 * its mode is the kernel's, no one's mistake to refuse. Any other
	 * device stays refused by its mode. */
	char *null_link = path_of("perm/masked.ini"), *zero_link = path_of("perm/zero.ini");
	ok(symlink("/dev/null", null_link) == 0 && symlink("/dev/zero", zero_link) == 0,
	   "links to /dev/null and /dev/zero made");
	strlist_clear(&errors);
	FILE *f = trusted_open(null_link, false, &errors);
	ok(f && fgetc(f) == EOF && errors.n == 0, "a link to /dev/null opens, empty, without error");
	if (f)
		fclose(f);
	ok(opened(zero_link, &errors) == 1 && strstr(errors.item[0], "writable by group or others"),
	   "a link to /dev/zero (writable by all) is still refused");
	chmod(dir, 0777);
	strlist_clear(&errors);
	ok(opened(null_link, &errors) == 1 && strstr(errors.item[0], "its directory"),
	   "a link to /dev/null in a world-writable directory is refused");
	chmod(dir, 0755);
	unlink(null_link), unlink(zero_link);
	free(null_link), free(zero_link);
	strlist_free(&errors);
	free(p), free(dir);
}

int main(void)
{
	if (!mkdtemp(root))
		return 99;
	chmod(root, 0755);
	test_lookup_order();
	test_parse_values();
	test_defaults();
	test_operand_roles();
	test_malformed();
	test_limits();
	test_dropins();
	test_owner_checks();
	char *cmd = xasprintf("rm -rf '%s'", root);
	if (system(cmd) != 0)
		return 99;
	free(cmd);
	return tap_done();
}
