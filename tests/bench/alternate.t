#!/bin/bash
# tests/bench/alternate (make bench-compare) tells commands apart by their
# wall time, run in turn: a command that sleeps 20 ms comes out slower than
# /bin/true by about that, and a failing command stops it.
source "$top_srcdir/tests/lib/tap.sh"
ALT=$top_builddir/tests/bench/alternate

out=$("$ALT" 8 /bin/true ';;' /bin/sleep 0.02)
is "$?" 0 "two commands, eight rounds each: it finishes"
is "$(grep -c 'µs' <<<"$out")" 2 "one line per command"
true_us=$(awk 'NR == 1 { print int($1) }' <<<"$out")
sleep_us=$(awk 'NR == 2 { print int($1) }' <<<"$out")
[ "$((sleep_us - true_us))" -ge 15000 ] && [ "$((sleep_us - true_us))" -le 200000 ]
ok $? "sleep 0.02 is about 20 ms slower than true (true ${true_us} µs, sleep ${sleep_us} µs)"
like "$(sed -n 2p <<<"$out")" " [0-9]+\.[0-9]+ ×  /bin/sleep 0.02$" "... and its ratio to the first is printed"

"$ALT" 5 /bin/true ';;' /bin/false 2>/dev/null
is "$?" 1 "a command that fails stops it (exit 1)"
"$ALT" 2 /bin/true 2>/dev/null
is "$?" 2 "fewer than four rounds: usage error (exit 2)"
done_testing
