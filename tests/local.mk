# Test suites; each directory keeps its own fragment.
EXTRA_DIST += tests/lib/tap.sh tests/run-suite
include tests/unit/local.mk
include tests/live/local.mk
include tests/escape/local.mk
