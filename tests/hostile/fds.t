#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Descriptors: the target inherits exactly the descriptors it was given,
# sandbox-run adds none (no profile, pipe or supervisor socket), and a
# closed 0, 1 or 2 stays closed, with nothing of sandbox-run's landing on
# it meanwhile. procstate lists them; it runs with and without sandbox-run
# under the same redirections and both listings must be equal.
source "$top_srcdir/tests/hostile/lib.sh"
printf '[profile]\ndescription = procstate (tests/hostile)\npromises = stdio\n[arguments]\noperands = none\n' \
	>"$tmp/procstate.ini"
P=$tmp/procstate.ini
: >"$tmp/append.txt"
: >"$tmp/rw.txt"
chmod 666 "$tmp/append.txt" "$tmp/rw.txt"
sum() { cksum <"$1"; }

for runner in $(runners); do
	direct=$(exec 5</etc/hostname 6<"$tmp" 7>>"$tmp/append.txt" 9<>"$tmp/rw.txt" 200</dev/null
		$runner "$PROCSTATE")
	confined=$(exec 5</etc/hostname 6<"$tmp" 7>>"$tmp/append.txt" 9<>"$tmp/rw.txt" 200</dev/null
		$runner "$SANDBOX_RUN" -p "$P" "$PROCSTATE")
	like "$direct" "fd 200 " "$runner: procstate sees the inherited descriptors"
	is "$confined" "$direct" "$runner: inherited descriptors (file, dir, append, read-write, 200) exactly as given"

	# The supervised case holds a listener and a pidfd while setting up.
	confined=$(exec 5</etc/hostname
		$runner "$SANDBOX_RUN" --on-violation=report --log=stderr -p "$P" "$PROCSTATE")
	direct=$(exec 5</etc/hostname; $runner "$PROCSTATE")
	is "$confined" "$direct" "$runner: supervised (on-violation = report): no descriptor added"
done

# Many grants: Landlock's descriptors (one per granted path) are closed 64
# at a time, one close_range() per stretch of consecutive numbers (a
# caller's descriptor splits a stretch); none may stay open, and none of
# the caller's may be closed with them.
reads=$(find /usr/share/doc -mindepth 1 -maxdepth 1 -type d | sort | head -150)
{
	printf '[profile]\npromises = stdio\n[arguments]\noperands = none\n[filesystem]\nread ='
	printf '\n  %s' $reads
	printf '\n'
} >"$tmp/many.ini"
is "$(wc -w <<<"$reads")" 150 "150 directories to grant"
# With only 0 to 2 open before, 3 is the ruleset's and 4 to 67 are the
# first grants': a caller's descriptor just past them is closed by a
# close_range() that is one off.
only_std_fds() {
	local fd
	for fd in $(ls "/proc/$BASHPID/fd"); do
		[ "$fd" -gt 2 ] && eval "exec $fd>&-"
	done
}
for gaps in "" "5</etc/hostname 70</dev/null" "67</dev/null" "68</dev/null" "69</dev/null"; do
	direct=$(only_std_fds; eval "exec $gaps"; "$PROCSTATE")
	confined=$(only_std_fds; eval "exec $gaps"; "$SANDBOX_RUN" -p "$tmp/many.ini" "$PROCSTATE")
	is "$confined" "$direct" "150 paths granted, given descriptors: ${gaps:-none}: exactly those in the target"
done

# Closed standard descriptors: procstate reports through fd 8 instead.
for closed in "0" "1" "2" "0 1" "0 1 2" "1 2"; do
	redir=()
	for fd in $closed; do redir+=("$fd<&-"); done
	for runner in $(runners); do
		eval "$runner \"\$PROCSTATE\" 8 8>\"\$tmp/direct\" ${redir[*]}"
		eval "$runner \"\$SANDBOX_RUN\" -v -p \"\$P\" \"\$PROCSTATE\" 8 8>\"\$tmp/confined\" ${redir[*]}"
		rc=$?
		is "$rc" 0 "$runner: fds $closed closed: the target runs"
		# fd 8 itself is a different file in each run
		is "$(grep -v '^fd 8 ' "$tmp/confined")" "$(grep -v '^fd 8 ' "$tmp/direct")" \
			"$runner: fds $closed closed: they are closed in the target too"
		! grep -q sandbox-run "$tmp/confined"
		ok $? "$runner: fds $closed closed: no message of sandbox-run went into another descriptor"
	done
done

# With 0, 1 and 2 closed, nothing sandbox-run opens may be written to: a
# refusal (its message) and a verbose run leave the profile unchanged.
printf '[profile]\npromises = stdio\nnot ini\n' >"$tmp/bad.ini"
before=$(sum "$tmp/bad.ini")
"$SANDBOX_RUN" -v -p "$tmp/bad.ini" "$PROCSTATE" 0<&- 1>&- 2>&-
is "$?" 125 "fds 0 1 2 closed: a bad profile is still refused"
is "$(sum "$tmp/bad.ini")" "$before" "fds 0 1 2 closed: the error message did not go into the profile"
before=$(sum "$P")
"$SANDBOX_RUN" -v -p "$P" "$PROCSTATE" 8 8>"$tmp/out" 0<&- 1>&- 2>&-
is "$(sum "$P")" "$before" "fds 0 1 2 closed: the verbose messages did not go into the profile"

# The supervisor's report of a denial with fd 2 closed goes nowhere, and
# the denial still holds.
printf '[profile]\npromises = stdio\n[arguments]\noperands = none\n' >"$tmp/probe.ini"
"$PROBE" socket-inet >/dev/null 2>&1
is "$?" 0 "socket-inet is allowed unconfined"
"$SANDBOX_RUN" --log=stderr -p "$tmp/probe.ini" "$PROBE" socket-inet 8>"$tmp/probe.out" 2>&- >"$tmp/probe.stdout"
is "$?" 1 "fd 2 closed: socket-inet is still denied"
! grep -q "sandbox-run" "$tmp/probe.out" "$tmp/probe.stdout" "$tmp/probe.ini"
ok $? "fd 2 closed: the supervisor's report landed in no file"
done_testing
