# SPDX-License-Identifier: GPL-2.0-or-later
# The drift check: the shipped profiles against the tools of newer Debian
# releases. A Debian DRIFT_SUITE chroot (trixie by default; sid through
# make check-drift SUITE=sid) is built once and cached (mkchroot:
# debootstrap minbase plus the tools the profiles confine); this build's
# sandbox-run is installed into an overlay of it (make install DESTDIR=;
# the cache stays as built) and the compatibility tests run inside, with
# the chroot's own glibc, tools and files, against the same tests'
# unconfined runs. In make check: tools.t, gs.t, less.t (on a terminal),
# pipeline.t and every corpus test, as root (the corpus tests run each
# tool as nobody too). make check-drift: also groff.t
# and the other corpus tests, and tools.t again as nobody. When this build has
# --diagnose, every sandboxed run the tests compare with the bare one
# uses it (SR_ARGS), so that a file the policy refuses is reported and
# fails the check even when the tool goes on silently; the tests of what
# a profile refuses (less's escapes, gs's -dSAFER, extracting nothing)
# keep the profile's own on-violation. Results come out as one TAP stream, each prefixed with the
# suite ("ok 12 - [trixie] tests/compat/tools.t: ...").
#
# DRIFT_SUITE (trixie), DRIFT_FULL (1: every test, as make check-drift
# sets it), DRIFT_TESTS (root's test files), DRIFT_USER_TESTS (nobody's), DRIFT_TEST_TIMEOUT (seconds per test file, 900), and those
# of mkchroot (DRIFT_CACHE, DRIFT_MIRROR, DRIFT_MAX_AGE, DRIFT_REBUILD).
# Needs root, debootstrap, overlayfs and, the first time, the mirror.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/lib/tapmerge.sh"
here=$top_srcdir/tests/drift
suite=${DRIFT_SUITE:-trixie}
cache=${DRIFT_CACHE:-/var/cache/sandbox-run-drift}
# make check (CI, minutes counted) runs the tests that meet the most of
# what changes between releases; make check-drift (DRIFT_FULL=1) all of
# them, and tools.t again as nobody.
if [ "${DRIFT_FULL:-0}" = 1 ]; then
	: "${DRIFT_TESTS:=tests/compat/tools.t tests/compat/gs.t tests/compat/groff.t \
tests/compat/less.t tests/compat/pipeline.t $(cd "$top_srcdir" && echo tests/compat/corpus-*.t)}"
	: "${DRIFT_USER_TESTS=tests/compat/tools.t}"
else
	# Not here (docs/drift.md "Open"): groff.t (-Thtml: pre-grohtml's
	# shell, and minutes of pages one at a time); make check-drift runs it.
	: "${DRIFT_TESTS:=tests/compat/tools.t tests/compat/gs.t tests/compat/less.t \
tests/compat/pipeline.t $(cd "$top_srcdir" && echo tests/compat/corpus-*.t)}"
	: "${DRIFT_USER_TESTS=}"
fi

[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP the drift check needs root (debootstrap, mounts, chroot)"; exit 0; }
command -v debootstrap >/dev/null ||
	{ echo "1..0 # SKIP debootstrap is not installed (apt-get install debootstrap)"; exit 0; }
grep -qw overlay /proc/filesystems || modprobe overlay 2>/dev/null ||
	{ echo "1..0 # SKIP this kernel has no overlayfs"; exit 0; }

# 1. the chroot, from the cache or built now
W=$(tap_tmp)
start=$(date +%s)
if dir=$("$here/mkchroot" "$suite" 2>"$W/mkchroot.err"); then
	ok 0 "[$suite] chroot $dir: minbase and tests/drift/packages ($(($(date +%s) - start))s)"
	missing=$(cat "$dir/.drift-missing" 2>/dev/null)
	[ -z "$missing" ] || diag "[$suite] not in $suite, left out: $missing"
else
	ok 1 "[$suite] chroot built by tests/drift/mkchroot $suite"
	sed 's/^/#   /' "$W/mkchroot.err"
	done_testing
	exit 0
fi
# Held shared while the overlay uses it: mkchroot replaces it only under
# the same lock, exclusive.
exec 8>>"$cache/$suite.lock"
flock -s 8

# 2. the job: the tests, who runs them, their environment
mkdir "$W/job"
{
	for t in $DRIFT_TESTS; do echo "root $t"; done
	for t in $DRIFT_USER_TESTS; do echo "nobody $t"; done
} >"$W/job/tests"
{
	printf '%s=%q\n' top_srcdir /srv/sandbox-run top_builddir /srv/sandbox-run \
		LC_ALL C.UTF-8 HOME /root TMPDIR /tmp DRIFT_TEST_TIMEOUT "${DRIFT_TEST_TIMEOUT:-900}"
} >"$W/job/env"
# enter adds SANDBOX_RUN, the installed one, and with DIAGNOSE=1
# SR_ARGS=--diagnose for the comparing helpers
if "$SANDBOX_RUN" --help 2>/dev/null | grep -q -- '--diagnose'; then
	export DIAGNOSE=1
	ok 0 "[$suite] sandboxed runs use --diagnose: refused file accesses are reported"
else
	export DIAGNOSE=0
	skip "[$suite] sandboxed runs use --diagnose" "this build has no --diagnose: silent refusals go unseen"
fi
chmod -R a+rX "$W"

# 3. into the chroot
start=$(date +%s)
unshare -m --propagation private -- "$here/enter" "$dir" "$W" >"$W/enter.log" 2>&1
s=$?
took=$(($(date +%s) - start))
if [ "$s" = 0 ] && [ -d "$W/out" ]; then
	ok 0 "[$suite] sandbox-run installed (make install DESTDIR=) and the tests run in the chroot (${took}s)"
else
	ok 1 "[$suite] sandbox-run installed (make install DESTDIR=) and the tests run in the chroot"
	tail -n 20 "$W/enter.log" | sed 's/^/#   /'
	done_testing
	exit 0
fi

# 4. the results, test by test
while read -r who t; do
	name=$who-$(echo "$t" | tr / _) label="$t ($who)"
	if [ ! -f "$W/out/$name.rc" ]; then
		ok 1 "[$suite] $label ran"
		continue
	fi
	tap_merge "[$suite] $label" "$W/out/$name.tap"
	tap_merge_verdict "[$suite] $label" "$(cat "$W/out/$name.rc")" "$(cat "$W/out/$name.time")" \
		"$W/out/$name.err"
done <"$W/job/tests"
done_testing
