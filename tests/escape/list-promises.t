#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --list-promises is stable: its output on x86-64 is the golden file
# list-promises.x86_64 (when the catalogue changes on purpose, regenerate
# it with "sandbox-run --list-promises > tests/escape/list-promises.x86_64"
# and review the diff); --list-promises=NAME prints that promise's block.
source "$top_srcdir/tests/lib/tap.sh"
golden=$top_srcdir/tests/escape/list-promises.x86_64
if [ "$(uname -m)" != x86_64 ]; then
	plan 1
	skip "--list-promises golden output" "the golden file is for x86_64, this is $(uname -m)"
	exit 0
fi
out=$("$SANDBOX_RUN" --list-promises)
ok $? "--list-promises exits 0"
diff=$(diff -u "$golden" <(printf '%s\n' "$out"))
ok $? "--list-promises matches $(basename "$golden")"
[ -z "$diff" ] || printf '%s\n' "$diff" | sed 's/^/# /' | head -40

# Each block of the full list is what --list-promises=NAME prints.
names=$(printf '%s\n' "$out" | awk '/^[a-z_]+( \(implicit|$)/ { print $1 }')
is "$(echo $names)" "stdio rpath watch wpath cpath dpath tmppath flock fattr chown tty unix inet dns recvfd sendfd proc thread exec prot_exec id ipc" \
	"every promise of issues 3 and 22 is listed, in order"
for name in $names; do
	block=$(printf '%s\n' "$out" | awk -v n="$name" '$1 == n { on = 1 } on && /^$/ { exit } on')
	is "$("$SANDBOX_RUN" --list-promises="$name")" "$block" "--list-promises=$name is its block"
done
"$SANDBOX_RUN" --list-promises=inett >/dev/null 2>&1
is "$?" 125 "--list-promises=inett (unknown) exits 125"
done_testing
