# SPDX-License-Identifier: GPL-2.0-or-later
# File refusals are visible: under on-violation = report (the profile key,
# or --diagnose for one run) each file access Landlock refuses is reported
# like a denied call, with the path, the access and what would grant it,
# and Landlock still refuses it. Deny mode says nothing and refuses the
# same. Each refusal is shown next to the same access succeeding
# unconfined; as root and as an ordinary user, in a home under /var/tmp
# that no policy grants.
source "$top_srcdir/tests/lib/tap.sh"

FILEOPS=$top_builddir/tests/apply/fileops
fileops_ini=$top_srcdir/tests/apply/fileops.ini
file_ini=$top_srcdir/profiles/file.ini
err=$(tap_tmp)/stderr

# run RUNNER ARGS...: stdout in $out, stderr in $errs
run() {
	out=$("$@" 2>"$err")
	errs=$(cat "$err")
}
lines() { [ -z "$1" ] && echo 0 || printf '%s\n' "$1" | wc -l; }

for runner in $(runners); do
	home=$(tap_home)
	for f in a b secret secret2; do echo "$f" > "$home/$f"; done
	cat > "$home/report.ini" <<-'EOF'
	[profile]
	promises = stdio rpath
	on-violation = report
	EOF
	cat > "$home/words.ini" <<-'EOF'
	[profile]
	promises = stdio rpath wpath cpath
	[arguments]
	operands = none
	EOF
	cat > "$home/sh.ini" <<-'EOF'
	[profile]
	promises = stdio rpath proc exec
	[filesystem]
	exec = /usr/bin/true
	[arguments]
	operands = none
	EOF
	[ "$runner" = as_nobody ] && chown -R nobody:nogroup "$home"
	refusal="^sandbox-run: fileops\[[0-9]+\]: Landlock refuses"

	# a read outside the read set
	ALSO_READ="$home/secret" run $runner "$FILEOPS" "$home/a"
	like "$out" "read $home/secret: ok" "$runner: unconfined, the probe reads secret"
	ALSO_READ="$home/secret" run $runner "$SANDBOX_RUN" --diagnose -p file "$FILEOPS" "$home/a"
	like "$out" "read $home/secret: EACCES" "$runner: --diagnose: Landlock still refuses the read"
	like "$errs" "$refusal read $home/secret \(openat\): add \"read = $home/secret\" to \[filesystem\] of $file_ini\$" \
		"$runner: --diagnose: it is reported with the path, the access and the key that grants it"
	is "$(lines "$errs")" 1 "$runner: --diagnose: nothing else is reported (the input, libraries and locale are granted)"
	ALSO_READ="$home/secret" run $runner "$SANDBOX_RUN" -p file "$FILEOPS" "$home/a"
	like "$out" "read $home/secret: EACCES" "$runner: deny mode: the same read is refused"
	is "$errs" "" "$runner: deny mode: and nothing is reported"
	ALSO_READ="$home/secret:$home/secret" run $runner "$SANDBOX_RUN" -p "$home/report.ini" "$FILEOPS" "$home/a"
	is "$(printf '%s\n' "$out" | grep -c "read $home/secret: EACCES")" 2 "$runner: on-violation = report in the profile: refused twice"
	like "$errs" "$refusal read $home/secret \(openat\): add \"read = $home/secret\" to \[filesystem\] of $home/report.ini\$" \
		"$runner: on-violation = report in the profile: reported as with --diagnose"
	is "$(lines "$errs")" 1 "$runner: ... once for both reads"
	run $runner "$SANDBOX_RUN" --diagnose -p file "$FILEOPS" "$home/a"
	is "$out|$errs" "read $home/a: ok|" "$runner: --diagnose: a run that reads only granted files reports nothing"

	# paths relative to the working directory and to a directory descriptor
	cd "$home"; ALSO_READ=secret READ_AT="$home" READ_AT_NAME=secret2 run $runner "$FILEOPS" a
	cd - >/dev/null
	like "$out" "read secret: ok" "$runner: unconfined, the read relative to the working directory succeeds"
	like "$out" "readat secret2: ok" "$runner: ... and so does the one relative to a directory descriptor"
	cd "$home"; ALSO_READ=secret READ_AT="$home" READ_AT_NAME=secret2 run $runner "$SANDBOX_RUN" --diagnose -p file "$FILEOPS" a
	cd - >/dev/null
	like "$out" "read a: ok" "$runner: --diagnose: the relative input is read"
	like "$out" "read secret: EACCES" "$runner: ... a relative read of secret is refused"
	like "$out" "readat secret2: EACCES" "$runner: ... and so is secret2 through a directory descriptor"
	like "$errs" "$refusal read $home/secret \(openat\)" "$runner: a path relative to the working directory is reported absolute"
	like "$errs" "$refusal read $home/secret2 \(openat\)" "$runner: a path relative to a directory descriptor is reported absolute"
	unlike "$errs" "$home/a" "$runner: the relative input a is not reported"

	# report mode reports and changes nothing: the working directory (not
	# granted) opened for reading, as troff opens a file named '', is
	# refused alike in both modes
	cd "$home"; ALSO_READ=./ run $runner "$FILEOPS"; cd - >/dev/null
	is "$out" "list ./: ok" "$runner: unconfined, the probe lists its working directory"
	cd "$home"; ALSO_READ=./ run $runner "$SANDBOX_RUN" -p file "$FILEOPS"; cd - >/dev/null
	is "$out|$errs" "list ./: EACCES|" "$runner: deny mode: listing it is refused, nothing reported"
	cd "$home"; ALSO_READ=./ run $runner "$SANDBOX_RUN" --diagnose -p file "$FILEOPS"; cd - >/dev/null
	is "$out" "list ./: EACCES" "$runner: --diagnose: refused the same"
	like "$errs" "$refusal list $home \(openat\): add \"read = $home\"" "$runner: ... and reported, as the directory"

	# the same with groff (corpus-roff.t's hdtbl examples, once run with an
	# empty word): its result is deny mode's, plus the report
	echo hello >"$home/doc"; [ "$runner" = as_nobody ] && chown nobody:nogroup "$home/doc"
	for how in bare deny diagnose; do
		case $how in
		bare) sr=() ;; deny) sr=("$SANDBOX_RUN") ;; diagnose) sr=("$SANDBOX_RUN" --diagnose) ;;
		esac
		(cd "$home" && $runner "${sr[@]}" groff -Tutf8 '' doc >"$err.$how.out" 2>"$err.$how"
			echo "$?" >"$err.$how.rc")
	done
	is "$(cat "$err.bare.rc")|$(grep -c hello "$err.bare.out")" "0|1" \
		"$runner: unconfined, groff -Tutf8 '' doc reads '' as an empty file and exits 0"
	is "$(cat "$err.deny.rc")|$(cat "$err.deny")" "1|troff: fatal error: can't open '': Permission denied" \
		"$runner: deny mode: troff cannot open '' (the working directory), exit 1"
	is "$(cat "$err.diagnose.rc")|$(grep -v '^sandbox-run: ' "$err.diagnose")" \
		"$(cat "$err.deny.rc")|$(cat "$err.deny")" "$runner: --diagnose: the same exit status and error"
	cmp -s "$err.deny.out" "$err.diagnose.out"; ok $? "$runner: --diagnose: the same output"
	like "$(grep '^sandbox-run: ' "$err.diagnose")" \
		"^sandbox-run: groff\[[0-9]+\] \(running troff\): Landlock refuses list $home \(openat\): add \"read = $home\"" \
		"$runner: --diagnose: the one report names the working directory"
	is "$(grep -c '^sandbox-run: ' "$err.diagnose")" 1 "$runner: ... and is the only one"
	(cd "$home" && $runner "$SANDBOX_RUN" --diagnose groff -Tutf8 doc >"$err.word.out" 2>"$err.word")
	is "$?|$(cat "$err.word")" "0|" "$runner: --diagnose: without the empty word, exit 0 and no report"
	cmp -s "$err.bare.out" "$err.word.out"; ok $? "$runner: ... and the output of the bare run"

	# names that mean the caller: the target's, not the supervisor's
	ALSO_READ=/proc/self/status:/dev/stdin run $runner "$FILEOPS" <"$home/secret2"
	like "$out" "read /dev/stdin: ok" "$runner: unconfined, /dev/stdin can be opened again"
	ALSO_READ=/proc/self/status:/dev/stdin run $runner "$SANDBOX_RUN" --diagnose -p file "$FILEOPS" "$home/a" <"$home/secret2"
	like "$out" "read /dev/stdin: EACCES" "$runner: --diagnose: opening /dev/stdin again is refused"
	like "$errs" "$refusal read $home/secret2 \(openat\)" "$runner: ... and reported as the file on the target's standard input"
	like "$errs" "$refusal read /proc/self/status \(openat\): add \"read = /proc/self/status\"" \
		"$runner: /proc/self is the target's, and named so"

	# writing and creating
	ALSO_WRITE="$home/b:$home/new" run $runner "$SANDBOX_RUN" --diagnose -p "$fileops_ini" "$FILEOPS" "$home/a"
	like "$out" "write $home/b: EACCES" "$runner: --diagnose: writing b is refused"
	like "$out" "write $home/new: EACCES" "$runner: --diagnose: creating new is refused"
	like "$errs" "$refusal write $home/b \(openat\): add \"write = $home/b\" to \[filesystem\] of $fileops_ini" \
		"$runner: a refused write names the write key"
	like "$errs" "$refusal create or remove $home/new \(openat\): files are created only as declared outputs" \
		"$runner: a refused create names declared outputs"
	is "$(cat "$home/b")" b "$runner: b is untouched"
	[ ! -e "$home/new" ]; ok $? "$runner: new was not created"
	ALSO_WRITE="$home/b:$home/new" run $runner "$FILEOPS"
	like "$out" "write $home/b: ok" "$runner: unconfined, writing b succeeds"
	like "$out" "write $home/new: ok" "$runner: unconfined, creating new succeeds"
	echo b > "$home/b"; rm -f "$home/new"

	# a declared output is the broker's: served, or refused and reported once
	ALSO_WRITE="$home/other" run $runner "$SANDBOX_RUN" --diagnose -p "$fileops_ini" "$FILEOPS" -o "$home/out" "$home/a"
	like "$out" "write $home/out: ok" "$runner: --diagnose: the declared output is written"
	like "$out" "write $home/other: EACCES" "$runner: ... another name in its directory is refused"
	unlike "$errs" "\]: Landlock refuses" "$runner: what the broker serves or refuses is not checked again"
	is "$(lines "$errs")" 1 "$runner: ... the broker's refusal is the one report"
	like "$errs" "other: not a declared output" "$runner: ... and it is that"

	# the [arguments] option that would declare a word of the command line
	run $runner "$SANDBOX_RUN" --diagnose -p "$home/words.ini" "$FILEOPS" -o "$home/b" "$home/a"
	like "$errs" "$refusal write $home/b \(openat\): it is argv\[2\], the value of -o: add \"-o\" to \"output-options =\" in \[arguments\] of $home/words.ini" \
		"$runner: an option's value names output-options"
	like "$errs" "$refusal read $home/a \(openat\): it is argv\[3\], an operand: \"operands = input\" in \[arguments\] of $home/words.ini" \
		"$runner: an operand names operands = input"

	# a file name cannot forge a report line
	nl="$home/evil
sandbox-run forged"
	echo x > "$nl"; [ "$runner" = as_nobody ] && chown nobody:nogroup "$nl"
	ALSO_READ="$nl" run $runner "$SANDBOX_RUN" --diagnose -p file "$FILEOPS" "$home/a"
	is "$(lines "$errs")" 1 "$runner: a refused name with a newline is one report line"
	like "$errs" "$refusal read $home/evil\?sandbox-run forged \(openat\)" "$runner: ... with the control character masked"

	# beneath a directory operand: its listing only is granted
	mkdir -p "$home/tree"; echo inner > "$home/tree/inner"
	[ "$runner" = as_nobody ] && chown -R nobody:nogroup "$home/tree"
	ALSO_READ="$home/tree/inner" run $runner "$SANDBOX_RUN" --diagnose -p file "$FILEOPS" "$home/tree"
	like "$out" "list $home/tree: ok" "$runner: --diagnose: the directory operand is listed"
	like "$out" "read $home/tree/inner: EACCES" "$runner: ... a file beneath it is refused"
	like "$errs" "$refusal read $home/tree/inner \(openat\): it is beneath the directory operand $home/tree, .*\"directory-operands = tree\"" \
		"$runner: ... and the report names directory-operands = tree"
	unlike "$errs" "list $home/tree" "$runner: the listing the broker serves is not reported"

	# the directory of a declared input: gzip opens it to open the input
	# relative to it, is refused the listing, and reads the input by its
	# full name; the report says so instead of offering to grant the
	# directory (which would be a new grant per input)
	printf 'one\ntwo\n' | gzip -n >"$home/tree/in.gz"
	[ "$runner" = as_nobody ] && chown nobody:nogroup "$home/tree/in.gz"
	run $runner zcat "$home/tree/in.gz"
	bare=$out
	is "$bare" "$(printf 'one\ntwo')" "$runner: unconfined, zcat reads its input"
	run $runner "$SANDBOX_RUN" --diagnose zcat "$home/tree/in.gz"
	is "$out" "$bare" "$runner: --diagnose: zcat's output is the same"
	like "$errs" "^sandbox-run: zcat\[[0-9]+\] \(running gzip\): Landlock refuses list $home/tree \(openat\): it is the directory of argv\[1\], a declared input, .*\(gzip does\) loses nothing" \
		"$runner: ... its input's directory is reported as such, with no grant offered"
	unlike "$errs" "add \"read = $home/tree\"" "$runner: ... not as a directory to add to [filesystem]"
	run $runner "$SANDBOX_RUN" zcat "$home/tree/in.gz"
	is "$out|$errs" "$bare|" "$runner: deny mode: the same output, nothing reported"

	# executing
	script='/usr/bin/true && echo true ran; /usr/bin/id -u >/dev/null && echo id ran'
	like "$($runner /bin/sh -c "$script" 2>&1)" "id ran" "$runner: unconfined, the shell runs id"
	run $runner "$SANDBOX_RUN" --diagnose -p "$home/sh.ini" /bin/sh -c "$script"
	is "$out" "true ran" "$runner: --diagnose: the exec entry runs, id does not"
	like "$errs" "^sandbox-run: sh\[[0-9]+\]: Landlock refuses execute /usr/bin/id \(execve\): add \"exec = /usr/bin/id\" to \[filesystem\] of $home/sh.ini" \
		"$runner: a refused exec names the exec key"
	unlike "$errs" "/usr/bin/true" "$runner: the granted exec is not reported"
done

# one option for one run: --diagnose is report mode, nothing else
"$SANDBOX_RUN" --diagnose --on-violation=deny true 2>"$err"
is "$?" 125 "--diagnose with --on-violation=deny: exit 125"
like "$(cat "$err")" "^sandbox-run: --diagnose and --on-violation=deny exclude each other" "... one line saying so"
like "$("$SANDBOX_RUN" --diagnose --explain -p file "$FILEOPS")" "denied calls go to the supervisor" \
	"--diagnose --explain: the supervisor receives the calls"
like "$("$SANDBOX_RUN" --help)" "--diagnose" "--help lists --diagnose"
done_testing
