#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Every remedy a denial report suggests works when followed (issue 25,
# item 4). For each kind of remedy the report (src/supervise/supervisor.c, remedy())
# can give: the probe works unconfined; under a profile that lacks what it
# needs it is denied and reported; the profile is edited exactly as the
# report says, by a small interpreter of its words (follow); the probe
# is run again and succeeds, with no report.
#
# Kinds with nothing to follow are not here: "never granted", "no promise
# grants CALL with these arguments", an unknown preloaded library "may be
# the caller". "add allow = CALL" is given only for calls the catalogue
# knows and no promise has, which the filter answers ENOSYS or quietly.
source "$top_srcdir/tests/lib/tap.sh"

FILEOPS=$top_builddir/tests/apply/fileops
WORKLOAD=$top_builddir/tests/learn/workload
home=$(tap_home) # outside /tmp: a create there is not a temporary file
cd "$home" || bail "cannot enter $home"

base() { # base PROFILE PROMISES: a profile that grants only PROMISES
	printf '[profile]\ndescription = remedies test\npromises = %s\n\n[filesystem]\n\n[arguments]\noperands = none\n' \
		"$2" >"$1"
}

# follow PROFILE REPORT-FILE: edits PROFILE as the first report line says.
# Where the report offers alternatives ("A if ..., or B"), the first.
follow() {
	local p=$1 line path promise refuse
	line=$(grep -m1 '^sandbox-run: .*denied' "$2")
	path=$(printf '%s' "$line" | sed -n 's/^[^"]*"\([^"]*\)".*/\1/p')
	promise=$(printf '%s' "$line" | sed -n 's/.*: needs promise "\([a-z_]*\)".*/\1/p')
	if [ -n "$promise" ]; then
		sed -i "s/^promises = .*/& $promise/" "$p"
		line=${line%%, or \"*} # the first alternative
	fi
	case $line in *'a [filesystem] write entry for the file'*)
		sed -i "/^\[filesystem\]/a write = $path" "$p" ;;
	esac
	case $line in *'a [filesystem] exec entry for the program'*)
		sed -i "/^\[filesystem\]/a exec = $path" "$p" ;;
	esac
	case $line in *'declared an output in [arguments] (output-options = OPTION'*)
		sed -i '/^\[arguments\]/a output-options = -o' "$p" ;;
	esac
	refuse=$(printf '%s' "$line" | sed -n 's/.*add "\(refuse = [^"]*\)" to \[profile\].*/\1/p')
	if [ -n "$refuse" ]; then
		sed -i "/^\[profile\]/a $refuse" "$p"
	fi
	case $line in *'a [filesystem] read entry (/etc/passwd /etc/group'*)
		sed -i '/^\[filesystem\]/a read = /etc/passwd /etc/group' "$p" ;;
	esac
	[ "$(cat "$p")" != "$3" ]
}

# remedy NAME PROFILE REMEDY-REGEX EXPECTED -- CMD... [-- CMD-AFTER...]:
# the whole round for one kind. CMD-AFTER is the command line the remedy
# asks for, when it asks for one (a declared output is named there).
# The environment of every run: env "${probe_env[@]}".
remedy() {
	local name=$1 p=$2 want=$3 expect=$4 before got st
	shift 5
	local cmd=() after=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do cmd+=("$1"); shift; done
	[ $# -gt 0 ] && shift
	after=("$@")
	[ ${#after[@]} -gt 0 ] || after=("${cmd[@]}")
	got=$(env "${probe_env[@]}" "${cmd[@]}" 2>&1)
	like "$got" "$expect" "$name: the probe works unconfined"
	rm -f "$home/new"
	got=$(env "${probe_env[@]}" "$SANDBOX_RUN" -p "$p" "${cmd[@]}" 2>"$p.err")
	like "$(cat "$p.err")" "denied .*: $want" "$name: denied, and the report says: $want"
	before=$(cat "$p")
	follow "$p" "$p.err" "$before"
	ok $? "$name: the report's words change the profile"
	rm -f "$home/new"
	got=$(env "${probe_env[@]}" "$SANDBOX_RUN" -p "$p" "${after[@]}" 2>"$p.err2")
	st=$?
	like "$got" "$expect" "$name: followed, the call succeeds (exit $st)"
	unlike "$(cat "$p.err2")" "sandbox-run:" "$name: followed, nothing is reported"
}

probe_env=()
echo existing >"$home/exist"
echo existing >"$home/exist2"

base "$home/proc.ini" "stdio rpath"
remedy "a promise" "$home/proc.ini" 'needs promise "proc" \(profile ' "forked" -- \
	sh -c 'true & wait; echo forked'

base "$home/exec.ini" "stdio rpath proc"
remedy "a promise and an exec entry" "$home/exec.ini" \
	'needs promise "exec" and a \[filesystem\] exec entry for the program' "ran" -- \
	sh -c '/bin/true && echo ran'

base "$home/wpath.ini" "stdio rpath"
remedy "a promise and a write entry" "$home/wpath.ini" \
	'needs promise "wpath" and a \[filesystem\] write entry for the file' "wrote exist" -- \
	"$WORKLOAD" write "$home/exist"

probe_env=(ALSO_WRITE="$home/exist2")
base "$home/existing.ini" "stdio rpath"
remedy "O_CREAT of an existing file" "$home/existing.ini" \
	'needs promise "cpath" \(it opens an existing file with O_CREAT\) and a \[filesystem\] write entry for the file' \
	"write $home/exist2: ok" -- "$FILEOPS"

probe_env=(ALSO_WRITE="$home/new")
base "$home/create.ini" "stdio rpath"
remedy "a new file: an output declared" "$home/create.ini" \
	'needs promise "cpath" and the file named on the command line and declared an output in \[arguments\]' \
	"write $home/new: ok" -- "$FILEOPS" -- "$FILEOPS" -o "$home/new"
[ "$(cat "$home/new" 2>/dev/null)" = written ]
ok $? "a new file: the declared output was written"

probe_env=(-u TMPDIR)
base "$home/tmp.ini" "stdio rpath"
remedy "a temporary file" "$home/tmp.ini" 'needs promise "tmppath" if it is a temporary file' \
	"created and removed a temporary file" -- "$WORKLOAD" tmpfile
probe_env=()

base "$home/nscd.ini" "stdio rpath"
remedy "glibc asking nscd" "$home/nscd.ini" \
	'glibc asking nscd for a name, which it does without: add "refuse = ' "^$(id -un)\$" -- whoami

# A [filesystem] write entry for the directory, the old advice, does not
# let a file be created there: the report no longer gives it.
base "$home/dir.ini" "stdio rpath cpath"
sed -i "/^\[filesystem\]/a write = $home" "$home/dir.ini"
got=$(ALSO_WRITE="$home/new" "$SANDBOX_RUN" -p "$home/dir.ini" "$FILEOPS" 2>&1)
like "$got" "write $home/new: EACCES" "a write entry for the directory does not grant creating in it"
got=$(ALSO_WRITE="$home/new" "$SANDBOX_RUN" -p "$home/proc.ini" "$FILEOPS" 2>&1)
unlike "$got" "write entry for the directory" "and no report suggests it"
got=$(ALSO_WRITE="$home/new" "$SANDBOX_RUN" -p "$home/proc.ini" "$FILEOPS" 2>&1)
unlike "$got" "tmppath" "a create outside /tmp is not offered tmppath"

done_testing
