# SPDX-License-Identifier: GPL-2.0-or-later
# tests/supervisor: denial reports, the three on-violation modes, the
# supervisor's life cycle, --explain and --check golden outputs.
check_PROGRAMS += tests/supervisor/denier
tests_supervisor_denier_SOURCES = tests/supervisor/denier.c
# Confined by the sandbox: no sanitizer runtime, whose start-up calls no
# profile grants.
tests_supervisor_denier_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS) -pthread
tests_supervisor_denier_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS) -pthread
supervisor_tests = \
	tests/supervisor/modes.t \
	tests/supervisor/pipeline.t \
	tests/supervisor/killed.t \
	tests/supervisor/start.t \
	tests/supervisor/concurrency.t \
	tests/supervisor/syslog.t \
	tests/supervisor/remedies.t
TESTS += $(supervisor_tests)
EXTRA_DIST += $(supervisor_tests) tests/supervisor/lib.sh
