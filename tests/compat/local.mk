# SPDX-License-Identifier: GPL-2.0-or-later
# tests/compat: real inputs of this machine, sandboxed output == unsandboxed output.
compat_tests = \
	tests/compat/file.t \
	tests/compat/groff.t \
	tests/compat/man.t \
	tests/compat/gs.t \
	tests/compat/tools.t \
	tests/compat/pipeline.t \
	tests/compat/less.t \
	tests/compat/package-build.t \
	tests/compat/documents.t \
	tests/compat/extract.t \
	tests/compat/crafted.t
TESTS += $(compat_tests)
EXTRA_DIST += $(compat_tests) tests/compat/compat.sh
