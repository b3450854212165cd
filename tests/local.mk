# SPDX-License-Identifier: GPL-2.0-or-later
# Test suites; each directory keeps its own fragment.
EXTRA_DIST += tests/lib/tap.sh tests/lib/tapmerge.sh tests/run-suite
# The unit tests of each part of src/ link its library without main().
unit_cflags = $(AM_CFLAGS) $(SECCOMP_CFLAGS) $(CAPNG_CFLAGS) $(INIH_CFLAGS)
unit_ldadd = src/libsandbox.a $(SR_LIBS)
EXTRA_DIST += tests/lib/tap.h
include tests/catalogue/local.mk
include tests/decide/local.mk
include tests/filter/local.mk
include tests/apply/local.mk
include tests/escape/local.mk
include tests/preload/local.mk
include tests/supervise/local.mk
include tests/compat/local.mk
include tests/fuzz/local.mk
include tests/hostile/local.mk
include tests/admin/local.mk
include tests/fixtures/local.mk
include tests/learn/local.mk
include tests/bench/local.mk
include tests/kernels/local.mk
include tests/drift/local.mk
EXTRA_DIST += tests/README.md
