/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Profiles: find NAME.ini and its drop-ins, parse them into struct profile.
 * Nothing here touches the kernel; policy.c turns a profile into a policy. */
#ifndef SR_PROFILE_H
#define SR_PROFILE_H

#include <stdbool.h>
#include <stdio.h>

#include "decide/limits.h"
#include "decide/policy.h"
#include "decide/settings.h"
#include "base/util.h"

/* What an operand is, by position (operands = ROLE...; the last repeats).
 * The first three keep the values of a single-word operands line. */
enum operands {
	OPERANDS_INPUT,
	OPERANDS_OUTPUT,
	OPERANDS_NONE,
	OPERANDS_OUTPUT_DIRECTORY, /* a directory the run extracts into */
	OPERANDS_OUTPUT_PREFIX, /* DIR/P: new files DIR/P* (pdftoppm in.pdf out/p) */
};
extern const char *const operand_names[];
enum dir_operands {
	DIR_SELF,
	DIR_TREE
};
enum create_outputs {
	CREATE_LAUNCHER,
	CREATE_DIRECTORY
};

struct profile {
	char *name;
	struct strlist files; /* every file read, in order (main file, drop-ins) */
	/* [profile] */
	char *description;
	struct strlist promises;
	struct strlist allow; /* single syscalls beyond the promises */
	struct strlist refuse; /* calls refused (EPERM) unreported */
	int on_violation; /* enum violation, -1 when unset */
	int landlock; /* enum landlock_mode */
	/* [filesystem] */
	struct strlist read, write, exec;
	/* [network] */
	struct strlist connect_tcp, bind_tcp;
	/* [arguments] */
	int operands; /* the first role in operand_roles */
	struct strlist operand_roles; /* operand_names, by position; the last repeats */
	struct strlist options_with_value, input_options, output_options;
	struct strlist output_directory_options; /* value: a directory to extract into */
	struct strlist output_prefix_options; /* value: DIR/P, new files DIR/P* */
	struct strlist two_value_options; /* jq --arg NAME VALUE: neither a file */
	struct strlist named_input_options; /* jq --slurpfile NAME FILE: FILE an input */
	struct strlist input_tree_options; /* jq -L DIR: DIR's whole tree readable */
	int glued_option_values; /* 7z -oDIR: a value only glued on */
	struct strlist input_list_options; /* value names a file listing inputs */
	int directory_operands;
	int clustered_short_options;
	int create_outputs;
	/* "FLAG:OPTION:SUFFIX": with FLAG, OPTION's value's basename plus
	 * SUFFIX is written in the current directory (file -C -m NAME) */
	struct strlist derived_outputs;
	struct strlist output_promises; /* granted only when outputs are declared */
	struct strlist standard_outputs; /* globs: output values meaning stdout (gs's %stdout) */
	struct strlist refused_outputs; /* globs: output values refused (gs's %pipe%, |cmd) */
	struct strlist option_promises; /* "OPTION:PROMISE": granted with OPTION */
	/* [limits] */
	struct limit_text limits;
	/* "%.debug": files beside each declared input, % its name, read too */
	struct strlist companion_inputs;
};

/* Finds the profile for NAME (or the --profile argument), honouring the
 * search order of sandbox-run(1). Returns a malloc'd path or NULL. */
char *profile_find(const struct settings *s, const char *name, const char *profile_arg);
/* Loads the main file and its drop-ins. Errors ("file:line: message") are
 * appended to errors; returns their count. */
int profile_load(const struct settings *s, const char *path, struct profile *p,
		 struct strlist *errors);
/* The same for one profile's text, named path in messages: no drop-ins,
 * no file read (unit tests: INI text in). */
int profile_parse(const char *path, const char *text, struct profile *p, struct strlist *errors);
/* Checks names against the promise catalogue; appends errors, returns count. */
int profile_validate(const struct profile *p, struct strlist *errors);
/* The directory check of trusted_open (base/trusted.h) alone, for a
 * profile about to be written there (--learn): appends an error, returns
 * its count. */
int profile_check_directory(const char *path, struct strlist *errors);
void profile_free(struct profile *p);
void profile_print_keys(void);

#endif
