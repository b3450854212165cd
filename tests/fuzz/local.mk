# SPDX-License-Identifier: GPL-2.0-or-later
# tests/fuzz: libFuzzer harnesses for the stages that read untrusted or
# administrator input before anything is confined.
#
# Every build compiles the harnesses into replay drivers, and make check
# replays the seed corpus and the regression inputs through them (so a bug
# the fuzzer once found stays fixed, with gcc or clang, with or without
# sanitizers). ./configure CC=clang --enable-fuzzing also builds the real
# fuzzers, and tests/fuzz/fuzzers.t runs each for a bounded time (CI does:
# make check TESTS=tests/fuzz/fuzzers.t in that build).
FUZZ_COMMON = tests/fuzz/fuzz.h tests/fuzz/fuzz-common.c
FUZZ_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src -I$(top_srcdir)/tests/fuzz
# die() returns to the harness instead of exiting (see fuzz.h).
FUZZ_WRAP = -Wl,--wrap=die -Wl,--wrap=die_status
FUZZ_LDADD = src/libsandbox.a $(SR_LIBS)

check_PROGRAMS += tests/fuzz/replay-policy tests/fuzz/replay-args
tests_fuzz_replay_policy_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz-policy.c $(FUZZ_COMMON)
tests_fuzz_replay_policy_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_replay_policy_CFLAGS = $(AM_CFLAGS) $(SECCOMP_CFLAGS)
tests_fuzz_replay_policy_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_WRAP)
tests_fuzz_replay_policy_LDADD = $(FUZZ_LDADD)
tests_fuzz_replay_args_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz-args.c $(FUZZ_COMMON)
tests_fuzz_replay_args_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_replay_args_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_WRAP)
tests_fuzz_replay_args_LDADD = $(FUZZ_LDADD)

TESTS += tests/fuzz/replay.t
EXTRA_DIST += tests/fuzz/replay.t tests/fuzz/fuzzers.t tests/fuzz/profile.dict \
	tests/fuzz/corpus tests/fuzz/regressions

if FUZZING
noinst_PROGRAMS += tests/fuzz/fuzz-policy tests/fuzz/fuzz-args
tests_fuzz_fuzz_policy_SOURCES = tests/fuzz/fuzz-policy.c $(FUZZ_COMMON)
tests_fuzz_fuzz_policy_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_policy_CFLAGS = $(AM_CFLAGS) $(SECCOMP_CFLAGS)
tests_fuzz_fuzz_policy_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS) $(FUZZ_WRAP)
tests_fuzz_fuzz_policy_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_args_SOURCES = tests/fuzz/fuzz-args.c $(FUZZ_COMMON)
tests_fuzz_fuzz_args_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_args_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS) $(FUZZ_WRAP)
tests_fuzz_fuzz_args_LDADD = $(FUZZ_LDADD)
TESTS += tests/fuzz/fuzzers.t
endif
