# SPDX-License-Identifier: GPL-2.0-or-later
# tests/drift: the drift check (drift.t): the compatibility tests inside
# a Debian trixie or sid chroot with this build's sandbox-run installed;
# the chroots built by mkchroot and cached in /var/cache/sandbox-run-drift
# (docs/drift.md). trixie is part of the plain build's make check (CI);
# not of the sanitizer build's, which would only repeat it slower. sid:
# make check-drift SUITE=sid.
drift_files = tests/drift/mkchroot tests/drift/packages tests/drift/enter tests/drift/run-inside
EXTRA_DIST += tests/drift/drift.t $(drift_files) docs/drift.md
if !SANITIZERS
TESTS += tests/drift/drift.t
endif

SUITE = trixie
.PHONY: check-drift
check-drift:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS=tests/drift/drift.t DRIFT_SUITE='$(SUITE)' DRIFT_FULL=1
