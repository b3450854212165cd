# SPDX-License-Identifier: GPL-2.0-or-later
# TAP helpers for the live tests (bash). Source it, call plan N (or
# done_testing at the end), then ok/is/like/skip.
#
# Environment from Makefile.am: SANDBOX_RUN, top_srcdir, top_builddir.
set -u
: "${SANDBOX_RUN:?run through make check}"
: "${top_srcdir:?run through make check}"
: "${top_builddir:?run through make check}"
PROBE=${PROBE:-$top_builddir/tests/escape/probe}
tap_n=0
tap_failed=0

plan() { echo "1..$1"; tap_planned=1; }
done_testing() { [ "${tap_planned:-0}" = 1 ] || echo "1..$tap_n"; }

ok() { # ok CONDITION-EXIT-STATUS DESCRIPTION   (use: ok $? "desc" or test && ok 0 ...)
	tap_n=$((tap_n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

is() { # is GOT EXPECTED DESCRIPTION
	if [ "$1" = "$2" ]; then ok 0 "$3"; else
		ok 1 "$3"
		printf '#   got:      %s\n#   expected: %s\n' "$1" "$2" | head -20
	fi
}

like() { # like TEXT REGEX DESCRIPTION
	if printf '%s' "$1" | grep -Eq -- "$2"; then ok 0 "$3"; else
		ok 1 "$3"
		printf '#   text:  %s\n#   regex: %s\n' "$1" "$2" | head -20
	fi
}

unlike() { # unlike TEXT REGEX DESCRIPTION
	if printf '%s' "$1" | grep -Eq -- "$2"; then
		ok 1 "$3"
		printf '#   text:  %s\n#   must not match: %s\n' "$1" "$2" | head -20
	else ok 0 "$3"; fi
}

skip() { # skip DESCRIPTION REASON
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}

diag() { printf '# %s\n' "$*"; }

bail() { echo "Bail out! $*"; exit 1; }

# Run a command as an ordinary user (nobody), keeping the environment.
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"; }

# Temporary directories live under one root made here, in the test's own
# shell, and removed when it exits (a trap set inside $(tap_tmp) would fire
# as soon as that subshell ends).
TAP_ROOT=$(mktemp -d "${TMPDIR:-/tmp}/sr-test.XXXXXX") || bail "mktemp failed"
chmod 755 "$TAP_ROOT"
# Only the test's own shell removes it: a subshell that dies (set -u) runs
# the EXIT trap too, and must not pull the directories from under the rest.
tap_main_pid=$BASHPID
trap '[ "$BASHPID" = "$tap_main_pid" ] && rm -rf "$TAP_ROOT"' EXIT

# A directory outside /tmp for attack tests, usable by nobody too:
# home=$(tap_home). Under /tmp the private-temporary-directory rules
# (tmppath) or a policy granting /tmp could hide the very hole a test
# looks for; /var/tmp is granted by no shipped profile.
# Made on first use, under a name fixed by the test's own PID (so that
# $(tap_home) in a subshell finds the same one), and removed with TAP_ROOT:
# a test that never asks for one leaves nothing behind whatever its trap.
TAP_HOMES=/var/tmp/sr-home.$tap_main_pid
trap '[ "$BASHPID" = "$tap_main_pid" ] && rm -rf "$TAP_ROOT" "$TAP_HOMES"' EXIT
tap_home() {
	local d
	mkdir -p -m 755 "$TAP_HOMES" && [ -O "$TAP_HOMES" ] && [ ! -L "$TAP_HOMES" ] ||
		bail "cannot make $TAP_HOMES (someone else's?)"
	d=$(mktemp -d "$TAP_HOMES/h.XXXXXX") || bail "mktemp failed"
	chmod 755 "$d"
	echo "$d"
}

# A fresh temporary directory, usable by nobody too: dir=$(tap_tmp)
tap_tmp() {
	local d
	d=$(mktemp -d "$TAP_ROOT/d.XXXXXX") || bail "mktemp failed"
	chmod 755 "$d"
	echo "$d"
}

# Runners for tests that must hold for root and for an ordinary user.
# Usage: for runner in $(runners); do $runner cmd...; done
runners() {
	if [ "$(id -u)" = 0 ]; then echo "as_root as_nobody"; else echo "as_root"; fi
}
as_root() { "$@"; }
