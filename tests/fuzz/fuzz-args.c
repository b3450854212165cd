/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer harness: args_classify on a fuzzed command line. The first byte
 * picks the profile's [arguments] modes; the rest, split at NUL bytes, is
 * argv. Checks what the classifier promises: every input, input list and
 * output it returns is an argv element or a suffix of one. */
#include <stdlib.h>
#include <string.h>

#include "decide/args.h"
#include "fuzz.h"
#include "decide/profile.h"

static void words(struct strlist *l, const char *text)
{
	split_words(text, l, "fuzz");
}

static void init_profile(struct profile *p, uint8_t modes)
{
	memset(p, 0, sizeof *p);
	p->operands = modes % 5 > 2 ? modes % 5 : modes % 3;
	p->directory_operands = (modes >> 2) & 1;
	p->clustered_short_options = (modes >> 3) & 1;
	words(&p->options_with_value, "-e --exclude -F --separator -P -d -r");
	words(&p->input_options, "-m --magic-file -I -sFONTPATH= --input");
	words(&p->input_list_options, "-f --files-from");
	words(&p->output_options, "-o --output -sOutputFile= -O");
	words(&p->output_directory_options, "-d --directory -C");
	words(&p->output_prefix_options, "--prefix");
	words(&p->two_value_options, "--arg -A");
	words(&p->named_input_options, "--slurpfile");
	words(&p->input_tree_options, "-L");
	p->glued_option_values = (modes >> 4) & 1;
	if ((modes >> 5) & 1)
		words(&p->operand_roles, "none input output-directory");
}

static bool from_argv(const char *s, int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		size_t a = strlen(argv[i]), b = strlen(s);
		if (b <= a && strcmp(argv[i] + a - b, s) == 0)
			return true;
	}
	return false;
}

static void check_list(const struct strlist *l, int argc, char **argv)
{
	for (size_t i = 0; i < l->n; i++)
		if (!from_argv(l->item[i], argc, argv) || !*l->item[i])
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	struct profile p;
	init_profile(&p, data[0]);
	char *buf = malloc(size);
	memcpy(buf, data + 1, size - 1);
	buf[size - 1] = '\0';
	int argc = size > 1 ? 2 : 1; /* argv[0], and the last element */
	for (size_t i = 0; i + 1 < size; i++)
		argc += buf[i] == '\0';
	char **argv = calloc((size_t)argc + 1, sizeof *argv);
	argv[0] = "tool";
	char *s = buf;
	for (int i = 1; i < argc; i++, s += strlen(s) + 1)
		argv[i] = s;

	struct arg_files out;
	fuzz_die_armed = 0; /* args_classify must not fail */
	args_classify(&p, argc, argv, &out);
	check_list(&out.inputs, argc, argv);
	check_list(&out.input_lists, argc, argv);
	check_list(&out.outputs, argc, argv);
	check_list(&out.output_dirs, argc, argv);
	check_list(&out.output_prefixes, argc, argv);
	check_list(&out.input_trees, argc, argv);
	args_free(&out);
	profile_free(&p);
	free(argv);
	free(buf);
	return 0;
}
