/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer harness: a profile, and optionally a preload rule after a NUL
 * byte, through every deciding stage as main() runs them: profile_load +
 * profile_validate, preload_match (which loads the rule), args_classify of a
 * fixed command line, policy_from_system, seccomp_build and explain_print. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decide/args.h"
#include "admin/explain.h"
#include "fuzz.h"
#include "decide/policy.h"
#include "decide/preload.h"
#include "decide/profile.h"
#include "apply/seccomp.h"
#include "decide/settings.h"
#include "decide/target.h"

static struct settings settings;
static struct target target;
static char *argv[] = { "tool", "-m", "magic", "-f", "list", "-o", "out.txt",
			"-sOutputFile=page-%d.png", "--input=/etc/hostname", "-xvf",
			"archive", "--", "-operand", "/nonexistent", NULL };
static char *envp[] = { "PATH=/usr/bin", NULL };
#define ARGC ((int)(sizeof argv / sizeof argv[0]) - 1)

int LLVMFuzzerInitialize(int *argc, char ***argv_);
int LLVMFuzzerInitialize(int *argc, char ***argv_)
{
	(void)argc, (void)argv_;
	verbosity = 0;
	/* explain_print writes to standard output */
	int null = open("/dev/null", O_WRONLY);
	if (null < 0 || dup2(null, STDOUT_FILENO) < 0)
		abort();
	close(null);
	char *rules = NULL;
	if (asprintf(&rules, "%s/preload.d", fuzz_dir()) < 0 || mkdir(rules, 0755) < 0)
		abort();
	free(rules);
	settings.profile_dirs[0] = strdup(fuzz_dir());
	settings.n_profile_dirs = 1;
	settings.allow_user_profiles = 1;
	settings.unknown_preload = UNKNOWN_IGNORE;
	settings.log = REPORT_NONE;
	fuzz_die_armed = 1;
	if (setjmp(fuzz_died))
		abort();
	target_resolve("/bin/true", &target);
	return 0;
}

static void decide(const char *profile_path, struct profile *profile)
{
	struct preloads preloads;
	struct strlist errors = { 0 };
	preload_detect(&preloads, "libfuzz.so /usr/lib/libfakeroot.so:libsnoopy.so", NULL);
	if (preload_match(&settings, &preloads, &errors) == 0) {
		struct arg_files files;
		args_classify(profile, ARGC, argv, &files);
		struct policy policy;
		struct policy_input in = {
			.settings = &settings, .target = &target, .argc = ARGC, .argv = argv,
			.profile_path = profile_path, .profile = profile, .preloads = &preloads,
			.args = &files,
		};
		policy_from_system(&in, &policy);
		struct exec_args ex = { target.path, argv, envp };
		struct filter_program *f = seccomp_build(&policy, &ex, policy_supervised(&policy), NULL);
		explain_print(&policy, seccomp_instructions(f));
		seccomp_free(f);
		policy_free(&policy);
		args_free(&files);
	}
	strlist_free(&errors);
	preload_free(&preloads);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!settings.n_profile_dirs)
		LLVMFuzzerInitialize(NULL, NULL);
	const uint8_t *nul = memchr(data, '\0', size);
	size_t profile_size = nul ? (size_t)(nul - data) : size;
	char rule_name[64];
	snprintf(rule_name, sizeof rule_name, "preload.d/rule.ini");
	if (nul)
		fuzz_write(rule_name, nul + 1, size - profile_size - 1);
	else
		fuzz_write(rule_name, (const uint8_t *)"[preload]\nmatch = none\n", 23);
	char *path = strdup(fuzz_write("tool.ini", data, profile_size));

	struct profile profile;
	struct strlist errors = { 0 };
	if (setjmp(fuzz_died) == 0) {
		if (profile_load(&settings, path, &profile, &errors) == 0 &&
		    profile_validate(&profile, &errors) == 0)
			decide(path, &profile);
		profile_free(&profile);
	}
	strlist_free(&errors);
	free(path);
	return 0;
}
