#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Finding COMMAND: odd PATH entries (empty, relative, unreadable, missing,
# a directory or a non-executable file of the same name first), COMMAND with
# and without slashes, symlinks to the target. sandbox-run must find what
# execvp(3) finds: the same output and status as env(1) gives, as root and
# as nobody.
source "$top_srcdir/tests/hostile/lib.sh"
printf '[profile]\ndescription = echo (tests/hostile)\npromises = stdio\n[arguments]\noperands = none\n' \
	>"$tmp/plain.ini"
P=$tmp/plain.ini
w=$tmp/cwd
mkdir -p "$w/bin" "$w/sub" "$w/noexec" "$w/dirfirst/sr-echo" "$w/unreadable" "$w/links"
for d in "$w" "$w/bin" "$w/sub" "$w/unreadable"; do
	printf '#!/bin/sh\necho "%s $*"\n' "${d#"$tmp"/}" >"$d/sr-echo"
	chmod 755 "$d/sr-echo"
done
printf '#!/bin/sh\necho never\n' >"$w/noexec/sr-echo"
chmod 644 "$w/noexec/sr-echo"
chmod 700 "$w/unreadable"
ln -s /bin/echo "$w/links/direct"
ln -s direct "$w/links/chain"
ln -s ../sub/sr-echo "$w/links/script"
ln -s "$w/links/chain" "$w/links/absolute-chain"

# compare DESCRIPTION RUNNER PATH-VALUE|-unset COMMAND [ARG]...
compare() {
	local desc=$1 runner=$2 path=$3 d c drc crc
	shift 3
	local setpath=(/usr/bin/env PATH="$path")
	[ "$path" = -unset ] && setpath=(/usr/bin/env -u PATH)
	# /usr/bin/env, not env: PATH is already the odd one here
	d=$(cd "$w" && $runner "${setpath[@]}" /usr/bin/env -- "$@" 2>/dev/null)
	drc=$?
	c=$(cd "$w" && $runner "${setpath[@]}" "$SANDBOX_RUN" -p "$P" "$@" 2>"$tmp/.err")
	crc=$?
	is "$crc:$c" "$drc:$d" "$runner: $desc: as env(1) (status $drc)"
	[ "$crc" = "$drc" ] || diag "$(cat "$tmp/.err")"
}

# expect DESCRIPTION RUNNER PATH-VALUE STATUS OUTPUT COMMAND [ARG]...: where
# sandbox-run deliberately differs from glibc's execvp.
expect() {
	local desc=$1 runner=$2 path=$3 status=$4 output=$5 c crc
	shift 5
	c=$(cd "$w" && $runner /usr/bin/env PATH="$path" "$SANDBOX_RUN" -p "$P" "$@" 2>"$tmp/.err")
	crc=$?
	is "$crc:$c" "$status:$output" "$runner: $desc"
	[ "$status" = 0 ] || is "$(grep -c '^sandbox-run: ' "$tmp/.err")" 1 "$runner: $desc: one line"
}

for r in $(runners); do
	compare "empty PATH entry first (current directory)" $r ":/usr/bin" sr-echo a
	compare "empty PATH entry last" $r "/usr/bin::" sr-echo a
	compare "PATH is empty" $r "" sr-echo a
	compare "PATH unset (default search path)" $r -unset echo a
	compare "relative PATH entry" $r "bin:/usr/bin" sr-echo a
	compare "relative PATH entry ." $r ".:/usr/bin" sr-echo a
	compare "unreadable directory first" $r "$w/unreadable:$w/bin" sr-echo a
	compare "missing directory first" $r "$w/nonexistent:$w/sub" sr-echo a
	compare "non-executable file of that name first" $r "$w/noexec:$w/sub" sr-echo a
	compare "only a non-executable file of that name" $r "$w/noexec" sr-echo a
	compare "a directory of that name first" $r "$w/dirfirst:$w/bin" sr-echo a
	# glibc gives up at an entry longer than PATH_MAX; the shell, and
	# sandbox-run, go on to the next entry.
	expect "a 4000-byte PATH entry first: skipped, like the shell does" $r \
		"$(printf 'x%.0s' $(seq 4000)):$w/bin" 0 "cwd/bin a" sr-echo a
	compare "trailing slash in PATH entry" $r "$w/sub/:/usr/bin" sr-echo a
	compare "not found anywhere" $r "/usr/bin" sr-no-such-command
	compare "absolute COMMAND" $r "/nonexistent" /bin/echo a
	compare "COMMAND ./NAME" $r "/nonexistent" ./sr-echo a
	compare "COMMAND DIR/NAME" $r "/nonexistent" sub/sr-echo a
	compare "COMMAND ../DIR/NAME" $r "/nonexistent" ../cwd/bin/sr-echo a
	compare "COMMAND is a directory" $r "/usr/bin" ./sub
	compare "COMMAND is not executable" $r "/usr/bin" ./noexec/sr-echo
	# A name that cannot be reached is "not found" (src/decide/target.c), where
	# env(1) says 126 for ENOTDIR.
	expect "COMMAND with a trailing slash: not found" $r "/usr/bin" 127 "" ./sr-echo/
	compare "COMMAND is missing" $r "/usr/bin" ./missing
	compare "COMMAND is empty" $r "/usr/bin" ""
	compare "symlink to the target" $r "/usr/bin" links/direct a
	compare "symlink to a symlink to the target" $r "/usr/bin" links/chain a
	compare "absolute symlink chain" $r "/usr/bin" "$w/links/absolute-chain" a
	compare "relative symlink to a #! script" $r "/usr/bin" links/script a
	compare "symlink found on PATH" $r "$w/links" direct a
done
done_testing
