#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A kernel without Landlock (Debian 11's 5.10; a kernel built without it).
# Here it is simulated (tests/lib/fault makes landlock_create_ruleset fail
# with ENOSYS, as on 5.10); in the kernel matrix (tests/kernels/matrix.t)
# this file runs on bullseye's real 5.10, where nothing is simulated.
# - landlock = required refuses: exit 125, one line naming the kernel, what
#   cannot be kept without Landlock, and the two ways out;
# - landlock = best-effort runs with its usual output and says so once; what
#   the filter and the supervisor keep still holds (signals to the sandbox's
#   own processes, abstract sockets, seccomp's calls, the declared outputs
#   the broker creates), each attack shown to work unconfined first;
# - --explain names, per guarantee, what keeps it and what is not kept.
# As root and as an ordinary user.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/apply/abstract.sh"
FAULT=$top_builddir/tests/lib/fault
TRY=$top_builddir/tests/apply/scopetry

abi=$(python3 -c 'import ctypes; print(ctypes.CDLL(None, use_errno=True).syscall(444, 0, 0, 1))')
if [ "$abi" -gt 0 ]; then
	noll=("$FAULT" --errno landlock_create_ruleset=ENOSYS --)
	diag "this kernel has Landlock ABI $abi: its absence is simulated"
else
	noll=()
	diag "this kernel has no Landlock: nothing is simulated"
fi

home=$(tap_home)
target=/usr/lib/os-release
want=$(file "$target")
# best-effort copies of a shipped profile, and a profile that may signal,
# connect and truncate (as old-abi.t's)
sed 's/^landlock = .*/landlock = best-effort/' "$top_srcdir/profiles/file.ini" >"$home/file.ini"
sed 's/^landlock = .*/landlock = best-effort/' "$top_srcdir/profiles/gs.ini" >"$home/gs.ini"
echo keep >"$home/victim"
chmod 666 "$home/victim"
cat >"$home/scope.ini" <<INI
[profile]
description = no-landlock.t: processes, sockets and files the supervisor keeps without Landlock
promises = stdio rpath wpath proc exec unix
landlock = best-effort
[filesystem]
read = $home/victim /bin/sh /bin/sleep /usr/bin/sleep
exec = /bin/sh /bin/sleep /usr/bin/sleep
[arguments]
operands = none
INI
chmod 644 "$home"/*.ini

name=sr-no-landlock-$$
abstract_listener "$name" "$home"

out=$("${noll[@]}" "$SANDBOX_RUN" --explain -p "$home/scope.ini" "$TRY" kill-all 2>&1)
like "$out" "reads: declared inputs and the read set only: not kept: no Landlock" \
	"--explain: without Landlock the read set is not kept"
like "$out" "signals: the sandbox's own processes only: seccomp \+ supervisor .*no Landlock on this kernel" \
	"--explain: ... the signal scope is, by the filter and the supervisor"
like "$out" "abstract Unix sockets: none: seccomp \+ supervisor .*no Landlock on this kernel" \
	"--explain: ... and so is the abstract-socket scope"

for runner in $(runners); do
	err=$($runner "${noll[@]}" "$SANDBOX_RUN" file "$target" 2>&1 >/dev/null); rc=$?
	is "$rc" 125 "$runner: file's shipped profile (landlock = required) refuses to run: exit 125"
	like "$err" "^sandbox-run: Landlock is unavailable: kernel [^ ]+ has no Landlock \(it needs Linux 5\.13.*CONFIG_SECURITY_LANDLOCK\); without it no layer keeps file's reads, writes and executions.*Hint: boot a kernel with Landlock.*landlock = best-effort" \
		"$runner: ... naming the kernel, what cannot be kept, and both ways out"
	is "$(printf '%s\n' "$err" | wc -l)" 1 "$runner: ... in one line"

	out=$($runner "${noll[@]}" "$SANDBOX_RUN" -p "$home/file.ini" file "$target" 2>"$home/err"); rc=$?
	is "$rc:$out" "0:$want" "$runner: landlock = best-effort: file runs, with its usual output"
	like "$(cat "$home/err")" "^sandbox-run: warning: Landlock is unavailable .*without filesystem confinement" \
		"$runner: ... and says once that nothing confines its files"

	# What the filter keeps without Landlock: no network socket.
	is "$($runner "$PROBE" socket-inet 2>&1)" "socket-inet: allowed" "$runner: unconfined, an AF_INET socket opens"
	like "$($runner "${noll[@]}" "$SANDBOX_RUN" -p "$home/file.ini" "$PROBE" socket-inet 2>/dev/null)" \
		"^socket-inet: denied" "$runner: best-effort without Landlock: the filter still refuses it"

	# What the supervisor keeps: signals to its own processes only, no
	# abstract socket, no truncation by path. The parent is a shell of the
	# same user (setpriv execs in place; a parent of root would refuse the
	# unconfined kill of an ordinary user on its own).
	insh='"$@"; exit $?'
	for attack in "signalling its parent:kill-parent" "signalling every process (-1):kill-all" \
		"connecting to an abstract Unix socket:abstract $name" "truncating a file by path:truncate $home/victim"; do
		what=${attack%%:*} op=${attack#*:}
		# shellcheck disable=SC2086 # op and its argument
		is "$($runner sh -c "$insh" sh "$TRY" $op 2>/dev/null)" "${op%% *}: ok" "$runner: unconfined, $what works"
		# shellcheck disable=SC2086
		got=$($runner sh -c "$insh" sh "${noll[@]}" "$SANDBOX_RUN" -p "$home/scope.ini" "$TRY" $op 2>"$home/err")
		like "$got" "^${op%% *}: E" "$runner: without Landlock, $what is refused ($got)"
		like "$(cat "$home/err")" "denied .*(own processes|abstract|truncation)" "$runner: ... and reported"
	done
	is "$(cat "$home/victim")" keep "$runner: ... the file kept its content"
	is "$($runner "${noll[@]}" "$SANDBOX_RUN" -p "$home/scope.ini" "$TRY" kill-child 2>/dev/null)" "kill-child: ok" \
		"$runner: signalling its own child still works"

	# The broker creates declared outputs (SECCOMP_IOCTL_NOTIF_ADDFD, 5.9)
	# and refuses other names in their directory.
	out=$(tap_home)
	[ "$runner" = as_nobody ] && chown nobody:nogroup "$out"
	gs=(gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -r20)
	printf '%%!PS\n/Helvetica findfont 20 scalefont setfont 72 72 moveto (no landlock) show showpage\n' >"$home/page.ps"
	chmod 644 "$home/page.ps"
	$runner "${gs[@]}" -o "$out/want.png" "$home/page.ps" >/dev/null 2>&1
	$runner "${noll[@]}" "$SANDBOX_RUN" -p "$home/gs.ini" "${gs[@]}" -o "$out/got.png" "$home/page.ps" >/dev/null 2>"$home/err"
	ok "$(cmp -s "$out/want.png" "$out/got.png"; echo $?)" \
		"$runner: gs -o OUT without Landlock: the supervisor creates the output, as unconfined"
	printf '%%!PS\n(%s/other) (w) file (x) writestring\n' "$out" >"$home/other.ps"
	chmod 644 "$home/other.ps"
	$runner gs -q -dNOSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -o "$out/got1.png" "$home/other.ps" >/dev/null 2>&1
	ok "$([ -e "$out/other" ]; echo $?)" "$runner: unconfined, gs -dNOSAFER writes another file beside its output"
	rm -f "$out/other"
	$runner "${noll[@]}" "$SANDBOX_RUN" -p "$home/gs.ini" gs -q -dNOSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m \
		-o "$out/got2.png" "$home/other.ps" >/dev/null 2>"$home/err"
	ok "$([ ! -e "$out/other" ]; echo $?)" \
		"$runner: ... and refuses another name in the output's directory (gs -dNOSAFER)"
	like "$(cat "$home/err")" "denied .*$out/other" "$runner: ... and reports it"
done
done_testing
