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

# The external corpus (shared/corpora/external beside the source tree, not
# copied into it): each shipped profile's tool on other projects' crafted
# inputs. Plain build only: the sanitizer build would repeat it at ASan's
# pace for nothing the plain build misses (sandbox-run's own code runs
# the same way on every input).
corpus_tests = \
	tests/compat/corpus-file.t \
	tests/compat/corpus-compressed.t \
	tests/compat/corpus-archives.t \
	tests/compat/corpus-elf.t \
	tests/compat/corpus-pdf.t \
	tests/compat/corpus-images.t \
	tests/compat/corpus-less.t \
	tests/compat/corpus-roff.t
if !SANITIZERS
TESTS += $(corpus_tests)
endif
EXTRA_DIST += $(corpus_tests) tests/compat/corpus.sh

# Every corpus test, and only those (in the sanitizer build too).
.PHONY: check-corpus
check-corpus:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(corpus_tests)'
