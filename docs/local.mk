# SPDX-License-Identifier: GPL-2.0-or-later
# Man pages (installed in $(mandir)/man1 and man5, checked by
# tests/admin/man-pages.t), the guides (in $(docdir)) and the bash
# completion (in $(bashcompletiondir), see configure.ac).
dist_man_MANS += \
	docs/sandbox-run.1 \
	docs/sandbox-run.profile.5 \
	docs/sandbox-run.conf.5 \
	docs/sandbox-run.preload.5

dist_doc_DATA += \
	README.md \
	docs/writing-profiles.md \
	docs/troubleshooting.md \
	docs/design-notes.md \
	docs/performance.md

dist_bashcompletion_DATA = completion/sandbox-run

# The guides keep their directory, so their relative links still work.
guidesdir = $(docdir)/guides
dist_guides_DATA = \
	docs/guides/man-db.md \
	docs/guides/package-builds.md

# The READMEs of src/'s parts (src/README.md maps them), listed here with
# the other documents; configure.ac points at src/filter/README.md.
EXTRA_DIST += src/base/README.md src/catalogue/README.md src/decide/README.md \
	src/filter/README.md src/apply/README.md src/supervise/README.md \
	src/learn/README.md src/admin/README.md
