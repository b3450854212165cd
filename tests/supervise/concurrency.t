#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Many denials at once: 500 sandboxed runs eight at a time (each exit status
# right, each report line whole, nothing left running), and threads and
# children of one target, all supervised, all answered, reported once and
# counted.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/supervise/lib.sh"

tmp=$(tap_tmp)
prof=$tmp/probe.ini
write_profile "$prof" "stdio rpath thread proc"

# Every third run in each mode; "N MODE STATUS" per run. The reports of all
# runs go to one open file (fd 9, shared, not O_APPEND); bash's own notes
# ("Bad system call") go elsewhere.
exec 9>"$tmp/err"
seq 500 | xargs -P 8 -I{} bash -c '
	modes=(deny report kill)
	mode=${modes[$(( {} % 3 ))]}
	"$0" -p "$1" --on-violation=$mode "$2" socket-inet >/dev/null 2>&9
	echo "{} $mode $?" >>"$3"' \
	"$SANDBOX_RUN" "$prof" "$PROBE" "$tmp/status" 2>/dev/null
exec 9>&-
is "$(wc -l <"$tmp/status")" 500 "500 runs, 8 at a time, all finished"
is "$(awk '$3 != ($2 == "deny" ? 1 : $2 == "report" ? 0 : 159)' "$tmp/status" | head -5)" "" \
	"every exit status is right: deny 1, report 0, kill 128+SIGSYS"
wait_no_sandbox_processes "$tmp/"
ok $? "no sandbox-run process is left"
is "$(wc -l <"$tmp/err")" 500 "one report line per run"
prefix='^sandbox-run: probe\[[0-9]+\]: '
call='socket\(AF_INET, SOCK_STREAM, 0\): needs promise "inet" \(profile [^)]*/probe\.ini\)'
is "$(grep -Ev "$prefix(denied $call|denied $call; killed by SIGSYS \(on-violation = kill\)|would deny $call; let through \(on-violation = report; Landlock still applies\))\$" "$tmp/err" | head -3)" "" \
	"every line is whole: none cut or interleaved"
is "$(grep -c 'killed by SIGSYS' "$tmp/err"):$(grep -c 'would deny' "$tmp/err")" \
	"$(grep -c ' kill ' "$tmp/status"):$(grep -c ' report ' "$tmp/status")" \
	"each mode's runs have their own line"

for runner in $(runners); do
	$runner "$SANDBOX_RUN" -p "$prof" "$DENIER" pid threads 16 20 >"$tmp/out" 2>"$tmp/err"
	is "$?" 0 "$runner: 16 threads making 20 denied calls each: the target finishes"
	is "$(tail -1 "$tmp/out")" "threads: 320 denied (EPERM), 0 allowed" "$runner: ... every call is answered"
	wait_no_sandbox_processes "$tmp/"
	pid=$(sed -n 's/^pid: //p' "$tmp/out")
	like "$(cat "$tmp/err")" "^sandbox-run: denier\\[$pid\\] thread [0-9]+: denied socket\\(AF_INET, SOCK_STREAM, 0\\): needs promise \"inet\"" \
		"$runner: ... the first is reported, naming the thread"
	is "$(grep -c 'denied socket' "$tmp/err")" 1 "$runner: ... once"
	like "$(cat "$tmp/err")" 'sandbox-run: denier: socket\(AF_INET, SOCK_STREAM, 0\) was denied 320 times in all' \
		"$runner: ... and all 320 are counted at exit"

	$runner "$SANDBOX_RUN" -p "$prof" "$DENIER" pid children 8 >"$tmp/out" 2>"$tmp/err"
	is "$(tail -1 "$tmp/out")" "children: 8 denied, 0 allowed, 0 signalled (-)" \
		"$runner: 8 children: each denied call is answered"
	wait_no_sandbox_processes "$tmp/"
	pid=$(sed -n 's/^pid: //p' "$tmp/out")
	child=$(sed -n 's/^sandbox-run: denier\[\([0-9]*\)\]: denied socket.*/\1/p' "$tmp/err")
	[ -n "$child" ] && [ "$child" != "$pid" ]
	ok $? "$runner: ... reported with the child's pid ($child, the target is $pid)"
done

"$SANDBOX_RUN" -p "$prof" --on-violation=kill "$DENIER" children 4 >"$tmp/out" 2>"$tmp/err"
is "$?:$(cat "$tmp/out")" "0:children: 0 denied, 0 allowed, 4 signalled (SYS)" \
	"kill: each child dies by SIGSYS; the target, which made no denied call, lives"
"$SANDBOX_RUN" -p "$prof" --on-violation=kill "$DENIER" threads 4 5 >"$tmp/out" 2>"$tmp/err"
is "$?" $((128 + 31)) "kill: a denied call in a thread kills the whole process by SIGSYS"
wait_no_sandbox_processes "$tmp/"
ok $? "no sandbox-run process is left"

done_testing
