#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# 2,000 runs, 16 at a time (xargs -P 16), across several profiles (the
# shipped file profile, a cat profile, the escape probe denied and reported
# by the supervisor), half of them as nobody: every output and status is
# the one expected, and no process is left behind.
source "$top_srcdir/tests/hostile/lib.sh"
printf '[profile]\npromises = stdio rpath\n[arguments]\noperands = input\n' >"$tmp/cat.ini"
printf '[profile]\npromises = stdio rpath\n[arguments]\noperands = none\n' >"$tmp/probe.ini"
mkdir -p "$tmp/data"
printf 'hello\n' >"$tmp/data/text"
head -c 100000 /dev/urandom >"$tmp/data/random"
gzip -c "$tmp/data/random" >"$tmp/data/random.gz"
printf '%%PDF-1.4\n' >"$tmp/data/doc.pdf"
cp /bin/true "$tmp/data/elf"
chmod -R a+rX "$tmp/data"
files=("$tmp"/data/* /etc/hostname /etc/passwd)

# The expected results, computed unconfined: one "KIND ARG EXPECTED" line each.
expect=$tmp/expect
: >"$expect"
for f in "${files[@]}"; do
	printf 'file %s %s\n' "$f" "$(file -b "$f" | md5sum | cut -c1-32)" >>"$expect"
	printf 'cat %s %s\n' "$f" "$(md5sum <"$f" | cut -c1-32)" >>"$expect"
done
"$PROBE" socket-inet >/dev/null 2>&1
is "$?" 0 "socket-inet is allowed unconfined"
printf 'deny socket-inet 1\nreport socket-inet 0\nunreadable /etc/shadow 1\n' >>"$expect"
kinds=$(wc -l <"$expect")

# (unreadable: cat under a profile that does not declare its operands.)
# One job: run it (as nobody when its number is odd), compare, print a line.
cat >"$tmp/job" <<'JOB'
#!/bin/bash
n=$1 kind=$2 arg=$3 want=$4 tmp=$5
pre=()
[ $((n % 2)) = 1 ] && pre=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
case $kind in
file) got=$("${pre[@]}" "$SANDBOX_RUN" file -b "$arg" 2>&1 | md5sum | cut -c1-32) ;;
cat) got=$("${pre[@]}" "$SANDBOX_RUN" -p "$tmp/cat.ini" cat "$arg" 2>&1 | md5sum | cut -c1-32) ;;
deny) "${pre[@]}" "$SANDBOX_RUN" -p "$tmp/probe.ini" "$PROBE" "$arg" >/dev/null 2>&1; got=$? ;;
report) "${pre[@]}" "$SANDBOX_RUN" --on-violation=report -p "$tmp/probe.ini" "$PROBE" "$arg" >/dev/null 2>&1; got=$? ;;
unreadable) "${pre[@]}" "$SANDBOX_RUN" -p "$tmp/probe.ini" cat "$arg" >/dev/null 2>&1; got=$? ;;
esac
if [ "$got" = "$want" ]; then echo "ok $n"; else echo "BAD $n $kind $arg: got $got, want $want"; fi
JOB
chmod 755 "$tmp/job"
export SANDBOX_RUN PROBE
for i in $(seq 2000); do
	line=$(sed -n "$((i % kinds + 1))p" "$expect")
	printf '%s %s %s\n' "$i" "$line" "$tmp"
done >"$tmp/jobs"
xargs -P 16 -L 1 "$tmp/job" <"$tmp/jobs" >"$tmp/results" 2>&1
is "$(grep -c '^ok ' "$tmp/results")" 2000 "2,000 runs, 16 at a time: every output and status as expected"
grep -v '^ok ' "$tmp/results" | head -n 10 | sed 's/^/# /'
is "$(cut -d' ' -f2 "$tmp/results" | sort -n | uniq | wc -l)" 2000 "every run reported exactly once"

# Supervisors exit when their target has: give them a moment, then none
# may remain (a zombie has no command line and is not counted).
for _ in $(seq 100); do pgrep -f -- "$tmp" >/dev/null || break; sleep 0.1; done
left=$(pgrep -f -- "$tmp" | tr '\n' ' ')
is "$left" "" "no process is left behind"
done_testing
