# SPDX-License-Identifier: GPL-2.0-or-later
# Unit tests of the filter compiler and cache (src/filter). The filter tests
# run BPF with bpfrun.c, as the kernel would.
check_PROGRAMS += tests/filter/test-filter
tests_filter_test_filter_SOURCES = tests/filter/test-filter.c tests/lib/tap.h tests/filter/bpfrun.c tests/filter/bpfrun.h
tests_filter_test_filter_CFLAGS = $(unit_cflags)
tests_filter_test_filter_LDADD = $(unit_ldadd)
TESTS += tests/filter/test-filter
check_PROGRAMS += tests/filter/test-prologue
tests_filter_test_prologue_SOURCES = tests/filter/test-prologue.c tests/lib/tap.h tests/filter/bpfrun.c tests/filter/bpfrun.h
tests_filter_test_prologue_CFLAGS = $(unit_cflags)
tests_filter_test_prologue_LDADD = $(unit_ldadd)
TESTS += tests/filter/test-prologue
check_PROGRAMS += tests/filter/test-peephole
tests_filter_test_peephole_SOURCES = tests/filter/test-peephole.c tests/lib/tap.h tests/filter/bpfrun.c tests/filter/bpfrun.h
tests_filter_test_peephole_CFLAGS = $(unit_cflags)
tests_filter_test_peephole_LDADD = $(unit_ldadd)
TESTS += tests/filter/test-peephole
check_PROGRAMS += tests/filter/test-siphash
tests_filter_test_siphash_SOURCES = tests/filter/test-siphash.c tests/lib/tap.h
tests_filter_test_siphash_CFLAGS = $(unit_cflags)
tests_filter_test_siphash_LDADD = $(unit_ldadd)
TESTS += tests/filter/test-siphash
