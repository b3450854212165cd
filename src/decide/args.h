/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Classify the target's argv by the profile's [arguments]: which elements
 * name files it reads (inputs, input trees) or writes (outputs, output
 * directories, output prefixes). Pure: no file access. */
#ifndef SR_ARGS_H
#define SR_ARGS_H

#include "decide/profile.h"
#include "base/util.h"

struct arg_files {
	struct strlist inputs; /* origin: "argv[3]" or "argv[2] (-m)" */
	struct strlist input_lists; /* files that list more inputs, one per line */
	struct strlist outputs;
	struct strlist output_dirs; /* directories the run creates new files in */
	struct strlist output_prefixes; /* DIR/P: new files DIR/P* */
	struct strlist input_trees; /* directories readable with all beneath */
	struct strlist promises; /* from option-promises: granted for this run */
};

/* argv[0] is the command itself. */
void args_classify(const struct profile *p, int argc, char *const *argv, struct arg_files *out);
void args_free(struct arg_files *f);

#endif
