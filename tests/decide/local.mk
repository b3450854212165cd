# SPDX-License-Identifier: GPL-2.0-or-later
# Unit tests of the deciding stages (src/decide): INI text in, struct profile
# or policy out, without touching the kernel. Each is a C program printing TAP.
check_PROGRAMS += tests/decide/test-profile
tests_decide_test_profile_SOURCES = tests/decide/test-profile.c tests/lib/tap.h
tests_decide_test_profile_CFLAGS = $(unit_cflags)
tests_decide_test_profile_LDADD = $(unit_ldadd)
TESTS += tests/decide/test-profile
check_PROGRAMS += tests/decide/test-args
tests_decide_test_args_SOURCES = tests/decide/test-args.c tests/lib/tap.h
tests_decide_test_args_CFLAGS = $(unit_cflags)
tests_decide_test_args_LDADD = $(unit_ldadd)
TESTS += tests/decide/test-args
# LD_PRELOAD, ld.so, preload rules, System V objects.
check_PROGRAMS += tests/decide/test-preload
tests_decide_test_preload_SOURCES = tests/decide/test-preload.c tests/lib/tap.h
tests_decide_test_preload_CFLAGS = $(unit_cflags)
tests_decide_test_preload_LDADD = $(unit_ldadd)
TESTS += tests/decide/test-preload
# policy_build: profile text and facts in, struct policy out, no file read.
check_PROGRAMS += tests/decide/test-policy
tests_decide_test_policy_SOURCES = tests/decide/test-policy.c tests/lib/tap.h
tests_decide_test_policy_CFLAGS = $(unit_cflags)
tests_decide_test_policy_LDADD = $(unit_ldadd)
TESTS += tests/decide/test-policy
