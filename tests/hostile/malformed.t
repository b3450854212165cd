#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A corpus of malformed profiles (tests/fixtures/malformed/*.ini): each makes
# sandbox-run refuse with exit 125 before running anything, every line of
# its message is "sandbox-run: FILE:LINE: ...", and the line the first
# comment of the file names ("# expect LINE: REGEX") is among them.
# --check reports the same line and exits 1.
source "$top_srcdir/tests/hostile/lib.sh"
corpus=("$top_srcdir"/tests/fixtures/malformed/*.ini)
[ "${#corpus[@]}" -ge 50 ]
ok $? "at least 50 malformed profiles (${#corpus[@]})"

mkdir -p "$tmp/p"
for src in "${corpus[@]}"; do
	name=$(basename "$src" .ini)
	f=$tmp/p/$name.ini
	cp "$src" "$f"
	chmod 644 "$f" # a checkout with umask 002 must not make this a StrictModes test
	expect=$(head -n 1 "$f" | tr -d '\r')
	line=$(printf '%s' "$expect" | sed -n 's/^# expect \([0-9]*\): .*/\1/p')
	regex=$(printf '%s' "$expect" | sed -n 's/^# expect [0-9]*: //p')
	qf=$(printf '%s' "$f" | sed 's/[.[\*^$()+?{|]/\\&/g')
	for runner in $(runners); do
		PROFILE=$f marker_run "$name" $runner
		why=
		[ "$rc" = 125 ] || why="exit $rc"
		[ ! -e "$tmp/mark/$name" ] || why="$why; the target ran"
		printf '%s\n' "$err" | grep -Evq "^sandbox-run: $qf:[0-9]+: " && why="$why; a line without file:line"
		printf '%s\n' "$err" | grep -Eq "^sandbox-run: $qf:$line: .*($regex)" || why="$why; no line $line matching /$regex/"
		[ -z "$why" ]
		ok $? "$runner: $name: refused with $name.ini:$line${why:+ ($why)}"
		[ -z "$why" ] || diag "$err"
	done
	out=$("$SANDBOX_RUN" --check "$f" 2>&1)
	rc=$?
	[ "$rc" = 1 ] && printf '%s\n' "$out" | grep -Eq "^$qf:$line: .*($regex)"
	ok $? "--check $name.ini: exit 1 (got $rc) and reports line $line"
done
done_testing
