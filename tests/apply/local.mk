# SPDX-License-Identifier: GPL-2.0-or-later
# Live tests: the launcher applied to real programs, as root and as nobody.
check_PROGRAMS += tests/apply/fileops
tests_apply_fileops_SOURCES = tests/apply/fileops.c
tests_apply_fileops_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_apply_fileops_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
check_PROGRAMS += tests/apply/netops
tests_apply_netops_SOURCES = tests/apply/netops.c
tests_apply_netops_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_apply_netops_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
# What a program sees of temporary directories under tmppath (tmpdir.t).
check_PROGRAMS += tests/apply/tmpprobe
tests_apply_tmpprobe_SOURCES = tests/apply/tmpprobe.c
tests_apply_tmpprobe_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_apply_tmpprobe_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
# Calls Landlock scopes from later ABIs (old-abi.t).
check_PROGRAMS += tests/apply/scopetry
tests_apply_scopetry_SOURCES = tests/apply/scopetry.c
tests_apply_scopetry_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_apply_scopetry_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
apply_tests = \
	tests/apply/file-output.t \
	tests/apply/confinement.t \
	tests/apply/exit-status.t \
	tests/apply/landlock.t \
	tests/apply/landlock-degraded.t \
	tests/apply/network.t \
	tests/apply/privileges.t \
	tests/apply/filter-cache.t \
	tests/apply/refuse.t \
	tests/apply/tmpdir.t \
	tests/apply/old-abi.t \
	tests/apply/no-landlock.t \
	tests/apply/diagnose.t \
	tests/apply/limits.t
TESTS += $(apply_tests)
EXTRA_DIST += $(apply_tests) tests/apply/fileops.ini tests/apply/sh.ini tests/apply/abstract.sh

# The private temporary directory: made, refused, removed, collected.
check_PROGRAMS += tests/apply/test-tmpdir
tests_apply_test_tmpdir_SOURCES = tests/apply/test-tmpdir.c tests/lib/tap.h
tests_apply_test_tmpdir_CFLAGS = $(unit_cflags)
tests_apply_test_tmpdir_LDADD = $(unit_ldadd)
TESTS += tests/apply/test-tmpdir
