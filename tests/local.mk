# SPDX-License-Identifier: GPL-2.0-or-later
# Test suites; each directory keeps its own fragment.
EXTRA_DIST += tests/lib/tap.sh tests/run-suite
include tests/unit/local.mk
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
