# SPDX-License-Identifier: GPL-2.0-or-later
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

# The catalogue resolves (unit), compiles for aarch64, and --list-promises
# is stable (golden file).
check_PROGRAMS += tests/escape/catalogue
tests_escape_catalogue_SOURCES = tests/escape/catalogue.c tests/lib/tap.h
tests_escape_catalogue_CFLAGS = $(AM_CFLAGS) $(SECCOMP_CFLAGS)
tests_escape_catalogue_LDADD = src/libsandbox.a $(SR_LIBS)
TESTS += tests/escape/catalogue tests/escape/aarch64.t tests/escape/list-promises.t \
	tests/escape/never.t
EXTRA_DIST += tests/escape/aarch64.t tests/escape/list-promises.t tests/escape/never.t \
	tests/escape/list-promises.x86_64

# libc's clone3 -> clone fallback: threads, fork, posix_spawn confined.
# Like the probe they run confined, where a sanitizer runtime would need
# /proc and ptrace: built without.
check_PROGRAMS += tests/escape/threads tests/escape/forker tests/escape/spawner
tests_escape_threads_SOURCES = tests/escape/threads.c
tests_escape_threads_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS) -pthread
tests_escape_threads_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS) -pthread
tests_escape_forker_SOURCES = tests/escape/forker.c
tests_escape_forker_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_escape_forker_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
tests_escape_spawner_SOURCES = tests/escape/spawner.c
tests_escape_spawner_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_escape_spawner_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
TESTS += tests/escape/clone-fallback.t
EXTRA_DIST += tests/escape/clone-fallback.t

# getaddrinfo under dns: the NETLINK_ROUTE socket of AI_ADDRCONFIG.
check_PROGRAMS += tests/escape/resolve
tests_escape_resolve_SOURCES = tests/escape/resolve.c
tests_escape_resolve_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_escape_resolve_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
TESTS += tests/escape/dns.t
EXTRA_DIST += tests/escape/dns.t

# Declared outputs: the broker serves creates of declared names and refuses
# the rest (creator is its target); gs and file as a hostile input would
# drive them, from a home directory.
check_PROGRAMS += tests/escape/creator
tests_escape_creator_SOURCES = tests/escape/creator.c
tests_escape_creator_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS) -pthread
tests_escape_creator_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS) -pthread
TESTS += tests/escape/outputs.t
EXTRA_DIST += tests/escape/outputs.t

# Hostile archives against an output directory (bsdtar -C, unzip -d).
TESTS += tests/escape/extract.t
EXTRA_DIST += tests/escape/extract.t
# A target narrowing itself further (Landlock, seccomp filters) under every
# shipped profile, unreported and effective; never with a listener of its own.
check_PROGRAMS += tests/escape/selfrestrict
tests_escape_selfrestrict_SOURCES = tests/escape/selfrestrict.c
tests_escape_selfrestrict_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_escape_selfrestrict_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)
TESTS += tests/escape/self-restriction.t
EXTRA_DIST += tests/escape/self-restriction.t
