#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Each on-violation mode, seen from the probe and from the report line:
#   deny   → the call fails with EPERM, one line names call, promise, profile;
#   kill   → the process dies by SIGSYS after the line (SIGKILL if it catches
#            SIGSYS), per profile and per --on-violation; with log = none
#            the kernel kills it, by a SIGSYS that cannot be caught;
#   report → the call proceeds and is reported; Landlock still applies.
# Then the remedy each report names for calls that need another promise, a
# promise with other arguments, or nothing at all (never granted), repeats
# summed up at exit, log = none, and an unknown preloaded library.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/supervise/lib.sh"

tmp=$(tap_tmp)
prof=$tmp/probe.ini
write_profile "$prof" "stdio rpath"
killprof=$tmp/probe-kill.ini
write_profile "$killprof" "stdio rpath" "on-violation = kill"
threadprof=$tmp/denier.ini
write_profile "$threadprof" "stdio rpath thread proc"
echo data >"$tmp/file"
chmod 666 "$tmp/file"

# run RUNNER ARGS...: sets out, err, rc (stderr read once the supervisor is
# gone, so the summary at exit is in).
run() {
	local runner=$1
	shift
	$runner "$SANDBOX_RUN" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	wait_no_sandbox_processes "$tmp/" || diag "supervisor still running"
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
}

line_re() { # line_re PROGRAM VERB CALL-REGEX REMEDY-REGEX
	printf '^sandbox-run: %s\\[[0-9]+\\]: %s %s: %s' "$1" "$2" "$3" "$4"
}
SOCKET='socket\(AF_INET, SOCK_STREAM, 0\)'
INET="needs promise \"inet\" \\($(re_quote "$prof")\\)"
INET=${INET/\\(/\\(profile }

"$PROBE" socket-inet >/dev/null
is "$?" 0 "unconfined, the probe's socket(AF_INET) is allowed"

for runner in $(runners); do
	run $runner -p "$prof" "$PROBE" socket-inet
	is "$rc" 1 "$runner deny: the probe fails"
	is "$out" "socket-inet: denied (EPERM)" "$runner deny: the call got EPERM"
	is "$(printf '%s\n' "$err" | grep -c .)" 1 "$runner deny: exactly one report line"
	like "$err" "$(line_re probe denied "$SOCKET" "$INET")\$" \
		"$runner deny: the line names the call, the promise and the profile"

	run $runner -p "$prof" --on-violation=kill "$PROBE" socket-inet
	is "$rc" $((128 + 31)) "$runner kill: the probe died by SIGSYS"
	is "$out" "" "$runner kill: the probe never ran past the call"
	like "$err" "$(line_re probe denied "$SOCKET" "$INET"); killed by SIGSYS \\(on-violation = kill\\)\$" \
		"$runner kill: reported before the kill"

	run $runner -p "$prof" --on-violation=report "$PROBE" socket-inet
	is "$rc" 0 "$runner report: the probe succeeds"
	is "$out" "socket-inet: allowed" "$runner report: the call proceeded"
	like "$err" "$(line_re probe 'would deny' "$SOCKET" "$INET"); let through \\(on-violation = report; Landlock still applies\\)\$" \
		"$runner report: the call is reported"
done

run as_root -p "$killprof" "$PROBE" socket-inet
is "$rc" $((128 + 31)) "on-violation = kill in the profile kills"
run as_root -p "$killprof" --on-violation=deny "$PROBE" socket-inet
is "$rc:$out" "1:socket-inet: denied (EPERM)" "--on-violation=deny overrides the profile's kill"

run as_root -p "$threadprof" --on-violation=kill "$DENIER" catch-sigsys socket
is "$rc" $((128 + 9)) "kill: a target that catches SIGSYS dies by SIGKILL"
is "$out" "catch-sigsys: set" "kill: ... and never returns from the call"
like "$err" "killed by SIGKILL \\(on-violation = kill, and it catches or blocks SIGSYS\\)" \
	"kill: ... and the line says why"

# Report mode lets the system call through, not the file: Landlock denies.
run as_root -p "$prof" --on-violation=report "$PROBE" write-file "$tmp/file"
is "$out" "write-file: denied (EACCES)" "report: Landlock still refuses an ungranted write"
like "$err" "would deny openat\\(AT_FDCWD, \"$(re_quote "$tmp/file")\" \\[best effort\\], O_WRONLY\\|O_CLOEXEC\\)" \
	"report: the seccomp denial is reported, the path read from memory (best effort)"
is "$(cat "$tmp/file")" data "report: the file is unchanged"

# The remedy: the promise that grants the call as made.
run as_root -p "$prof" "$PROBE" write-file "$tmp/file"
like "$err" 'needs promise "wpath"( or "[a-z]+")* and a \[filesystem\] write entry for the file' \
	"open for writing needs wpath (or cpath), and a Landlock grant"
run as_root -p "$prof" "$PROBE" mmap-anon-exec
like "$err" "denied mmap\\(\\.\\.\\., \\.\\.\\., PROT_READ\\|PROT_EXEC, MAP_PRIVATE\\|MAP_ANONYMOUS, -1, \\.\\.\\.\\): needs promise \"prot_exec\" \\(" \
	"executable anonymous memory names prot_exec, not stdio (which has mmap with conditions)"
run as_root -p "$prof" "$PROBE" kill-parent
like "$err" "denied kill\\([0-9]+, 0\\): needs promise \"proc\"" "a signal to another process needs proc"
run as_root -p "$prof" "$PROBE" fork
like "$err" 'denied clone\(CLONE_CHILD_CLEARTID\|CLONE_CHILD_SETTID\|SIGCHLD, \.\.\.\): needs promise "proc"' \
	"fork's clone flags decoded, needs proc"
run as_root -p "$prof" "$PROBE" thread
like "$err" 'denied clone\(CLONE_VM\|.*CLONE_THREAD.*\): needs promise "thread"' "a thread needs thread"
run as_root -p "$prof" "$PROBE" prctl-dumpable
like "$err" 'denied prctl\(PR_SET_DUMPABLE, 0x1, 0\): no promise grants prctl with these arguments' \
	"prctl options decoded; no promise grants PR_SET_DUMPABLE"
run as_root -p "$prof" "$PROBE" ptrace-parent
like "$err" 'denied ptrace\(16902, [0-9]+, \.\.\.\): never granted \(would control other processes\)' \
	"ptrace: never granted, and why"
run as_root -p "$prof" "$PROBE" clone-newuser
like "$err" 'denied clone\(CLONE_NEWUSER\|SIGCHLD, \.\.\.\): never granted \(namespaces' \
	"clone with a namespace flag: never granted"
run as_root -p "$prof" "$PROBE" tiocsti
like "$err" 'denied ioctl\(-?[0-9]+, TIOCSTI, \.\.\.\): never granted \(TIOCSTI types into the terminal\)' \
	"ioctl request names decoded; TIOCSTI never granted"
run as_root -p "$prof" "$PROBE" socket-udp
like "$err" 'denied socket\(AF_INET, SOCK_DGRAM, 0\): needs promise "inet" or "dns"' \
	"a UDP socket: inet or dns"

# After an exec, the line names the program the process runs now.
shprof=$tmp/sh.ini
write_profile "$shprof" "stdio rpath proc exec" "[filesystem]" "exec = $PROBE"
run as_root -p "$shprof" sh -c "\"$PROBE\" socket-inet; :"
like "$err" "^sandbox-run: sh\\[[0-9]+\\] \\(running probe\\): denied $SOCKET" \
	"a child that exec'd the probe is named by what it runs"

# Repeats: one line, and the count when the target exits.
run as_root -p "$prof" "$DENIER" repeat 5
is "$out" "repeat: 5 denied (EPERM), 0 allowed" "five denials"
is "$(printf '%s\n' "$err" | grep -c 'denied socket')" 1 "... reported once"
like "$err" "sandbox-run: denier: $SOCKET was denied 5 times in all" "... and counted at exit"

run as_root -p "$prof" --log=none "$PROBE" socket-inet
is "$rc:$out:$err" "1:socket-inet: denied (EPERM):" "--log=none: denied, nothing printed"

# kill with nobody to report to: the kernel kills (SECCOMP_RET_KILL_PROCESS),
# no supervisor starts, and its SIGSYS cannot be caught: a target that
# catches SIGSYS dies by it as well.
like "$("$SANDBOX_RUN" --explain -p "$prof" --on-violation=kill --log=none "$PROBE")" \
	"denied calls kill the process" "kill, --log=none: the kernel kills, says --explain"
run as_root -p "$prof" --on-violation=kill --log=none "$PROBE" socket-inet
is "$rc:$out" "$((128 + 31)):" "kill, --log=none: the probe died by SIGSYS"
is "$(printf '%s\n' "$err" | grep -c '^sandbox-run: ')" 0 \
	"kill, --log=none: ... and no line of sandbox-run's was printed (the shell's own may be)"
run as_root -p "$threadprof" --on-violation=kill --log=none "$DENIER" catch-sigsys socket
is "$rc:$out" "$((128 + 31)):catch-sigsys: set" \
	"kill, --log=none: a target that catches SIGSYS dies by it all the same"
"$DENIER" catch-sigsys >/dev/null
is "$?" 0 "unconfined, the denier catches SIGSYS (its handler is installed)"

# A name ld.so cannot find: it says so and goes on, and sandbox-run (which
# may be built with ASan, which wants to be first) is not changed by it.
lib=libsandbox-run-unknown-test.so
LD_PRELOAD=$lib run as_root -p "$prof" "$PROBE" socket-inet
like "$err" "needs promise \"inet\" .*; LD_PRELOAD $(re_quote "$lib") is not a known library and may be the caller" \
	"an unknown preloaded library is named as a possible caller"

done_testing
