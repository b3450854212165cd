/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --learn: which words of the learned command line named the files and
 * directories the run created, so that a draft declares them in
 * [arguments] (output-options, output-directory-options,
 * output-prefix-options, operands by position) and works on its first
 * confined run. Decided from the words and the paths alone: no kernel. */
#ifndef SR_LEARNARGS_H
#define SR_LEARNARGS_H

#include <stdbool.h>

#include "base/util.h"

enum out_role {
	OUT_NONE,
	OUT_FILE,
	OUT_DIRECTORY,
	OUT_PREFIX
};

struct learned_args {
	/* options whose value named an output, by role; and options that took
	 * a value naming no file (-r 150): options-with-value */
	struct strlist output_options, directory_options, prefix_options, with_value;
	/* roles of the operands by position: input, output, output-directory,
	 * output-prefix, none */
	struct strlist operands;
	/* absolute: what the outputs are, for telling created files apart */
	struct strlist files, directories, prefixes;
};

/* argv as run in cwd; created: absolute paths the run created or wrote. */
void learnargs_classify(int argc, char *const *argv, const char *cwd, const struct strlist *created,
			struct learned_args *out);
/* Whether path is (or lies in, or is named by the prefix of) an output. */
bool learnargs_is_output(const struct learned_args *a, const char *path);
bool learnargs_any(const struct learned_args *a);
void learnargs_free(struct learned_args *a);

#endif
