#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Every attempt of attempts.txt, run by tests/escape/probe:
#   unconfined                      the call reaches the kernel ("allowed"),
#                                   so a denial below is the sandbox's doing;
#   under -p file                   attacks are denied, counterparts allowed;
#   under every promise but the one the attack needs (all of them for
#   "never"), with Landlock granting the scratch directories, /bin/sh and
#   /bin/echo, and on-violation = kill: SIGSYS shows that what denies is
#   the promise catalogue (attempts tagged "landlock" are Landlock's);
#   under every promise, Landlock off: attempts a promise grants are
#                                   allowed, so the profiles above cannot
#                                   pass by denying everything.
# As root and, unless tagged root-only, as nobody.
source "$top_srcdir/tests/lib/tap.sh"
ATTEMPTS=$top_srcdir/tests/escape/attempts.txt
ALL_PROMISES=$("$SANDBOX_RUN" --list-promises | awk '/^[a-z_]+( \(implicit|$)/ { print $1 }')

tmp=$(tap_tmp)
mkdir -m 755 "$tmp/profiles" "$tmp/as_root" "$tmp/as_nobody"
chown nobody:nogroup "$tmp/as_nobody"

# A TCP listener on loopback for connect-tcp; the port is free for bind.
port_file=$tmp/port
python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(64)
open(sys.argv[1], "w").write(str(s.getsockname()[1]))
time.sleep(600)' "$port_file" >/dev/null 2>&1 &
listener=$!

# Attempts on files that must not sit under /tmp (xattr-file, dgram), in a
# directory no profile grants: tmppath's rules would hide the holes.
home=$(tap_home)
mkdir -m 755 "$home/as_root" "$home/as_nobody"
chown nobody:nogroup "$home/as_nobody"
# An AF_UNIX datagram socket on disk, a stand-in for /dev/log: it reads
# what comes and closes the descriptors passed with it.
dgram=$home/dgram.sock
python3 -c '
import array, os, socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); s.bind(sys.argv[1])
os.chmod(sys.argv[1], 0o666)
while True:
    msg, anc, flags, addr = s.recvmsg(64, socket.CMSG_SPACE(64))
    for level, kind, data in anc:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            for fd in array.array("i", data[:len(data) - len(data) % 4]):
                os.close(fd)' "$dgram" >/dev/null 2>&1 &
dgram_listener=$!
previous_trap=$(trap -p EXIT | sed "s/^trap -- '\\(.*\\)' EXIT$/\\1/")
trap "kill $listener $dgram_listener 2>/dev/null; $previous_trap" EXIT
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -s "$port_file" ] && [ -S "$dgram" ] && break; sleep 0.2; done
port=$(cat "$port_file")

# profile NAME LANDLOCK ON-VIOLATION PROMISES...: write $tmp/profiles/NAME.ini once,
# print its path.
profile() {
	local name=$1 landlock=$2 violation=$3 f=$tmp/profiles/$1.ini IFS=' '
	shift 3
	[ -e "$f" ] || cat >"$f" <<EOF
[profile]
description = escape test: $name
promises = $*
on-violation = $violation
landlock = $landlock

[filesystem]
write = $tmp/as_root $tmp/as_nobody
exec = /bin/sh /bin/echo
# Readable without exec too (exec entries need the exec promise), so that
# the set-up steps of exec-ldso and fexecve pass and the exec itself is
# what the filter refuses.
read = /bin/sh /bin/echo

[arguments]
operands = none
EOF
	echo "$f"
}

# all_but WORDS...: a profile with every promise except WORDS.
all_but() {
	local keep=() p w drop
	for p in $ALL_PROMISES; do
		drop=
		for w in "$@"; do [ "$p" = "$w" ] && drop=1; done
		[ -z "$drop" ] && keep+=("$p")
	done
	local IFS=+
	profile "all-but-${*:-nothing}" required kill "${keep[@]}"
}
# Every promise and no Landlock: what is denied here, the catalogue denies.
every_promise() { profile every-promise off deny $ALL_PROMISES; }

# arg KIND RUNNER: a fresh argument of that kind for the runner's user.
arg() {
	local f
	case $1 in
	none) return ;;
	port) echo "$port"; return ;;
	dgram) echo "$dgram"; return ;;
	file) f=$(mktemp "$tmp/$2/f.XXXXXX") && printf 'probe\n' >"$f" ;;
	xattr-file)
		f=$(mktemp "$home/$2/x.XXXXXX") && printf 'probe\n' >"$f" &&
			python3 -c 'import os, sys; os.setxattr(sys.argv[1], "user.sandbox-run-probe", b"probe")' "$f" ;;
	dir) f=$(mktemp -d "$tmp/$2/d.XXXXXX") ;;
	esac
	chmod 644 "$f"; [ -d "$f" ] && chmod 755 "$f"
	[ "$2" = as_nobody ] && chown nobody:nogroup "$f"
	echo "$f"
}

# run RUNNER CMD...: exit status and stdout+stderr in $rc and $out. A
# shell stays the parent (same-uid-parent attempts) and reports signals
# as 128+N.
run() {
	local runner=$1
	shift
	out=$($runner bash -c '"$@"; exit $?' -- "$@" 2>&1)
	rc=$?
}

# confined DESCRIPTION WANT RUNNER NAME KIND TAGS PROFILE: WANT is
# "allowed" (exit 0), "denied" (exit 1, SIGSYS or ENOSYS where tagged) or
# "killed" (on-violation = kill: the catalogue itself refused it, so SIGSYS;
# ENOSYS, and exit 1 where Landlock is what refuses by design).
confined() {
	local desc=$1 want=$2 runner=$3 name=$4 kind=$5 tags=$6 prof=$7 a
	a=$(arg "$kind" "$runner")
	failed_before=$tap_failed
	run "$runner" "$SANDBOX_RUN" -p "$prof" "$PROBE" "$name" $a
	if [ "$want" = allowed ]; then
		is "$rc" 0 "$desc: allowed"
	elif [[ ,$tags, == *,quiet,* ]]; then
		like "$rc $out" "^1 $name: denied \(EOPNOTSUPP\)" "$desc: answered quietly (EOPNOTSUPP)"
	elif [[ ,$tags, == *,enosys-expected,* ]]; then
		like "$rc $out" "^1 $name: denied \(ENOSYS\)" "$desc: ENOSYS"
	elif [[ ,$tags, == *,sigsys,* ]] || { [ "$want" = killed ] && [[ ,$tags, != *,landlock,* ]]; }; then
		# SIGKILL when the target blocks SIGSYS (the supervisor's fallback)
		like "$rc" '^(159|137)$' "$desc: killed by SIGSYS"
	else
		is "$rc" 1 "$desc: denied"
	fi
	[ "$tap_failed" = "$failed_before" ] || diag "$out"
}

attempt() {
	local runner=$1 name=$2 kind=$3 need=$4 tags=$5 a w reached=1
	local who=${runner#as_} file=$top_srcdir/profiles/file.ini
	a=$(arg "$kind" "$runner")
	run "$runner" "$PROBE" "$name" $a
	if [ "$rc" = 3 ]; then
		# This kernel lacks the call (or family) itself: there is no
		# unconfined success to show, only the confined refusals below,
		# which must come from the sandbox before the kernel is asked.
		diag "$name as $who: unconfined, this kernel lacks it: $out"
		reached=
	elif [ "$rc $out" = "1 $name: denied (EPERM)" ] && [[ ,$tags, == *,kernel-eperm,* ]]; then
		# Before 6.18 open_by_handle_at checks CAP_DAC_READ_SEARCH first.
		ok 0 "$name as $who: unconfined reaches the kernel (EPERM: its capability check)"
	elif [ "$rc" != 0 ] && [[ ,$tags, == *,sysctl,* ]]; then
		skip "$name as $who: unconfined" "the kernel's own settings refuse it: $out"
		reached=
	else
		is "$rc $out" "0 $name: allowed" "$name as $who: unconfined reaches the kernel"
	fi
	case $need in
	counterpart)
		confined "$name as $who under file" allowed "$runner" "$name" "$kind" "$tags" "$file"
		confined "$name as $who under every promise" allowed "$runner" "$name" "$kind" "$tags" "$(every_promise)"
		return ;;
	never)
		confined "$name as $who under file" denied "$runner" "$name" "$kind" "$tags" "$file"
		confined "$name as $who under every promise" killed "$runner" "$name" "$kind" "$tags" "$(all_but)"
		return ;;
	esac
	confined "$name as $who under file" denied "$runner" "$name" "$kind" "$tags" "$file"
	# Words are needed together; "a|b" are alternatives, dropped together.
	for w in $need; do
		confined "$name as $who without ${w//|/ and }" killed "$runner" "$name" "$kind" "$tags" "$(all_but ${w//|/ })"
	done
	# Capabilities are always dropped: root-only attempts stay refused.
	[ -n "$reached" ] && [[ ,$tags, != *,root-only,* ]] &&
		confined "$name as $who under every promise" allowed "$runner" "$name" "$kind" "$tags" "$(every_promise)"
}

count=0
while IFS=$'\t' read -r name kind need note; do
	case $name in '#'* | '') continue ;; esac
	count=$((count + 1))
	tags=${note%%;*}
	for runner in $(runners); do
		[ "$runner" = as_nobody ] && [[ ,$tags, == *,root-only,* ]] && continue
		attempt "$runner" "$name" "$kind" "$need" "$tags"
	done
done <"$ATTEMPTS"
ok $((count < 40)) "at least 40 attempts ($count)"
done_testing
