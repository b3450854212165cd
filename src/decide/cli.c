/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "decide/cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decide/settings.h" /* PACKAGE_VERSION comes from config.h */
#include "decide/policy.h"
#include "base/util.h"

enum opt_id {
	OPT_PROFILE = 'p',
	OPT_VERBOSE = 'v',
	OPT_QUIET = 'q',
	OPT_HELP = 'h',
	OPT_EXPLAIN = 256,
	OPT_CHECK,
	OPT_LIST_PROFILES,
	OPT_LIST_PROMISES,
	OPT_LEARN,
	OPT_NO_SANDBOX,
	OPT_ON_VIOLATION,
	OPT_LOG,
	OPT_CONFIG,
	OPT_VERSION,
	OPT_OPTION_NAMES,
	OPT_PRINT_KEYS,
	OPT_DIAGNOSE,
};

struct option_def {
	const char *name;
	int id; /* short option character when < 256 */
	int has_arg;
	const char *arg;
	const char *help; /* NULL: hidden */
};

/* The one table of options: getopt_long and --help are both built from it. */
static const struct option_def options[] = {
	{ "profile", OPT_PROFILE, required_argument, "NAME|FILE",
	  "use this profile instead of the one named after COMMAND" },
	{ "explain", OPT_EXPLAIN, no_argument, NULL,
	  "print the policy that would be applied to COMMAND, then exit" },
	{ "check", OPT_CHECK, no_argument, NULL,
	  "lint profiles and preload rules (FILE... or all installed), then exit" },
	{ "list-profiles", OPT_LIST_PROFILES, no_argument, NULL,
	  "list the profiles found, where each comes from, and exit" },
	{ "list-promises", OPT_LIST_PROMISES, optional_argument, "NAME",
	  "print the promise catalogue (or one promise), then exit" },
	{ "learn", OPT_LEARN, required_argument, "FILE",
	  "run COMMAND permissively and write (or merge into) a profile draft" },
	{ "on-violation", OPT_ON_VIOLATION, required_argument, "MODE",
	  "deny, kill or report: override the profile's on-violation" },
	{ "diagnose", OPT_DIAGNOSE, no_argument, NULL,
	  "on-violation = report for this run: report denied calls and refused files" },
	{ "log", OPT_LOG, required_argument, "TARGET",
	  "where denial reports go: stderr, syslog, both or none" },
	{ "config", OPT_CONFIG, required_argument, "FILE",
	  "read global settings from FILE instead of sandbox-run.conf" },
	{ "no-sandbox", OPT_NO_SANDBOX, no_argument, NULL,
	  "run COMMAND unconfined (said on stderr); for debugging only" },
	{ "verbose", OPT_VERBOSE, no_argument, NULL, "say what is being done" },
	{ "quiet", OPT_QUIET, no_argument, NULL, "print nothing but errors and denials" },
	{ "help", OPT_HELP, no_argument, NULL, "print this help and exit" },
	{ "version", OPT_VERSION, no_argument, NULL, "print the version and exit" },
	{ "option-names", OPT_OPTION_NAMES, no_argument, NULL, NULL },
	{ "print-keys", OPT_PRINT_KEYS, required_argument, "KIND", NULL },
};
#define N_OPTIONS (sizeof options / sizeof options[0])

static void build_getopt(struct option *longopts, char *shortopts)
{
	char *s = shortopts;
	*s++ = '+'; /* stop at COMMAND: its options are its own */
	for (size_t i = 0; i < N_OPTIONS; i++) {
		longopts[i] = (struct option){ options[i].name, options[i].has_arg, NULL,
					       options[i].id };
		if (options[i].id < 256) {
			*s++ = (char)options[i].id;
			if (options[i].has_arg == required_argument)
				*s++ = ':';
		}
	}
	*s = '\0';
	longopts[N_OPTIONS] = (struct option){ 0 };
}

static void set_mode(struct cli *c, enum cli_mode m)
{
	if (c->mode != MODE_RUN && c->mode != m)
		die("options --explain, --check, --list-*, --learn, --help and --version "
		    "exclude each other; give one (see --help)");
	c->mode = m;
}

static void apply_option(struct cli *c, int id)
{
	switch (id) {
	case OPT_PROFILE:
		c->profile = optarg;
		break;
	case OPT_VERBOSE:
		verbosity = 2;
		break;
	case OPT_QUIET:
		verbosity = 0;
		break;
	case OPT_HELP:
		set_mode(c, MODE_HELP);
		break;
	case OPT_VERSION:
		set_mode(c, MODE_VERSION);
		break;
	case OPT_EXPLAIN:
		set_mode(c, MODE_EXPLAIN);
		break;
	case OPT_CHECK:
		set_mode(c, MODE_CHECK);
		break;
	case OPT_LIST_PROFILES:
		set_mode(c, MODE_LIST_PROFILES);
		break;
	case OPT_LIST_PROMISES:
		set_mode(c, MODE_LIST_PROMISES);
		c->promise = optarg;
		break;
	case OPT_LEARN:
		set_mode(c, MODE_LEARN);
		c->learn_file = optarg;
		break;
	case OPT_NO_SANDBOX:
		c->no_sandbox = true;
		break;
	case OPT_ON_VIOLATION:
		c->on_violation = optarg;
		break;
	case OPT_LOG:
		c->log = optarg;
		break;
	case OPT_DIAGNOSE:
		c->diagnose = true;
		break;
	case OPT_CONFIG:
		c->config = optarg;
		break;
	case OPT_OPTION_NAMES:
		cli_print_option_names();
		exit(0);
	case OPT_PRINT_KEYS:
		/* Parsing stops here (cli_parse), as it did when this exited:
		 * the key lists are admin/'s, which main.c calls. */
		c->mode = MODE_PRINT_KEYS;
		c->keys = optarg;
		break;
	default:
		/* getopt already said what was wrong. */
		die("try 'sandbox-run --help'");
	}
}

/* --diagnose is on-violation = report, which the filter and supervisor
 * turn into file-refusal reports too (pathcheck.h). */
static void diagnose_mode(struct cli *c)
{
	if (!c->diagnose)
		return;
	if (c->on_violation && strcmp(c->on_violation, violation_names[VIOLATION_REPORT]) != 0)
		die("--diagnose and --on-violation=%s exclude each other: --diagnose reports "
		    "and lets calls through (on-violation = report); give one",
		    c->on_violation);
	c->on_violation = violation_names[VIOLATION_REPORT];
}

static bool needs_command(enum cli_mode m)
{
	return m == MODE_RUN || m == MODE_EXPLAIN || m == MODE_LEARN;
}

struct cli cli_parse(int argc, char **argv)
{
	struct cli c = { .mode = MODE_RUN };
	struct option longopts[N_OPTIONS + 1];
	char shortopts[2 * N_OPTIONS + 2];
	build_getopt(longopts, shortopts);

	int id;
	while ((id = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		apply_option(&c, id);
		if (c.mode == MODE_PRINT_KEYS)
			return c;
	}
	diagnose_mode(&c);
	c.args = argv + optind;
	c.nargs = argc - optind;
	if (needs_command(c.mode) && c.nargs == 0)
		die("no COMMAND given; usage: sandbox-run [OPTIONS] [--] COMMAND [ARG]... "
		    "(see --help)");
	if (!needs_command(c.mode) && c.mode != MODE_CHECK && c.nargs > 0)
		die("unexpected argument '%s' (see --help)", c.args[0]);
	return c;
}

void cli_print_help(void)
{
	printf("Usage: sandbox-run [OPTIONS] [--] COMMAND [ARG]...\n"
	       "Run COMMAND confined by its profile: Landlock limits it to its declared\n"
	       "inputs and outputs, seccomp to the promises of its profile, and every\n"
	       "denied call is reported.\n\nOptions:\n");
	for (size_t i = 0; i < N_OPTIONS; i++) {
		const struct option_def *o = &options[i];
		if (!o->help)
			continue;
		char left[64];
		const char *sep = o->has_arg == optional_argument ? "[=" : "=";
		const char *end = o->has_arg == optional_argument ? "]" : "";
		snprintf(left, sizeof left, "%s%c%s--%s%s%s%s", o->id < 256 ? "-" : "  ",
			 o->id < 256 ? o->id : ' ', o->id < 256 ? ", " : " ", o->name,
			 o->arg ? sep : "", o->arg ? o->arg : "", o->arg ? end : "");
		printf("  %-28s %s\n", left, o->help);
	}
	printf("\nExit status: that of COMMAND; 125 if sandbox-run failed (bad profile,\n"
	       "a layer that could not be applied), 126 if COMMAND is not executable,\n"
	       "127 if it was not found.\n"
	       "Profiles: %s/sandbox-run/profiles, %s/profiles\n"
	       "See sandbox-run(1) and sandbox-run.profile(5).\n"
	       "Report bugs to: %s\n",
	       SYSCONFDIR, PKGDATADIR, PACKAGE_BUGREPORT);
}

void cli_print_version(void)
{
	printf("sandbox-run %s\n"
	       "License GPLv2+: GNU GPL version 2 or later <https://gnu.org/licenses/gpl.html>.\n"
	       "This is free software: you are free to change and redistribute it.\n"
	       "There is NO WARRANTY, to the extent permitted by law.\n",
	       PACKAGE_VERSION);
}

void cli_print_option_names(void)
{
	for (size_t i = 0; i < N_OPTIONS; i++)
		if (options[i].help)
			printf("--%s\n", options[i].name);
}
