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
	tests/supervisor/explain.t \
	tests/supervisor/check.t \
	tests/supervisor/remedies.t
TESTS += $(supervisor_tests)
EXTRA_DIST += $(supervisor_tests) tests/supervisor/lib.sh \
	tests/supervisor/explain-file.golden tests/supervisor/check-broken.golden
# The --check corpus: one kind of mistake per file.
EXTRA_DIST += \
	tests/supervisor/broken/bad-port.ini \
	tests/supervisor/broken/bad-values.ini \
	tests/supervisor/broken/before-section.ini \
	tests/supervisor/broken/conditional-syscall.ini \
	tests/supervisor/broken/continuation.ini \
	tests/supervisor/broken/empty.ini \
	tests/supervisor/broken/good.ini \
	tests/supervisor/broken/key-and-promise.ini \
	tests/supervisor/broken/never-syscall.ini \
	tests/supervisor/broken/paths.ini \
	tests/supervisor/broken/preload.d/grants.ini \
	tests/supervisor/broken/preload.d/typo.ini \
	tests/supervisor/broken/sandbox-run.conf \
	tests/supervisor/broken/syntax.ini \
	tests/supervisor/broken/unknown-key.ini \
	tests/supervisor/broken/unknown-promise.ini \
	tests/supervisor/broken/unknown-section.ini \
	tests/supervisor/broken/unknown-syscall.ini
