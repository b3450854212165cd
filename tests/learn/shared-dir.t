#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A profile in a shared directory (sticky, writable by everyone: /tmp) is
# refused with the advice to move it, never to chmod go-w the directory
# (issue 25, item 5); --learn refuses to write a draft there, before the
# command runs.
source "$top_srcdir/tests/learn/lib.sh"

home=$(tap_home)
shared=$home/shared
mkdir -m 1777 "$shared"
printf '[profile]\ndescription = shared\npromises = stdio rpath\n' >"$home/p.ini"
chmod 644 "$home/p.ini"
cp "$home/p.ini" "$shared/p.ini"

for runner in $(runners); do
	out=$($runner "$SANDBOX_RUN" -p "$home/p.ini" echo fine 2>&1)
	is "$out" "fine" "a profile in a directory of its owner is used ($runner)"
	out=$($runner "$SANDBOX_RUN" -p "$shared/p.ini" echo fine 2>&1)
	is "$?" "125" "the same profile in a sticky world-writable directory: exit 125 ($runner)"
	like "$out" "^sandbox-run: $shared/p.ini: its directory $shared is a shared directory \(sticky, writable by everyone\)" \
		"the message names the file and the directory ($runner)"
	like "$out" "move the profile to /[^ ]*/sandbox-run/profiles, or to a directory only you can write" \
		"it says to move the profile ($runner)"
	unlike "$out" "chmod" "and not to chmod the directory ($runner)"
done

# /tmp itself, as an administrator would try.
t=$(mktemp /tmp/sr-shared.XXXXXX.ini)
cp "$home/p.ini" "$t"
out=$("$SANDBOX_RUN" -p "$t" echo fine 2>&1)
is "$?" "125" "a profile in /tmp: exit 125"
like "$out" "its directory /tmp is a shared directory.*move the profile" "a profile in /tmp: move it"
rm -f "$t"

# --learn into such a directory: refused before the command runs.
for runner in $(runners); do
	rm -f "$home/ran"
	out=$($runner "$SANDBOX_RUN" --learn="$shared/draft.ini" sh -c "echo ran >$home/ran" 2>&1)
	is "$?" "125" "--learn into a shared directory: exit 125 ($runner)"
	like "$out" "^sandbox-run: --learn=$shared/draft.ini: its directory $shared is a shared directory.*move the profile" \
		"--learn says why ($runner)"
	[ ! -e "$home/ran" ] && [ ! -e "$shared/draft.ini" ]
	ok $? "the command did not run and no draft was written ($runner)"
done
learn_dir_ok=$(learn_dir as_root)
"$SANDBOX_RUN" --learn="$learn_dir_ok/draft.ini" true 2>/dev/null
ok $? "--learn into a directory of its own works"
done_testing
