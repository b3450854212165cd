#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# refuse = CALL (a profile's or a preload rule's): the call is answered
# EPERM by the kernel and reported by no one. The case it is for: any name
# lookup (stat -c %U, ls -l, getaddrinfo) first asks nscd over
# socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC|SOCK_NONBLOCK, 0); no promise
# short of unix grants it, and each lookup was reported.
source "$top_srcdir/tests/lib/tap.sh"
dir=$(tap_tmp)
nscd='socket\(AF_UNIX, SOCK_STREAM\|SOCK_CLOEXEC\|SOCK_NONBLOCK, 0\)' # a regex

profile() { # profile NAME [REFUSE]: stat's profile, with the refuse line or without
	printf '%s\n' "[profile]" "description = refuse.t: $1" "promises = stdio rpath" \
		${2:+"refuse = $2"} "[filesystem]" "read = /etc/passwd /etc/group /etc/nsswitch.conf" \
		>"$dir/$1.ini"
	chmod 644 "$dir/$1.ini"
	echo "$dir/$1.ini"
}
with=$(profile with 'socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC|SOCK_NONBLOCK, 0)')
without=$(profile without)

like "$(strace -f -e trace=socket stat -c %U /etc/passwd 2>&1)" "$nscd = [0-9]" \
	"unconfined, stat -c %U opens glibc's nscd socket"
for runner in $(runners); do
	want=$($runner stat -c %U:%G /etc/passwd)
	got=$($runner "$SANDBOX_RUN" -p "$without" stat -c %U:%G /etc/passwd 2>"$dir/err")
	is "$got" "$want" "$runner: without refuse: the owner's name all the same"
	like "$(cat "$dir/err")" "denied $nscd: glibc asking nscd for a name, which it does without: add \"refuse = $nscd\" to \[profile\] of .*without\.ini" \
		"$runner: ... and the nscd socket is reported, with the refuse line that answers it"
	got=$($runner "$SANDBOX_RUN" -p "$with" stat -c %U:%G /etc/passwd 2>"$dir/err")
	is "$got:$(cat "$dir/err")" "$want:" "$runner: with refuse: the same name, and no report"
	$runner "$SANDBOX_RUN" -p "$with" --on-violation=kill --log=none stat -c %U /etc/passwd \
		>/dev/null 2>&1
	is "$?" 0 "$runner: with refuse under on-violation = kill: not killed"
	$runner "$SANDBOX_RUN" -p "$without" --on-violation=kill --log=none stat -c %U /etc/passwd \
		>/dev/null 2>&1
	is "$?" 159 "$runner: ... without it, killed (128 + SIGSYS)"
done
like "$("$SANDBOX_RUN" --explain -p "$with" stat /etc/passwd)" \
	"refuse $nscd \(EPERM, unreported\): .*with\.ini:4" "--explain lists the refused call"

# Refusing a call whole would hide what reports are for: --check wants the
# arguments; and only calls that exist.
printf '%s\n' "[profile]" "promises = stdio" "refuse = socket" "  nosuchcall(1)" >"$dir/bad.ini"
out=$("$SANDBOX_RUN" --check "$dir/bad.ini" 2>&1)
is "$?" 1 "--check: a refuse list without conditions fails"
like "$out" "bad\.ini:3: refuse socket: name the arguments" "... naming the line and what to write"
like "$out" "bad\.ini:4: refuse nosuchcall: no such system call" "... and an unknown call"
"$SANDBOX_RUN" -p "$dir/bad.ini" /bin/true 2>"$dir/err"
is "$?" 125 "running with that profile: exit 125"

# --learn treats a refused call as a confined run does: the learning run
# gets EPERM too, so glibc never connects to nscd and no promise is drafted
# for it; the refuse line is kept. Without it, the draft asks for a socket
# promise.
for name in with without; do
	cp "$dir/$name.ini" "$dir/learn-$name.ini"
	"$SANDBOX_RUN" --learn="$dir/learn-$name.ini" stat -c %U /etc/passwd >/dev/null 2>&1
done
is "$(grep '^promises' "$dir/learn-with.ini")" "promises = stdio rpath" \
	"--learn merging a profile with refuse: no promise for the nscd socket"
like "$(cat "$dir/learn-with.ini")" "refuse = socket\(AF_UNIX" "... and the refuse line is kept"
like "$(grep '^promises' "$dir/learn-without.ini")" "unix|dns" \
	"... without refuse, it drafts a promise for the socket and its connect"
# A promise's own refusals count too: dns refuses the nscd request.
printf '%s\n' "[profile]" "description = refuse.t: getent" "promises = stdio rpath dns" \
	"[arguments]" "operands = none" >"$dir/getent.ini"
"$SANDBOX_RUN" --learn="$dir/getent.ini" getent hosts localhost >/dev/null 2>&1
is "$(grep '^promises' "$dir/getent.ini")" "promises = stdio rpath dns" \
	"--learn merging a dns profile: the nscd request draws no unix promise"
done_testing
