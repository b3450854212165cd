# The attack probe: one escape attempt per run (tests/escape/attempts.txt).
check_PROGRAMS += tests/escape/probe
tests_escape_probe_SOURCES = tests/escape/probe.c
tests_escape_probe_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS) -pthread
tests_escape_probe_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS) -pthread
EXTRA_DIST += tests/escape/attempts.txt

# Each attempt unconfined, under file, under every promise but the one it
# needs, and under every promise.
TESTS += tests/escape/escape.t
EXTRA_DIST += tests/escape/escape.t
