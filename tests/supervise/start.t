#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# How the supervisor starts and ends. It shares the launcher's memory and
# descriptor table until the launcher execs the target (src/supervise/supervisor.c)
# and serves only once the kernel has woken it for that exec, yet: the
# target cannot wait() for it (a child with exit signal 0), it answers and reports denied calls, it holds the
# listener and the target does not, it holds no privilege and no signal
# blocked from its start, it ends with the target, and when the launcher
# fails after starting it (woken by the launcher's exit instead), it is gone
# too; and when it cannot be started at all, the target does not run.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/supervise/lib.sh"
FAULT=$top_builddir/tests/lib/fault

tmp=$(tap_tmp)
prof=$tmp/denier.ini
write_profile "$prof" "stdio rpath"

status_field() { awk -v k="$2:" '$1 == k { print $2 }' "/proc/$1/status"; }

for runner in $(runners); do
	# Not through the runner functions: $! must be the target's pid.
	as=()
	[ "$runner" = as_nobody ] && as=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
	rm -f "$tmp/fifo"
	mkfifo "$tmp/fifo"
	chmod 666 "$tmp/fifo"
	"${as[@]}" "$SANDBOX_RUN" -p "$prof" "$DENIER" socket reap wait socket \
		<"$tmp/fifo" >"$tmp/out" 2>"$tmp/err" &
	target=$!
	exec 7>"$tmp/fifo"
	wait_for_line "$tmp/out" '^reap: '
	is "$(head -n 1 "$tmp/out")" "socket: denied (EPERM)" \
		"$runner: the exec woke the supervisor: a denied call is answered (EPERM; unanswered, ENOSYS)"
	is "$(sed -n 2p "$tmp/out")" "reap: ECHILD" \
		"$runner: the target cannot wait() for the supervisor (as a shell reaps: ECHILD)"
	like "$(cat "$tmp/err")" '^sandbox-run: denier\[[0-9]+\]: denied socket\(AF_INET, SOCK_STREAM, 0\): needs promise "inet"' \
		"$runner: ... and reported"
	sup=$(sandbox_processes "$tmp/")
	is "$(echo "$sup" | grep -c .)" 1 "$runner: one supervisor runs beside the target"
	sup=${sup:-0}
	# Field 38 of stat, counted after the ")" that ends the name. Sanitizer
	# builds fork twice instead: there it is no child of the target at all.
	exit_signal=$(sed 's/.*) //' "/proc/$sup/stat" | awk '{ print $36 }')
	ppid=$(status_field "$sup" PPid)
	[ "$exit_signal" = 0 ] || [ "$ppid" != "$target" ]
	ok $? "$runner: the target gets no SIGCHLD from the supervisor (exit signal $exit_signal, parent $ppid, target $target)"
	fds() { for fd in /proc/"$1"/fd/*; do readlink "$fd"; done; }
	like "$(fds "$sup")" "seccomp notify" "$runner: the supervisor holds the listener"
	unlike "$(fds "$target")" "seccomp notify" "$runner: ... and the target does not (close-on-exec)"
	is "$(status_field "$sup" Name)" sandbox-run "$runner: its name is sandbox-run (make bench finds it by it)"
	is "$(status_field "$sup" Seccomp)" 0 "$runner: it runs outside the target's filter"
	is "$(status_field "$sup" NoNewPrivs)" 1 "$runner: it has no_new_privs"
	is "$(status_field "$sup" CapPrm):$(status_field "$sup" CapEff)" 0000000000000000:0000000000000000 \
		"$runner: it holds no capability (libcap-ng worked on its pid, not the launcher's)"
	is "$(status_field "$sup" SigBlk)" "$(status_field "$target" SigBlk)" \
		"$runner: its signal mask is the one the target was given (none left blocked from its start)"
	echo go >&7
	exec 7>&-
	wait "$target"
	is "$?" 0 "$runner: the target finishes"
	is "$(tail -n +3 "$tmp/out")" "wait: done
socket: denied (EPERM)" "$runner: its second denied call is answered too"
	wait_no_sandbox_processes "$tmp/"
	ok $? "$runner: the supervisor exits with the target"
done

# The same probe sees an ordinary child: a process started by the shell
# before the exec is the denier's to reap.
out=$(sh -c 'sleep 5 & exec "$1" reap' sh "$DENIER")
is "$out" "reap: running" "unconfined, with a child of its own: the same probe sees it (running)"

# The launcher fails after starting the supervisor: the filter cannot be
# loaded (SECCOMP_SET_MODE_FILTER fails under tests/lib/fault) ...
"$FAULT" --errno seccomp:1=ENOMEM -- "$SANDBOX_RUN" -p "$prof" "$DENIER" socket \
	>"$tmp/out" 2>"$tmp/err"
is "$?:$(cat "$tmp/out")" "125:" "the filter cannot be loaded: exit 125, the target did not run"
like "$(cat "$tmp/err")" "seccomp: cannot load" "... and says why"
wait_no_sandbox_processes "$tmp/"
ok $? "... and no supervisor is left behind"

# ... or the listener was handed over, but the exec fails (the target is a
# script whose interpreter is missing).
printf '#!%s/no-such-interpreter\n' "$tmp" >"$tmp/script"
chmod 755 "$tmp/script"
"$SANDBOX_RUN" -p "$prof" "$tmp/script" 2>"$tmp/err"
is "$?" 127 "the exec of the target fails after the handoff: exit 127"
wait_no_sandbox_processes "$tmp/"
ok $? "... and no supervisor is left behind"

# ... or the clone fails (RLIMIT_NPROC, for a user of the test's own whom no
# other process counts against).
for n in 1; do
	if [ "$(id -u)" != 0 ]; then
		skip "RLIMIT_NPROC $n: refused" "needs root to run as a user of its own"
		continue
	fi
	out=$(prlimit --nproc=$n setpriv --reuid=54321 --regid=54321 --clear-groups -- \
		"$SANDBOX_RUN" -p "$prof" "$DENIER" pid 2>"$tmp/err")
	is "$?:$out" "125:" "RLIMIT_NPROC $n: the supervisor cannot be started: exit 125, the target did not run"
	like "$(cat "$tmp/err")" "supervisor: could not be started \(.*\); refusing to run without it" \
		"... and says why"
done

# The supervisor is not dumpable: a target of the same user without Landlock
# (landlock = off) cannot open its /proc/PID/mem, which would let it write
# into an unconfined process. An ordinary user's own dumpable process can.
if [ "$(id -u)" = 0 ]; then
	cat >"$tmp/nolandlock.ini" <<'INI'
[profile]
description = a shell without Landlock, to reach for the supervisor's memory
promises = stdio rpath wpath cpath proc exec
landlock = off
[arguments]
operands = none
INI
	mem_of_supervisors='read -r _ _ _ _ _ sid _ </proc/self/stat
		for d in /proc/[0-9]*; do
			[ "$(cat "$d/comm" 2>/dev/null)" = sandbox-run ] || continue
			read -r _ _ _ _ _ s _ <"$d/stat" 2>/dev/null
			[ "$s" = "$sid" ] || continue
			if (exec 3<>"$d/mem") 2>/dev/null; then echo "opened ${d#/proc/}"; else echo "refused ${d#/proc/}"; fi
		done'
	out=$(as_nobody setsid sh -c 'sleep 5 & exec 3<>/proc/$!/mem && echo opened; kill $!' 2>&1)
	is "$out" "opened" "as nobody, unconfined: the memory of one's own dumpable process opens"
	out=$(as_nobody setsid "$SANDBOX_RUN" -p "$tmp/nolandlock.ini" sh -c "$mem_of_supervisors" 2>&1)
	like "$out" "^refused [0-9]+$" "as nobody, landlock = off: the supervisor's memory does not open"
fi
done_testing
