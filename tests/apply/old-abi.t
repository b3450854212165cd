#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The same guarantees on a kernel with an older Landlock (issue 23): what
# later ABIs scope, the filter and the supervisor keep below them. The
# launcher is made to see ABI 2, as on Debian 12's 6.1, by tests/lib/fault's
# tracer (the ruleset is then made with ABI 2's rights on this kernel, so
# no signal scope, no port rules and no truncate right): each attack works
# unconfined (under the same tracer), and is refused and reported confined.
# tests/kernels/matrix.t runs the same on the real kernels.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/apply/abstract.sh"
FAULT=$top_builddir/tests/lib/fault
TRY=$top_builddir/tests/apply/scopetry
# LeakSanitizer cannot run under a tracer: --explain returns, and would check.
old() { ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 "$FAULT" --landlock-abi 2 -- "$@"; }

home=$(tap_home)
echo keep >"$home/victim"
chmod 666 "$home/victim"
cat >"$home/scope.ini" <<INI
[profile]
description = old-abi.t: processes, sockets and files Landlock ABI 6 would scope
promises = stdio rpath wpath proc exec unix
landlock = required
[filesystem]
read = $home/victim /bin/sh /bin/sleep /usr/bin/sleep
exec = /bin/sh /bin/sleep /usr/bin/sleep
[arguments]
operands = none
INI
prof=$home/scope.ini

# The policy runs where it used to refuse, and --explain says who keeps what.
out=$(old "$SANDBOX_RUN" --explain -p "$prof" "$TRY" kill-all 2>&1)
like "$out" "this policy needs 1\)" "ABI 2: a policy with proc needs no more than Landlock ABI 1"
like "$out" "signals: the sandbox's own processes only: seccomp \+ supervisor .*Landlock ABI 2" \
	"--explain: at ABI 2 the filter and the supervisor keep the signal scope"
like "$out" "truncation: declared outputs only: seccomp \+ supervisor" \
	"--explain: ... and truncation by path"
here=$("$SANDBOX_RUN" --explain -p "$prof" "$TRY" kill-all 2>&1)
real_abi=$(printf '%s\n' "$here" | sed -n 's/.*(kernel ABI \([0-9]*\),.*/\1/p')
if [ "${real_abi:-0}" -ge 6 ]; then
	like "$here" "signals: the sandbox's own processes only: Landlock signal scope \(ABI 6\)" \
		"--explain on this kernel (ABI $real_abi): Landlock keeps it"
else
	like "$here" "signals: the sandbox's own processes only: seccomp \+ supervisor" \
		"--explain on this kernel (ABI ${real_abi:-none}): the filter and the supervisor keep it"
fi

# An abstract socket listener outside the sandbox.
name=sr-old-abi-$$
abstract_listener "$name" "$home"
sleep 60 &
sibling=$!
previous_trap=$(trap -p EXIT | sed "s/^trap -- '\\(.*\\)' EXIT$/\\1/")
trap "kill $sibling 2>/dev/null; $previous_trap" EXIT

# attack OP ARG...: unconfined under the same tracer it works; confined it
# is refused and the supervisor says so.
attack() {
	local runner=$1 what=$2 op=$3
	shift 3
	is "$($runner "$FAULT" --landlock-abi 2 -- "$TRY" "$op" "$@" 2>/dev/null)" "$op: ok" \
		"$runner: unconfined, $what works"
	local got
	got=$($runner "$FAULT" --landlock-abi 2 -- "$SANDBOX_RUN" -p "$prof" "$TRY" "$op" "$@" 2>"$home/err")
	like "$got" "^$op: E" "$runner: at ABI 2, $what is refused ($got)"
	like "$(cat "$home/err")" "denied .*(own processes|abstract|truncation)" "$runner: ... and reported"
}

for runner in $(runners); do
	# The target's parent is fault, its tracer: a process of the same user
	# outside the sandbox. The sibling is a sleep of the same user.
	if [ "$runner" = as_nobody ]; then
		su_sibling=$(setpriv --reuid=nobody --regid=nogroup --clear-groups -- sh -c 'sleep 60 >/dev/null 2>&1 & echo $!')
	else
		su_sibling=$sibling
	fi
	attack $runner "signalling its parent" kill-parent
	attack $runner "signalling a sibling process of the same user" kill "$su_sibling"
	attack $runner "tgkill of a sibling" tgkill "$su_sibling"
	attack $runner "signalling every process (-1)" kill-all
	attack $runner "signalling its process group" kill-group
	attack $runner "connecting to an abstract Unix socket" abstract "$name"
	attack $runner "truncating a readable file by path" truncate "$home/victim"
	is "$(cat "$home/victim")" keep "$runner: ... which kept its content"
	# Refused as Landlock refuses, in every mode: never killed for it, and
	# report mode does not let it through.
	for mode in kill report; do
		got=$($runner "$FAULT" --landlock-abi 2 -- "$SANDBOX_RUN" -p "$prof" --on-violation=$mode \
			"$TRY" kill-parent 2>"$home/err"); rc=$?
		is "$rc:$got" "1:kill-parent: EACCES" \
			"$runner: on-violation = $mode at ABI 2: signalling its parent is refused, not killed or let through"
		like "$(cat "$home/err")" "denied kill.*refused in every on-violation mode" "$runner: ... and the report says so"
	done
	# What stays allowed: its own child, and itself.
	is "$($runner "$FAULT" --landlock-abi 2 -- "$SANDBOX_RUN" -p "$prof" "$TRY" kill-child 2>&1)" \
		"kill-child: ok" "$runner: at ABI 2, signalling its own child works, unreported"
	[ "$runner" = as_nobody ] && kill "$su_sibling" 2>/dev/null
done
done_testing
