/* SPDX-License-Identifier: GPL-2.0-or-later */
/* How long building a profile's seccomp filter takes: the deciding stages
 * once, as sandbox-run runs them, then what the launcher does to build its
 * filter (libseccomp rules and BPF export) ROUNDS times, then the same
 * taken from a filter cache (filtercache.h) in a temporary directory.
 * Prints "INSTRUCTIONS MEDIAN-US CACHED-MEDIAN-US" (CACHED is "-" without a
 * kernel keyring).
 * Usage: filter-time PROFILE.ini COMMAND [ARG]... */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "decide/args.h"
#include "decide/policy.h"
#include "decide/preload.h"
#include "decide/target.h"
#include "apply/seccomp.h"

#define ROUNDS 101

extern char **environ;

static void decide(const char *profile_path, int argc, char **argv, struct policy *out)
{
	static struct settings s;
	static struct target t;
	static struct profile p;
	static struct preloads pl;
	static struct arg_files files;
	struct strlist errors = { 0 };
	settings_load(&s, NULL);
	target_resolve(argv[0], &t);
	if (profile_load(&s, profile_path, &p, &errors) < 0 || profile_validate(&p, &errors) < 0 ||
	    errors.n)
		die("%s: %s", profile_path, errors.n ? errors.item[0] : "cannot load");
	preload_detect(&pl, NULL, "/dev/null");
	args_classify(&p, argc, argv, &files);
	struct policy_input in = { .settings = &s, .target = &t, .argc = argc, .argv = argv,
				   .profile_path = profile_path, .profile = &p, .preloads = &pl,
				   .args = &files };
	policy_from_system(&in, out);
}

static double now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Median microseconds of ROUNDS builds; *insns gets the size. */
static double time_builds(const struct policy *pol, const struct exec_args *ex,
			  const struct fcache *cache, unsigned *insns)
{
	double us[ROUNDS];
	for (int i = 0; i < ROUNDS; i++) {
		double t0 = now_us();
		struct filter_program *f = seccomp_build(pol, ex, policy_supervised(pol), cache);
		us[i] = now_us() - t0;
		*insns = seccomp_instructions(f);
		seccomp_free(f);
	}
	qsort(us, ROUNDS, sizeof us[0], by_value);
	return us[ROUNDS / 2];
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: filter-time PROFILE.ini COMMAND [ARG]...\n");
		return 2;
	}
	struct policy pol;
	decide(argv[1], argc - 2, argv + 2, &pol);
	struct exec_args ex = seccomp_prepare_exec(pol.target, argv + 2, environ);
	unsigned insns = 0;
	double fresh = time_builds(&pol, &ex, NULL, &insns);
	char dir[] = "/tmp/filter-time.XXXXXX";
	struct fcache cache;
	if (mkdtemp(dir) && fcache_open(dir, &cache)) {
		double cached = time_builds(&pol, &ex, &cache, &insns);
		fcache_close(&cache);
		printf("%u %.0f %.0f\n", insns, fresh, cached);
		char *rm = xasprintf("rm -rf '%s'", dir);
		if (system(rm) != 0)
			fprintf(stderr, "filter-time: could not remove %s\n", dir);
		free(rm);
	} else {
		printf("%u %.0f -\n", insns, fresh);
		rmdir(dir);
	}
	policy_free(&pol);
	return 0;
}
