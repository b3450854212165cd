# SPDX-License-Identifier: GPL-2.0-or-later
# tests/bench: `make bench` (not part of make check) measures the launcher
# against the exec floor and its peers; see tests/bench/run.sh. The helper
# programs are built with the check programs so that CI compiles them.
bench_cflags = $(AM_CFLAGS) $(SECCOMP_CFLAGS) $(CAPNG_CFLAGS) $(INIH_CFLAGS)
check_PROGRAMS += tests/bench/syscall-loop tests/bench/filter-time tests/bench/alternate \
	tests/bench/any-filter tests/bench/creates
tests_bench_syscall_loop_SOURCES = tests/bench/syscall-loop.c
tests_bench_creates_SOURCES = tests/bench/creates.c
tests_bench_alternate_SOURCES = tests/bench/alternate.c
tests_bench_any_filter_SOURCES = tests/bench/any-filter.c
tests_bench_filter_time_SOURCES = tests/bench/filter-time.c
tests_bench_filter_time_CFLAGS = $(bench_cflags)
tests_bench_filter_time_LDADD = src/libsandbox.a $(SR_LIBS)
# The alternation tool and the floor's filter are checked like any program
# (they can fail); the benchmarks themselves are not tests.
TESTS += tests/bench/alternate.t tests/bench/any-filter.t
EXTRA_DIST += tests/bench/alternate.t tests/bench/any-filter.t tests/bench/run.sh tests/bench/syscall-loop.ini tests/bench/true.ini \
	tests/bench/creates.ini tests/bench/creates-landlock.ini \
	tests/bench/profiles/nroff.ini tests/bench/profiles/tbl.ini

.PHONY: bench
bench: all tests/bench/syscall-loop$(EXEEXT) tests/bench/filter-time$(EXEEXT) \
		tests/bench/any-filter$(EXEEXT) tests/bench/creates$(EXEEXT)
	SANDBOX_RUN=$(abs_top_builddir)/src/sandbox-run top_srcdir=$(abs_top_srcdir) \
	top_builddir=$(abs_top_builddir) bash $(abs_top_srcdir)/tests/bench/run.sh

# Two builds told apart: make bench-compare OLD=BINARY NEW=BINARY, optionally
# ROUNDS=1500 and CMD='file /etc/os-release'. Each binary uses its own
# tree's profiles (or the installed ones).
ROUNDS ?= 1500
CMD ?= file /etc/os-release
.PHONY: bench-compare
bench-compare: tests/bench/alternate$(EXEEXT)
	@if [ -z "$(OLD)" ] || [ -z "$(NEW)" ]; then \
		echo "usage: make bench-compare OLD=BINARY NEW=BINARY [ROUNDS=1500] [CMD='file F']" >&2; \
		exit 2; \
	fi
	tests/bench/alternate $(ROUNDS) env $(CMD) ';;' $(OLD) $(CMD) ';;' $(NEW) $(CMD) \
		';;' $(OLD) --log=none $(CMD) ';;' $(NEW) --log=none $(CMD)
