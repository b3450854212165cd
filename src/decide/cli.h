/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Command line: one option table drives getopt_long and --help. */
#ifndef SR_CLI_H
#define SR_CLI_H

#include <stdbool.h>

enum cli_mode {
	MODE_RUN,
	MODE_EXPLAIN,
	MODE_CHECK,
	MODE_LIST_PROFILES,
	MODE_LIST_PROMISES,
	MODE_LEARN,
	MODE_HELP,
	MODE_VERSION,
	MODE_PRINT_KEYS, /* --print-keys=KIND (hidden): main.c asks admin/ */
};

struct cli {
	enum cli_mode mode;
	const char *profile; /* -p NAME|FILE */
	const char *config; /* --config FILE */
	const char *learn_file; /* --learn=FILE */
	const char *promise; /* --list-promises=NAME */
	const char *keys; /* --print-keys=KIND */
	const char *on_violation; /* --on-violation=MODE */
	const char *log; /* --log=TARGET */
	bool no_sandbox;
	bool diagnose; /* --diagnose: on-violation = report for this run */
	char **args; /* COMMAND [ARG]... or, for --check, FILE... */
	int nargs;
};

/* Parses argv; on a usage error prints one line and exits 125. */
struct cli cli_parse(int argc, char **argv);
void cli_print_help(void);
void cli_print_version(void);
/* For docs tests: every long option name, one per line. */
void cli_print_option_names(void);

#endif
