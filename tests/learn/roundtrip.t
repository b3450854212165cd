#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --learn=FILE into an existing profile is a round trip (issue 25, item 2):
# every key and comment survives unless the run proved it must change, a
# run that needs nothing new leaves the file byte for byte, and a change
# is shown as a unified diff on stderr.
source "$top_srcdir/tests/learn/lib.sh"

d=$(tap_tmp)
# A file -z looks into.
gz=$d/page.gz
printf 'hello\n' | gzip -c >"$gz"

# Every shipped profile, with a run that needs nothing it does not grant.
for p in "$top_srcdir"/profiles/*.ini; do
	name=$(basename "$p")
	cp "$p" "$d/$name"
	"$SANDBOX_RUN" --learn="$d/$name" true 2>"$d/err"
	cmp -s "$p" "$d/$name"
	ok $? "$name: merging a run that needs nothing new leaves it byte for byte"
done
like "$(cat "$d/err")" "already allows what true did; left as it was" \
	"and says the file was left as it was"

# file's own runs, with and without -z (option-promises grant -z's calls).
cp "$top_srcdir/profiles/file.ini" "$d/file.ini"
"$SANDBOX_RUN" --learn="$d/file.ini" file "$gz" >/dev/null 2>&1
"$SANDBOX_RUN" --learn="$d/file.ini" file -z "$gz" >/dev/null 2>&1
cmp -s "$top_srcdir/profiles/file.ini" "$d/file.ini"
ok $? "file.ini: runs of file and file -z leave it byte for byte"

# A run that needs one more promise changes exactly that line.
cp "$top_srcdir/profiles/file.ini" "$d/more.ini"
sh -c 'true & wait'
ok $? "the probe (sh forking) runs unconfined"
"$SANDBOX_RUN" --learn="$d/more.ini" sh -c 'true & wait' 2>"$d/more.err"
changed=$(diff "$top_srcdir/profiles/file.ini" "$d/more.ini" | grep '^[<>]')
is "$changed" "< promises = stdio rpath
> promises = stdio rpath proc" "a run that needs proc: exactly the promises line changes"
like "$(cat "$d/more.err")" "
-promises = stdio rpath
\\+promises = stdio rpath proc
" "the change is shown as a unified diff on stderr"
like "$(cat "$d/more.err")" "^--- $d/more.ini" "the diff names the file"
like "$(cat "$d/more.err")" "promise proc, first needed by clone\\(" \
	"stderr names the first call that needed the promise"
for key in '^option-promises = -z:proc' '^derived-outputs = -C:-m:.mgc' '^output-promises = wpath cpath' \
	'^# -z and -Z look inside gzip' '^                  --uncompress:proc'; do
	grep -q -e "$key" "$d/more.ini"
	ok $? "kept: $key"
done

# The merged file.ini still runs file -z as file runs it unconfined.
want=$(file -z "$gz")
got=$("$SANDBOX_RUN" -p "$d/more.ini" file -z "$gz" 2>"$d/z.err")
is "$got" "$want" "the merged file.ini runs file -z: the same output as unconfined"
is "$(cat "$d/z.err")" "" "and no report"

# A second run of the same command needs nothing new: no change, no diff.
cp "$d/more.ini" "$d/more.before"
"$SANDBOX_RUN" --learn="$d/more.ini" sh -c 'true & wait' 2>"$d/again.err"
cmp -s "$d/more.before" "$d/more.ini"
ok $? "the same run again leaves the merged file as it was"
unlike "$(cat "$d/again.err")" "^\\+\\+\\+" "and shows no diff"

# Keys and comments the learner knows nothing of, anywhere, survive; what
# is added goes into its own section, which is added when missing.
cat >"$d/hand.ini" <<'EOF'
# written by hand ; with a semicolon
[profile]
description = workload, by hand
promises = stdio rpath ; an inline comment
on-violation = deny

[arguments]
# operands are inputs
operands = input
options-with-value = -x
EOF
cp "$d/hand.ini" "$d/hand.orig"
"$SANDBOX_RUN" --learn="$d/hand.ini" "$WORKLOAD" numa >/dev/null 2>"$d/hand.err"
"$SANDBOX_RUN" --check "$d/hand.ini" >/dev/null 2>&1
ok $? "the merged hand-written profile passes --check"
is "$(diff "$d/hand.ini" "$d/hand.orig" | grep '^[<>]')" "< allow = get_mempolicy" "a single call is a new allow line; an inline comment is not extended"
line=$(grep -n '^allow = get_mempolicy' "$d/hand.ini" | cut -d: -f1)
is "$line" "6" "the allow line goes after the last line of [profile]'s keys"
confined as_root "$d/hand.ini" "$WORKLOAD" numa

done_testing
