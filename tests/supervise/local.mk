# SPDX-License-Identifier: GPL-2.0-or-later
# tests/supervise: denial reports, the three on-violation modes, the
# supervisor's life cycle, --explain and --check golden outputs.
check_PROGRAMS += tests/supervise/denier
tests_supervise_denier_SOURCES = tests/supervise/denier.c
# Confined by the sandbox: no sanitizer runtime, whose start-up calls no
# profile grants.
tests_supervise_denier_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS) -pthread
tests_supervise_denier_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS) -pthread
supervise_tests = \
	tests/supervise/modes.t \
	tests/supervise/pipeline.t \
	tests/supervise/killed.t \
	tests/supervise/start.t \
	tests/supervise/concurrency.t \
	tests/supervise/syslog.t \
	tests/supervise/remedies.t
TESTS += $(supervise_tests)
EXTRA_DIST += $(supervise_tests) tests/supervise/lib.sh
