# SPDX-License-Identifier: GPL-2.0-or-later
# tests/learn: --learn writes profiles that work (issue 8).
check_PROGRAMS += tests/learn/workload
tests_learn_workload_SOURCES = tests/learn/workload.c
# Run confined by learned profiles: no sanitizer runtime, whose leak check
# at exit traces the process (ptrace is never granted).
tests_learn_workload_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS) -pthread
tests_learn_workload_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS) -pthread
LEARN_TESTS = tests/learn/file.t tests/learn/groff.t tests/learn/gs.t \
	tests/learn/workload.t tests/learn/merge.t tests/learn/preload.t \
	tests/learn/paths.t tests/learn/roundtrip.t \
	tests/learn/outputs.t tests/learn/shared-dir.t
TESTS += $(LEARN_TESTS)
EXTRA_DIST += $(LEARN_TESTS) tests/learn/lib.sh

# Unit tests of the learner's argument shapes and of merging into a profile.
check_PROGRAMS += tests/learn/test-learn
tests_learn_test_learn_SOURCES = tests/learn/test-learn.c tests/lib/tap.h
tests_learn_test_learn_CFLAGS = $(unit_cflags)
tests_learn_test_learn_LDADD = $(unit_ldadd)
TESTS += tests/learn/test-learn
