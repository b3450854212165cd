# Live tests: the launcher applied to real programs, as root and as nobody.
check_PROGRAMS += tests/live/fileops
tests_live_fileops_SOURCES = tests/live/fileops.c
tests_live_fileops_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_live_fileops_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
check_PROGRAMS += tests/live/netops
tests_live_netops_SOURCES = tests/live/netops.c
tests_live_netops_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_live_netops_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
# What a program sees of temporary directories under tmppath (tmpdir.t).
check_PROGRAMS += tests/live/tmpprobe
tests_live_tmpprobe_SOURCES = tests/live/tmpprobe.c
tests_live_tmpprobe_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_live_tmpprobe_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
# Calls Landlock scopes from later ABIs (old-abi.t).
check_PROGRAMS += tests/live/scopetry
tests_live_scopetry_SOURCES = tests/live/scopetry.c
tests_live_scopetry_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_live_scopetry_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
live_tests = \
	tests/live/file-output.t \
	tests/live/confinement.t \
	tests/live/exit-status.t \
	tests/live/landlock.t \
	tests/live/landlock-degraded.t \
	tests/live/network.t \
	tests/live/privileges.t \
	tests/live/filter-cache.t \
	tests/live/refuse.t \
	tests/live/tmpdir.t \
	tests/live/old-abi.t \
	tests/live/diagnose.t
TESTS += $(live_tests)
EXTRA_DIST += $(live_tests) tests/live/fileops.ini tests/live/sh.ini
