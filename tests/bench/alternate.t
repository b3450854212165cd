#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
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

# The order changes from round to round, and not only who goes first: a
# command always run after the same other one inherits what that one leaves
# behind (the same binary compared with itself came out 45 µs apart when
# the rounds only rotated, which put NEW after OLD two rounds in three).
log=$(tap_tmp)/order
"$ALT" 24 sh -c "echo a >>$log" ';;' sh -c "echo b >>$log" ';;' sh -c "echo c >>$log" >/dev/null
is "$(wc -l <"$log")" 81 "three commands, 24 rounds and 3 warm-up rounds: 81 runs"
# For each command, the share of its runs that came right after its most
# frequent other predecessor: 2/3 when rounds rotate, about 1/2 at random.
shares=$(awk 'NR > 1 && prev != $0 { n[$0]++; pair[prev $0]++ } { prev = $0 }
	END { for (x in n) { m = 0; for (p in pair) if (substr(p, 2) == x && pair[p] > m) m = pair[p]
		printf "%s:%.2f ", x, m / n[x] } }' "$log")
worst=$(tr ' ' '\n' <<<"$shares" | cut -d: -f2 | sort -g | tail -1)
ok "$(awk -v w="$worst" 'BEGIN { print (w <= 0.6) ? 0 : 1 }')" \
	"no command mostly follows one other command (largest share $worst: $shares)"

"$ALT" 5 /bin/true ';;' /bin/false 2>/dev/null
is "$?" 1 "a command that fails stops it (exit 1)"
"$ALT" 2 /bin/true 2>/dev/null
is "$?" 2 "fewer than four rounds: usage error (exit 2)"
done_testing
