/* How long building a profile's seccomp filters takes: the deciding
 * stages once, as sandbox-run runs them, then what the launcher does to
 * build its filters (the known one from src/known-bpf.h where it applies,
 * libseccomp rules and BPF export for the rest) ROUNDS times. Prints "INSTRUCTIONS MEDIAN-US".
 * Usage: filter-time PROFILE.ini COMMAND [ARG]... */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../../src/args.h"
#include "../../src/policy.h"
#include "../../src/seccomp.h"
#include "src/known-bpf.h"

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
	policy_build(&in, out);
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

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: filter-time PROFILE.ini COMMAND [ARG]...\n");
		return 2;
	}
	struct policy pol;
	decide(argv[1], argc - 2, argv + 2, &pol);
	struct exec_args ex = seccomp_prepare_exec(pol.target, argv + 2, environ);
	double us[ROUNDS];
	unsigned insns = 0;
	for (int i = 0; i < ROUNDS; i++) {
		double t0 = now_us();
		struct filters *f =
			seccomp_build_prebuilt(&pol, &ex, policy_supervised(&pol), &known_bpf, NULL);
		us[i] = now_us() - t0;
		insns = seccomp_instructions(f);
		seccomp_free(f);
	}
	policy_free(&pol);
	qsort(us, ROUNDS, sizeof us[0], by_value);
	printf("%u %.0f\n", insns, us[ROUNDS / 2]);
	return 0;
}
