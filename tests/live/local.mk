# Live tests: the launcher applied to real programs, as root and as nobody.
check_PROGRAMS += tests/live/fileops
tests_live_fileops_SOURCES = tests/live/fileops.c
live_tests = \
	tests/live/file-output.t \
	tests/live/confinement.t \
	tests/live/exit-status.t \
	tests/live/landlock.t
TESTS += $(live_tests)
EXTRA_DIST += $(live_tests) tests/live/fileops.ini tests/live/sh.ini
