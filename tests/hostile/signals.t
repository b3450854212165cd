#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Signals: the target inherits the dispositions and the mask it was given;
# SIGPIPE reaches it as it would unconfined; a signal at any stage of
# sandbox-run's work (sent by tests/lib/fault when sandbox-run enters a
# chosen system call) kills it as it would kill any program, before the
# target ran, and leaves no process behind (the supervisor included).
source "$top_srcdir/tests/hostile/lib.sh"
printf '[profile]\npromises = stdio\n[arguments]\noperands = none\n' >"$tmp/procstate.ini"
printf '[profile]\npromises = stdio rpath\n[arguments]\noperands = input\n' >"$tmp/cat.ini"
head -c 4000000 /dev/urandom >"$tmp/big"
chmod 644 "$tmp/big"

# Processes still running with this test's directory in their command line.
leftovers() { pgrep -f -- "$tmp/mark" | grep -vx "$$" || true; }
# Waits (at most 20 s, not a measurement) for the supervisor to notice.
settle() { for _ in $(seq 200); do [ -z "$(leftovers)" ] && return; sleep 0.1; done; }

block_run() { # block_run RUNNER CMD...: exec CMD with SIGUSR1 and SIGTERM blocked
	local runner=$1
	shift
	$runner /usr/bin/python3 -c 'import os, signal, sys
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1, signal.SIGTERM})
os.execv(sys.argv[1], sys.argv[1:])' "$@"
}

for r in $(runners); do
	d=$(trap '' PIPE INT HUP QUIT; $r "$PROCSTATE" | grep '^signal')
	c=$(trap '' PIPE INT HUP QUIT; $r "$SANDBOX_RUN" -p "$tmp/procstate.ini" "$PROCSTATE" | grep '^signal')
	like "$d" "signal 13 ignored" "$r: procstate sees ignored signals"
	is "$c" "$d" "$r: ignored signals (PIPE INT HUP QUIT) stay ignored in the target"
	c=$(trap '' PIPE; $r "$SANDBOX_RUN" --on-violation=report -p "$tmp/procstate.ini" "$PROCSTATE" | grep '^signal')
	d=$(trap '' PIPE; $r "$PROCSTATE" | grep '^signal')
	is "$c" "$d" "$r: ... also when supervised"
	d=$(block_run $r "$PROCSTATE" | grep '^signal')
	c=$(block_run $r "$SANDBOX_RUN" -p "$tmp/procstate.ini" "$PROCSTATE" | grep '^signal')
	like "$d" "signal 10 blocked" "$r: procstate sees blocked signals"
	is "$c" "$d" "$r: the blocked mask (USR1 TERM) reaches the target unchanged"

	# SIGPIPE: cat writing into a closed pipe dies of it, or gets EPIPE
	# when SIGPIPE is ignored; the same under sandbox-run.
	$r cat "$tmp/big" | head -c 1 >/dev/null
	d=${PIPESTATUS[0]}
	$r "$SANDBOX_RUN" -p "$tmp/cat.ini" cat "$tmp/big" | head -c 1 >/dev/null
	c=${PIPESTATUS[0]}
	is "$c" "$d" "$r: a target writing into a closed pipe dies of SIGPIPE ($d)"
	(trap '' PIPE; $r cat "$tmp/big" 2>/dev/null | head -c 1 >/dev/null; echo "${PIPESTATUS[0]}" >"$tmp/d")
	(trap '' PIPE; $r "$SANDBOX_RUN" -p "$tmp/cat.ini" cat "$tmp/big" 2>/dev/null | head -c 1 >/dev/null
		echo "${PIPESTATUS[0]}" >"$tmp/c")
	is "$(cat "$tmp/c")" "$(cat "$tmp/d")" "$r: with SIGPIPE ignored it gets EPIPE instead ($(cat "$tmp/d"))"
done

# dfl CMD...: CMD with the default action for the signals below. A test
# started in the background (CI, make -j) inherits SIGINT ignored, and a
# shell cannot undo that.
cat >"$tmp/dfl" <<'PY'
#!/usr/bin/python3
import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE):
    signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])
PY
chmod 755 "$tmp/dfl"

# A signal at each stage. openat: the dynamic loader and the profile;
# clone: forking the supervisor; landlock_*: applying Landlock; prctl:
# no_new_privs; seccomp: loading the filters; execve@2: the target's exec.
stages="openat clone landlock_create_ruleset landlock_restrict_self prctl seccomp execve@2"
for r in $(runners); do
	for sig in INT TERM HUP PIPE; do
		num=$(kill -l "$sig")
		for stage in $stages; do
			name=$sig-${stage%@*}-$r
			marker_run "$name" $r "$tmp/dfl" "$FAULT" --signal "$stage=SIG$sig" --
			settle
			left=$(leftovers)
			[ "$rc" = $((128 + num)) ] && [ ! -e "$tmp/mark/$name" ] && [ -z "$left" ]
			ok $? "$r: SIG$sig at $stage: dies of it ($rc), before the target ran, nothing left behind"
			[ -z "$left" ] || { diag "left: $(ps -o pid,args -p "$left" | tail -n +2)"; kill $left 2>/dev/null; }
		done
	done
	# Ignored, it changes nothing: the target runs.
	(trap '' INT; marker_run ignored-$r $r "$FAULT" --signal seccomp=SIGINT --; echo "$rc" >"$tmp/rc")
	is "$(cat "$tmp/rc")" 0 "$r: SIGINT ignored and sent while loading seccomp: the target runs anyway"
done

# Ctrl-C while the target runs: the terminal signals the whole process
# group, the target and its supervisor alike. (A background job of a
# script starts with SIGINT ignored: python puts the default back, makes a
# new process group and execs.)
mkfifo "$tmp/in"
chmod 666 "$tmp/in"
exec 8<>"$tmp/in"
for r in $(runners); do
	$r /usr/bin/python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.setsid()
os.execv(sys.argv[1], sys.argv[1:])' "$SANDBOX_RUN" --on-violation=report -p "$tmp/marker.ini" \
		tee "$tmp/mark/ctrl-c-$r" <"$tmp/in" >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 200); do [ -e "$tmp/mark/ctrl-c-$r" ] && break; sleep 0.1; done
	[ -e "$tmp/mark/ctrl-c-$r" ]
	ok $? "$r: the target runs and waits for input"
	pgid=$(ps -o pgid= -p "$(pgrep -f -- "tee $tmp/mark/ctrl-c-$r" | head -n 1)" | tr -d ' ')
	kill -INT -- "-$pgid"
	wait "$pid"
	is "$?" 130 "$r: SIGINT to its process group: the target dies of it"
	settle
	is "$(leftovers)" "" "$r: ... and no process is left behind"
done
exec 8>&-
done_testing
