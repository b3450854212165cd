#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --learn with an existing file merges into it: promises, single calls and
# paths add up; the administrator's settings stay (roundtrip.t: all of it);
# a broken file is refused rather than overwritten.
source "$top_srcdir/tests/learn/lib.sh"

d=$(tap_tmp)
p=$d/merged.ini
learn as_root "$p" "$WORKLOAD" numa
like "$(grep -A1 '^# get_mempolicy:' "$p")" "seen 1 time
allow = get_mempolicy" "a call no promise grants is a single allow, with its count"
cp "$p" "$d/before"
learn as_root "$p" "$WORKLOAD" numa
cmp -s "$d/before" "$p"
ok $? "a second run that needs nothing new leaves the file as it was"
learn as_root "$p" "$WORKLOAD" fork
learn as_root "$p" "$WORKLOAD" threads
well_formed as_root "$p" 1
is "$(promises_of "$p")" "proc rpath stdio thread " "promises of every run, merged"
is "$(grep -c '^allow' "$p")" "1" "the single call is kept once"
confined as_root "$p" "$WORKLOAD" numa fork threads

# The administrator's edits survive a merge.
sed -i 's/^description = .*/description = reviewed by the administrator/' "$p"
printf 'options-with-value = -x --level\n' >>"$p"
sed -i 's/^operands = input/operands = none/' "$p"
learn as_root "$p" "$WORKLOAD" fork
like "$(grep '^description' "$p")" "reviewed by the administrator" "the description is kept"
like "$(grep '^options-with-value' "$p")" "-x" "[arguments] is kept"
like "$(grep '^operands' "$p")" "none" "operands is kept"
is "$(grep -c '^# run: ' "$p")" "1" "merges add no run lines: only the draft's is there"

# Long command lines are cut to fit a profile line, and merge again.
long=$(seq -s ' ' 1 200)
# shellcheck disable=SC2086
learn as_root "$d/long.ini" echo $long
# shellcheck disable=SC2086
learn as_root "$d/long.ini" echo $long
well_formed as_root "$d/long.ini" 1

# A file that does not load is not overwritten.
printf '[profile]\npromises = stdio rpath thred\n' >"$d/broken.ini"
cp "$d/broken.ini" "$d/broken.orig"
out=$("$SANDBOX_RUN" --learn="$d/broken.ini" "$WORKLOAD" threads 2>&1)
is "$?" "125" "a broken file to merge into: exit 125"
like "$out" "broken.ini.*thred.*fix or remove it" "the message names the file and the error"
cmp -s "$d/broken.ini" "$d/broken.orig"
ok $? "the broken file is left as it was"

# The command runs in place: it keeps sandbox-run's PID.
"$SANDBOX_RUN" --learn="$d/pid.ini" sh -c 'echo $$ >"$0"' "$d/pid" 2>/dev/null &
pid=$!
wait "$pid"
is "$(cat "$d/pid")" "$pid" "the learned command keeps sandbox-run's PID"

# The target's exit status is its own.
echo untouched >"$d/untouched"
"$SANDBOX_RUN" --learn="$d/status.ini" "$WORKLOAD" bogus 2>/dev/null
is "$?" "2" "the learned command's exit status is passed on"
"$SANDBOX_RUN" --learn="$d/none.ini" /nonexistent/program 2>/dev/null
is "$?" "127" "a missing command: 127"
[ ! -e "$d/none.ini" ]
ok $? "and no profile is written"
out=$("$SANDBOX_RUN" --learn="$d/no/such/dir/x.ini" "$WORKLOAD" write "$d/untouched" 2>&1)
is "$?" "125" "a profile that cannot be written: exit 125 before the command runs"
like "$out" "cannot write in $d/no/such/dir" "the message names the directory"
is "$(cat "$d/untouched")" "untouched" "and the command did not run"
done_testing
