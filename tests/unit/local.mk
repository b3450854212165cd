# SPDX-License-Identifier: GPL-2.0-or-later
# Unit tests of the deciding stages: INI text in, struct profile or policy
# out, without touching the kernel. Each is a C program printing TAP.
unit_cflags = $(AM_CFLAGS) $(SECCOMP_CFLAGS) $(CAPNG_CFLAGS) $(INIH_CFLAGS)
unit_ldadd = src/libsandbox.a $(SR_LIBS)

check_PROGRAMS += tests/unit/test-profile tests/unit/test-args
tests_unit_test_profile_SOURCES = tests/unit/test-profile.c tests/unit/tap.h
tests_unit_test_profile_CFLAGS = $(unit_cflags)
tests_unit_test_profile_LDADD = $(unit_ldadd)
tests_unit_test_args_SOURCES = tests/unit/test-args.c tests/unit/tap.h
tests_unit_test_args_CFLAGS = $(unit_cflags)
tests_unit_test_args_LDADD = $(unit_ldadd)
TESTS += tests/unit/test-profile tests/unit/test-args
check_PROGRAMS += tests/unit/test-siphash
tests_unit_test_siphash_SOURCES = tests/unit/test-siphash.c tests/unit/tap.h
tests_unit_test_siphash_CFLAGS = $(unit_cflags)
tests_unit_test_siphash_LDADD = $(unit_ldadd)
TESTS += tests/unit/test-siphash
check_PROGRAMS += tests/unit/test-learn
tests_unit_test_learn_SOURCES = tests/unit/test-learn.c tests/unit/tap.h
tests_unit_test_learn_CFLAGS = $(unit_cflags)
tests_unit_test_learn_LDADD = $(unit_ldadd)
TESTS += tests/unit/test-learn
# The filter tests run BPF with bpfrun.c, as the kernel would.
check_PROGRAMS += tests/unit/test-filter tests/unit/test-prologue
tests_unit_test_filter_SOURCES = tests/unit/test-filter.c tests/unit/bpfrun.c \
	tests/unit/bpfrun.h tests/unit/tap.h
tests_unit_test_filter_CFLAGS = $(unit_cflags)
tests_unit_test_filter_LDADD = $(unit_ldadd)
tests_unit_test_prologue_SOURCES = tests/unit/test-prologue.c tests/unit/bpfrun.c \
	tests/unit/bpfrun.h tests/unit/tap.h
tests_unit_test_prologue_CFLAGS = $(unit_cflags)
tests_unit_test_prologue_LDADD = $(unit_ldadd)
TESTS += tests/unit/test-filter tests/unit/test-prologue
check_PROGRAMS += tests/unit/test-peephole
tests_unit_test_peephole_SOURCES = tests/unit/test-peephole.c tests/unit/bpfrun.c \
	tests/unit/bpfrun.h tests/unit/tap.h
tests_unit_test_peephole_CFLAGS = $(unit_cflags)
tests_unit_test_peephole_LDADD = $(unit_ldadd)
TESTS += tests/unit/test-peephole

# The private temporary directory: made, refused, removed, collected.
check_PROGRAMS += tests/unit/test-tmpdir
tests_unit_test_tmpdir_SOURCES = tests/unit/test-tmpdir.c tests/unit/tap.h
tests_unit_test_tmpdir_CFLAGS = $(unit_cflags)
tests_unit_test_tmpdir_LDADD = $(unit_ldadd)
TESTS += tests/unit/test-tmpdir

# policy_decide: profile text and facts in, struct policy out, no file read.
check_PROGRAMS += tests/unit/test-policy
tests_unit_test_policy_SOURCES = tests/unit/test-policy.c tests/unit/tap.h
tests_unit_test_policy_CFLAGS = $(unit_cflags)
tests_unit_test_policy_LDADD = $(unit_ldadd)
TESTS += tests/unit/test-policy
