# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by tests/learn/*.t: learn a profile with --learn, then prove it.
# shellcheck shell=bash
source "$top_srcdir/tests/lib/tap.sh"
WORKLOAD=$top_builddir/tests/learn/workload

# A fresh directory the runner may write. A learned profile belongs to the
# user who learned it, and sandbox-run takes profiles only from root or
# from the user running it.
learn_dir() { # learn_dir RUNNER
	local d
	d=$(tap_tmp)
	if [ "$1" = as_nobody ]; then chown nobody:nogroup "$d"; fi
	echo "$d"
}

# CMD... as a test name, without the temporary directories.
label() { printf '%s' "$*" | sed "s#$TAP_ROOT/[^/ ]*/##g"; }

# learn RUNNER PROFILE CMD...: one learning run, which must not change
# what CMD prints or its exit status.
learn() {
	local runner=$1 profile=$2 want got st1 st2
	shift 2
	want=$($runner "$@" 2>/dev/null)
	st1=$?
	got=$($runner "$SANDBOX_RUN" --learn="$profile" "$@" 2>"$profile.learn-err")
	st2=$?
	is "$got (exit $st2)" "$want (exit $st1)" "--learn runs '$(label "$@")' unchanged ($runner)"
}

# confined RUNNER PROFILE CMD...: under the learned profile, denials refused
# and reported: the same output as unconfined, and not one report.
confined() {
	local runner=$1 profile=$2 want got st1 st2 err
	shift 2
	want=$($runner "$@" 2>/dev/null)
	st1=$?
	got=$($runner "$SANDBOX_RUN" -p "$profile" --on-violation=deny "$@" 2>"$profile.err")
	st2=$?
	err=$(cat "$profile.err")
	is "$got (exit $st2)" "$want (exit $st1)" "'$(label "$@")' under the learned profile: same output ($runner)"
	unlike "$err" "denied|sandbox-run:" "'$(label "$@")' under the learned profile: no denial ($runner)"
}

# The learned profile passes --check and says how it was made.
# RUNS is 1: a merge records no run (it changes only what it must).
well_formed() { # well_formed RUNNER PROFILE RUNS
	local runner=$1 out
	shift
	out=$($runner "$SANDBOX_RUN" --check "$1" 2>&1)
	ok $? "--check accepts the learned $(basename "$1")"
	like "$out" " 0 errors" "--check finds no error in $(basename "$1")"
	like "$(head -3 "$1")" "learned by sandbox-run --learn from permissive runs" \
		"the profile says it was made from permissive runs"
	is "$(grep -c '^# run: ' "$1")" "$2" "the draft records the run it was learned from"
}

# The promises a profile grants, on one line.
promises_of() { sed -n 's/^promises *= *//p' "$1" | tr -s ' ' '\n' | sort -u | tr '\n' ' '; }
