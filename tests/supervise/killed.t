#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The supervisor's life: the target cannot wait() for it; killed mid-run,
# the target carries on and every later denied call fails with ENOSYS (in
# report mode too: nothing becomes allowed); a target killed by SIGKILL
# leaves no supervisor and no zombie behind.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/supervise/lib.sh"

tmp=$(tap_tmp)
prof=$tmp/denier.ini
write_profile "$prof" "stdio rpath thread proc"

# start MODE ACTIONS...: runs the denier in the background with a FIFO as
# stdin, which the test writes to when the denier is to go on.
start() {
	local mode=$1
	shift
	rm -f "$tmp/fifo" "$tmp/out" "$tmp/err"
	mkfifo "$tmp/fifo"
	"$SANDBOX_RUN" -p "$prof" --on-violation="$mode" "$DENIER" "$@" \
		<"$tmp/fifo" >"$tmp/out" 2>"$tmp/err" &
	target=$!
	exec 7>"$tmp/fifo"
}

# supervisor: the one sandbox-run process of this test that is not the target.
find_supervisor() {
	local pids
	pids=$(sandbox_processes "$tmp/")
	[ "$(echo "$pids" | grep -c .)" = 1 ] || { diag "supervisors: $pids"; return 1; }
	sup=$pids
}

for mode in deny report; do
	start $mode socket wait socket threads 4 25 children 4
	wait_for_line "$tmp/out" '^socket: '
	like "$(cat "$tmp/out")" "^socket: $([ $mode = deny ] && echo 'denied \(EPERM\)' || echo allowed)" \
		"$mode: the first call is answered by the supervisor"
	find_supervisor
	ok $? "$mode: one supervisor runs"
	# Field 38 of stat, counted after the ")" that ends the name. Sanitizer
	# builds fork twice instead: there it is no child of the target at all.
	exit_signal=$(sed 's/.*) //' "/proc/$sup/stat" | awk '{ print $36 }')
	ppid=$(awk '/^PPid:/ { print $2 }' "/proc/$sup/status")
	[ "$exit_signal" = 0 ] || [ "$ppid" != "$target" ]
	ok $? "$mode: the supervisor is no child the target's wait() sees (exit signal $exit_signal, parent $ppid)"
	fds=$(for fd in /proc/$sup/fd/*; do readlink "$fd"; done)
	unlike "$fds" "$(re_quote "$tmp")/(fifo|out)" "$mode: the supervisor holds neither the target's stdin nor its stdout"
	like "$fds" "$(re_quote "$tmp/err")" "$mode: ... only its stderr, for the reports"
	kill -KILL "$sup"
	# A zombie until the target ends: its parent, which never waits with
	# __WALL; then init (or the subreaper) reaps it. (Sanitizer builds:
	# init's from the start, and it may be gone at once.)
	dead() { # a zombie, or reaped
		local s
		s=$(sed 's/.*) //' "/proc/$sup/stat" 2>/dev/null | awk '{ print $1 }')
		[ "$s" = Z ] || [ -z "$s" ]
	}
	for i in $(seq 300); do dead && break; sleep 0.1; done
	dead
	ok $? "$mode: the supervisor is killed"
	echo go >&7
	exec 7>&-
	wait "$target"
	is "$?" 0 "$mode: the target finishes"
	for i in $(seq 300); do [ -e "/proc/$sup" ] || break; sleep 0.1; done
	[ ! -e "/proc/$sup" ]
	ok $? "$mode: ... and once it has, nothing is left of the supervisor"
	is "$(tail -n +2 "$tmp/out")" "wait: done
socket: denied (ENOSYS)
threads: 100 denied (ENOSYS), 0 allowed
children: 4 denied, 0 allowed, 0 signalled (-)" \
		"$mode: without the supervisor every denied call fails with ENOSYS, in threads and children too"
done

# A child that outlives the target is still supervised; its report goes to
# its own stderr (the supervisor has let go of the target's), and the
# supervisor ends with it.
start deny orphan
wait "$target"
is "$?:$(cat "$tmp/out")" "0:orphan: started" "the target exits, its child lives on"
find_supervisor
ok $? "the supervisor stays for the child"
echo go >&7
exec 7>&-
wait_for_line "$tmp/out" '^orphan: denied'
is "$(tail -1 "$tmp/out")" "orphan: denied (EPERM)" "the child's denied call is answered"
wait_no_sandbox_processes "$tmp/"
ok $? "the supervisor ends with the last sandboxed process"
like "$(cat "$tmp/err")" '^sandbox-run: denier\[[0-9]+\]: denied socket\(AF_INET, SOCK_STREAM, 0\): needs promise "inet"' \
	"the child's denial is reported on its stderr"

# A target killed by SIGKILL while the supervisor waits: nothing is left.
start deny socket wait
wait_for_line "$tmp/out" '^socket: '
find_supervisor
kill -KILL "$target"
wait "$target"
is "$?" $((128 + 9)) "the target died by SIGKILL"
exec 7>&-
for i in $(seq 300); do [ -e "/proc/$sup" ] || break; sleep 0.1; done
[ ! -e "/proc/$sup" ]
ok $? "its supervisor has exited and been reaped: no leftover, no zombie"
wait_no_sandbox_processes "$tmp/"
ok $? "no sandbox-run process is left"

done_testing
