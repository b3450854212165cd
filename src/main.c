/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sandbox-run: the data flow of src/README.md, one stage per call.
 *
 *   decide:    argv, environ → cli → settings → target → profile → preload
 *              → args → facts gathered → policy built (pure)
 *   apply:     landlock ruleset, filter compiled (filter/), private tmp
 *   supervise: the supervisor started beside the target (outside the sandbox)
 *   apply:     limits → no_new_privs → landlock restriction → caps → seccomp
 *              → the listener handed over → execve in place */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/inherited.h"
#include "base/util.h"
#include "catalogue/promises.h"
#include "decide/args.h"
#include "decide/cli.h"
#include "decide/facts.h"
#include "decide/policy.h"
#include "decide/preload.h"
#include "decide/profile.h"
#include "decide/settings.h"
#include "decide/target.h"
#include "apply/caps.h"
#include "apply/landlock.h"
#include "apply/rlimits.h"
#include "apply/seccomp.h"
#include "apply/tmpdir.h"
#include "supervise/supervisor.h"
#include "learn/learn.h"
#include "admin/admin.h"
#include "admin/check.h"
#include "admin/explain.h"

extern char **environ;

/* A closed 0, 1 or 2 is held open on /dev/null while sandbox-run works, so
 * that no profile or socket lands there, and closed again before exec: the
 * target inherits exactly the descriptors it was given. */
static unsigned reserve_std_fds(void)
{
	unsigned reserved = 0;
	for (int fd = 0; fd < 3; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		int null = open("/dev/null", O_RDWR);
		if (null != fd)
			die("cannot reserve descriptor %d: %s", fd, strerror(errno));
		reserved |= 1u << fd;
	}
	return reserved;
}

static void release_std_fds(unsigned reserved)
{
	for (int fd = 0; fd < 3; fd++)
		if (reserved & (1u << fd))
			close(fd);
}

static void __attribute__((noreturn)) exec_failed(const char *path, int err)
{
	die_status(err == ENOENT ? EXIT_NOT_FOUND : EXIT_NOT_EXECUTABLE, "%s: cannot execute: %s",
		   path, strerror(err));
}

static int informational(const struct cli *cli)
{
	switch (cli->mode) {
	case MODE_HELP:
		cli_print_help();
		return 0;
	case MODE_VERSION:
		cli_print_version();
		return 0;
	case MODE_PRINT_KEYS:
		return admin_print_keys(cli->keys);
	case MODE_LIST_PROMISES:
		if (promises_print(cli->promise) < 0)
			die("--list-promises=%s: no such promise (sandbox-run --list-promises "
			    "lists them)",
			    cli->promise);
		return 0;
	default:
		return -1;
	}
}

static char *find_profile(const struct settings *s, const struct cli *cli, const char *name)
{
	char *path = profile_find(s, name, cli->profile);
	if (path)
		return path;
	if (cli->profile)
		die("--profile %s: no such profile in %s", cli->profile, admin_profile_dirs(s));
	if (s->missing_profile == MISSING_DEFAULT) {
		const char *def = s->default_profile ? s->default_profile : "default";
		path = profile_find(s, def, NULL);
		if (!path)
			die("no profile for %s, and the default profile \"%s\" named in %s is missing "
			    "from %s",
			    name, def, s->conf_path, admin_profile_dirs(s));
		msg_verbose("no profile for %s: using %s (missing-profile = default)", name, path);
		return path;
	}
	die("no profile for %s in %s; write %s.ini (see sandbox-run.profile(5)) or choose "
	    "one with --profile NAME|FILE",
	    name, admin_profile_dirs(s), name);
}

static void fail_on_errors(struct strlist *errors)
{
	if (!errors->n)
		return;
	for (size_t i = 0; i + 1 < errors->n; i++)
		msg("%s", errors->item[i]);
	die("%s", errors->item[errors->n - 1]);
}

static void load_profile(const struct settings *s, const char *path, struct profile *p)
{
	struct strlist errors = { 0 };
	if (profile_load(s, path, p, &errors) == 0)
		profile_validate(p, &errors);
	fail_on_errors(&errors);
}

static void detect_preloads(const struct settings *s, struct preloads *pl)
{
	struct strlist errors = { 0 };
	preload_detect(pl, getenv("LD_PRELOAD"), "/etc/ld.so.preload");
	preload_match(s, pl, &errors);
	fail_on_errors(&errors);
}

/* tmppath: a directory of this run's own, TMPDIR for the target, granted
 * to it, and removed by the supervisor at the end. Before the exec's
 * environment is copied. */
static void make_private_tmp(struct policy *p)
{
	struct tmpdir t;
	tmpdir_create(&t);
	tmpdir_export(&t);
	policy_add_tmpdir(p, t.path, t.fd);
	free(t.path);
}

/* -v: what this run is made of, one line each, before it is applied;
 * --explain prints all of it. */
static void say_policy(const struct policy *p)
{
	if (verbosity < 2)
		return;
	for (size_t i = 0; i < p->files.n; i++)
		msg_verbose("%s %s", p->files.origin[i], p->files.item[i]);
	char names[512] = "";
	for (size_t i = 0; i < promise_count() && i < MAX_PROMISES; i++)
		if (p->promise[i])
			snprintf(names + strlen(names), sizeof names - strlen(names), " %s",
				 promise_at(i)->name);
	msg_verbose("promises:%s", names[0] ? names : " none");
	if (!p->preload_notes.n && !p->unknown_preloads.n)
		msg_verbose("preloaded libraries: none");
	for (size_t i = 0; i < p->preload_notes.n; i++)
		msg_verbose("preloaded %s", p->preload_notes.item[i]);
	for (size_t i = 0; i < p->unknown_preloads.n; i++)
		msg_verbose("preloaded %s (%s): no rule knows it", p->unknown_preloads.item[i],
			    p->unknown_preloads.origin[i]);
}

/* Applying: from here on every failure is fatal, and nothing is decided. */
static void __attribute__((noreturn)) apply(const struct policy *p, struct filter_program *f,
					    const struct exec_args *ex, unsigned reserved)
{
	bool supervised = policy_supervised(p);
	struct landlock_ruleset ruleset = landlock_prepare(p);
	struct supervisor sup = { 0 };
	if (supervised)
		supervisor_start(p, &sup);
	/* After the supervisor's start: its own limits are the caller's. */
	limits_apply(&p->limits);
	/* Before Landlock: an ordinary user may restrict itself only with it. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		die("cannot set no_new_privs: %s", strerror(errno));
	landlock_restrict(p, &ruleset);
	caps_drop();
	int listener = seccomp_load_filters(f);
	if (supervised)
		supervisor_handoff(listener);
	release_std_fds(reserved);
	crash_guard(false);
	/* The system call itself, not libc's execve: in a dynamically linked
	 * launcher a preloaded library's wrapper (snoopy's) would run here,
	 * confined, and a call of it that the filter denies would wait for the
	 * supervisor, which waits for this exec. */
	syscall(SYS_execve, ex->path, ex->argv, ex->envp);
	exec_failed(ex->path, errno);
}

/* --learn: observed instead of confined; the target keeps the PID too. */
static void __attribute__((noreturn))
learn_and_exec(const struct settings *s, const struct cli *cli, const struct target *t,
	       unsigned reserved)
{
	struct preloads preloads;
	detect_preloads(s, &preloads);
	struct learn_input in = { s, cli->learn_file, t, &preloads, cli->nargs, cli->args };
	learn_start(&in);
	release_std_fds(reserved);
	execv(t->path, cli->args);
	exec_failed(t->path, errno);
}

static void __attribute__((noreturn))
run_unconfined(const struct target *t, char **argv, unsigned reserved)
{
	/* Not hidden by -q: whoever reads the output must know. */
	msg_always(
		"--no-sandbox: running %s UNCONFINED: no Landlock, no seccomp, capabilities kept",
		t->path);
	release_std_fds(reserved);
	crash_guard(false);
	execv(t->path, argv);
	exec_failed(t->path, errno);
}

int main(int argc, char **argv)
{
	unsigned reserved = reserve_std_fds();
	crash_guard(true);
	struct cli cli = cli_parse(argc, argv);
	int r = informational(&cli);
	if (r >= 0)
		return r;

	struct settings settings;
	settings_load(&settings, cli.config);
	if (cli.mode == MODE_CHECK || cli.mode == MODE_LIST_PROFILES) {
		/* These return, so LeakSanitizer and valgrind see their frees. */
		r = cli.mode == MODE_CHECK ? check_files(&settings, cli.args, cli.nargs) :
					     admin_list_profiles(&settings);
		settings_free(&settings);
		return r;
	}

	struct target target;
	target_resolve(cli.args[0], &target);
	if (!cli.no_sandbox)
		inherited_filter_check(target.name);
	if (cli.mode == MODE_LEARN)
		learn_and_exec(&settings, &cli, &target, reserved);
	if (cli.no_sandbox)
		run_unconfined(&target, cli.args, reserved);

	char *profile_path = find_profile(&settings, &cli, target.name);
	struct profile profile;
	load_profile(&settings, profile_path, &profile);
	struct preloads preloads;
	detect_preloads(&settings, &preloads);
	struct arg_files files;
	args_classify(&profile, cli.nargs, cli.args, &files);

	struct policy policy;
	struct policy_input in = {
		.settings = &settings,
		.on_violation = cli.on_violation,
		.log = cli.log,
		.target = &target,
		.argc = cli.nargs,
		.argv = cli.args,
		.profile_path = profile_path,
		.profile = &profile,
		.preloads = &preloads,
		.args = &files,
	};
	struct policy_facts facts;
	policy_gather(&in, &facts); /* the only stage of deciding that asks the system */
	policy_build(&in, &facts, &policy); /* pure: the same facts, the same policy */
	policy_facts_free(&facts);
	say_policy(&policy);
	policy.landlock_abi = landlock_abi_in_use(&policy);
	if (policy.private_tmp && cli.mode != MODE_EXPLAIN)
		make_private_tmp(&policy);
	if (cli.mode != MODE_EXPLAIN)
		policy_make_output_dirs(&policy); /* unzip -d new: the broker holds it */

	struct exec_args ex = seccomp_prepare_exec(target.path, cli.args, environ);
	struct fcache cache;
	bool cached = fcache_open(settings.filter_cache, &cache);
	struct filter_program *filters = seccomp_build(&policy, &ex, policy_supervised(&policy),
						       cached ? &cache : NULL);
	fcache_close(&cache);
	if (cli.mode == MODE_EXPLAIN) {
		explain_print(&policy, seccomp_instructions(filters));
		seccomp_free(filters);
		policy_free(&policy);
		args_free(&files);
		preload_free(&preloads);
		profile_free(&profile);
		free(profile_path);
		target_free(&target);
		settings_free(&settings);
		return 0;
	}
	apply(&policy, filters, &ex, reserved);
}
