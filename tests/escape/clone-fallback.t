#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Compatibility: threads, fork and posix_spawn work under profiles granting
# thread, proc and proc + exec, with the same output as unconfined. glibc
# 2.34+ tries clone3 first; the sandbox answers ENOSYS and glibc falls back
# to clone, whose flags the filter checks. Without the promise they fail,
# so the profiles are what makes them work.
source "$top_srcdir/tests/lib/tap.sh"
bin=$top_builddir/tests/escape
dir=$(tap_tmp)

# profile NAME PROMISES EXEC: a profile file in $dir.
profile() {
	printf '%s\n' "[profile]" "description = clone fallback test: $1" "promises = $2" \
		"landlock = required" "" "[filesystem]" "exec = $3" "" "[arguments]" \
		"operands = none" >"$dir/$1.ini"
	echo "$dir/$1.ini"
}
threads=$(profile threads thread "")
proc=$(profile proc proc "")
spawn=$(profile spawn "proc exec" /bin/echo)
noexec=$(profile noexec proc /bin/echo)

# same RUNNER PROFILE CMD...: confined output and status equal unconfined.
same() {
	local runner=$1 prof=$2 want got
	shift 2
	want=$($runner "$@" 2>&1; echo "status $?")
	got=$($runner "$SANDBOX_RUN" -p "$prof" "$@" 2>&1; echo "status $?")
	like "$want" 'status 0$' "$(basename "$1") as ${runner#as_}: works unconfined"
	is "$got" "$want" "$(basename "$1") as ${runner#as_} under $(basename "$prof" .ini): same output"
}

# fails RUNNER PROFILE CMD...: without the promise it does not work.
fails() {
	local runner=$1 prof=$2 got
	shift 2
	got=$($runner "$SANDBOX_RUN" -p "$prof" "$@" 2>&1; echo "status $?")
	unlike "$got" 'status 0$' "$(basename "$1") as ${runner#as_} under $(basename "$prof" .ini): refused"
}

for runner in $(runners); do
	same "$runner" "$threads" "$bin/threads"
	same "$runner" "$proc" "$bin/forker"
	same "$runner" "$spawn" "$bin/spawner" /bin/echo hello from posix_spawn
	fails "$runner" "$proc" "$bin/threads"
	fails "$runner" "$threads" "$bin/forker"
	fails "$runner" "$noexec" "$bin/spawner" /bin/echo hello
	fails "$runner" "$top_srcdir/profiles/file.ini" "$bin/threads"
done
done_testing
