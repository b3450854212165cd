# SPDX-License-Identifier: GPL-2.0-or-later
# tests/preload: LD_PRELOAD detection and preload.d rules, with the real
# Debian packages (fakeroot, snoopy, faketime, eatmydata, jemalloc, ...).
check_PROGRAMS += tests/preload/nettry tests/preload/ipctry
tests_preload_nettry_SOURCES = tests/preload/nettry.c
# a sandboxed probe: the sanitizer runtime would need more than its profile
tests_preload_nettry_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_preload_nettry_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
tests_preload_ipctry_SOURCES = tests/preload/ipctry.c
tests_preload_ipctry_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_preload_ipctry_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
preload_tests = \
	tests/preload/fakeroot.t \
	tests/preload/ipc.t \
	tests/preload/endpoints.t \
	tests/preload/snoopy.t \
	tests/preload/libraries.t \
	tests/preload/unknown.t
TESTS += $(preload_tests)
EXTRA_DIST += $(preload_tests) tests/preload/lib.sh tests/preload/nettry.ini tests/preload/date.ini
