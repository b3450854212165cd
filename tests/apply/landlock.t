# SPDX-License-Identifier: GPL-2.0-or-later
# Landlock follows the declared inputs and outputs: what the command line
# names is granted, nothing else is; each denial is shown next to the same
# operation succeeding unconfined. As root (whose DAC would allow anything)
# and as an ordinary user.
source "$top_srcdir/tests/lib/tap.sh"

FILEOPS=$top_builddir/tests/apply/fileops
fileops_profile=$top_srcdir/tests/apply/fileops.ini

for runner in $(runners); do
	dir=$(tap_tmp)
	[ "$runner" = as_nobody ] && chown nobody:nogroup "$dir"
	for f in a b c secret existing; do echo "$f" > "$dir/$f"; done
	mkdir "$dir/tree" "$dir/out"; echo inside > "$dir/tree/inner"
	[ "$runner" = as_nobody ] && chown -R nobody:nogroup "$dir"

	# inputs
	got=$($runner "$SANDBOX_RUN" file "$dir/a" "$dir/b" "$dir/c" 2>&1)
	is "$got" "$($runner file "$dir/a" "$dir/b" "$dir/c")" "$runner: sandbox-run file a b c reads a, b and c"
	got=$(ALSO_READ=$dir/secret:/etc/shadow $runner "$SANDBOX_RUN" -p file "$FILEOPS" "$dir/a" "$dir/b" "$dir/c" 2>&1)
	like "$got" "read $dir/a: ok" "$runner: under file's profile, the declared input a is readable"
	like "$got" "read $dir/c: ok" "$runner: ... and c"
	like "$got" "read $dir/secret: EACCES" "$runner: ... but an undeclared file in the same directory is not"
	like "$got" "read /etc/shadow: EACCES" "$runner: ... nor /etc/shadow"
	unconfined=$(ALSO_READ=$dir/secret $runner "$FILEOPS" "$dir/a")
	like "$unconfined" "read $dir/secret: ok" "$runner: unconfined, the same read of secret succeeds"
	if [ "$runner" = as_root ]; then
		like "$(ALSO_READ=/etc/shadow "$FILEOPS")" "read /etc/shadow: ok" "as_root: unconfined, root reads /etc/shadow"
	fi
	got=$(ALSO_READ=/usr/bin/ls $runner "$SANDBOX_RUN" -p file "$FILEOPS" "$dir/a" 2>&1)
	like "$got" "read /usr/bin/ls: EACCES" "$runner: /usr/bin is not readable as a tree"

	# a declared input cannot be written
	got=$(ALSO_WRITE=$dir/a $runner "$SANDBOX_RUN" -p "$fileops_profile" "$FILEOPS" "$dir/a" 2>&1)
	like "$got" "write $dir/a: EACCES" "$runner: a file declared as input cannot be written"
	is "$(cat "$dir/a")" a "$runner: ... and still holds its content"
	like "$(ALSO_WRITE=$dir/b $runner "$FILEOPS")" "write $dir/b: ok" "$runner: unconfined, the same write succeeds"

	# directory operands: the directory itself, not what lies beneath
	got=$(ALSO_READ=$dir/tree/inner $runner "$SANDBOX_RUN" -p file "$FILEOPS" "$dir/tree" 2>&1)
	like "$got" "list $dir/tree: ok" "$runner: a directory operand can be listed (directory-operands = self)"
	like "$got" "read $dir/tree/inner: EACCES" "$runner: ... but files beneath it are not granted"

	# outputs: existing, created by the launcher, patterns; nothing else
	got=$(ALSO_WRITE=$dir/secret:$dir/other $runner "$SANDBOX_RUN" -p "$fileops_profile" "$FILEOPS" \
		-o "$dir/existing" -o "$dir/new" -o "$dir/out/page-%d.txt" "$dir/a" 2>&1)
	like "$got" "write $dir/existing: ok" "$runner: an existing declared output is written"
	like "$got" "write $dir/new: ok" "$runner: a new declared output is created and written"
	like "$got" "write $dir/out/page-2.txt: ok" "$runner: a %d output pattern may create files in its directory"
	like "$got" "write $dir/secret: EACCES" "$runner: an undeclared existing file cannot be written"
	like "$got" "write $dir/other: EACCES" "$runner: an undeclared new file cannot be created"
	is "$(cat "$dir/secret")" secret "$runner: ... secret is untouched"
	mode=$(stat -c %a "$dir/new")
	is "$mode" "$(printf '%o' $(( 0666 & ~0$(umask) )))" "$runner: the launcher creates a new output with 0666 less the umask"
done

# a #! script: the kernel runs its interpreter, which must be executable,
# and the interpreter reads the script, which must be readable
for runner in $(runners); do
	dir=$(tap_tmp)
	printf '#!/bin/sh\necho "script ran: $1"\n' > "$dir/script"
	chmod 755 "$dir/script"
	is "$($runner "$SANDBOX_RUN" -p "$top_srcdir/tests/apply/sh.ini" "$dir/script" arg 2>&1)" "script ran: arg" \
		"$runner: a #! script runs confined: its interpreter is granted with it"
done
like "$("$SANDBOX_RUN" --explain -p "$top_srcdir/tests/apply/sh.ini" "$dir/script")" \
	"read,execute /bin/sh: interpreter of $dir/script" "--explain names the script's interpreter"

# what --explain says about it
dir=$(tap_tmp); echo x > "$dir/in"
out=$("$SANDBOX_RUN" --explain -p "$fileops_profile" "$FILEOPS" -o "$dir/o" "$dir/in")
like "$out" "read $dir/in: declared input, argv\[3\]" "--explain names each input with its argv position"
like "$out" "creates or writes o in $(realpath "$dir"): declared output, argv\[2\] \(-o\)" "--explain names each output and who makes it (the supervisor)"
unlike "$out" "write $dir: " "--explain grants no output's directory to Landlock"
like "$out" "read,execute $FILEOPS: the command: read and execute" "--explain names the command as executable"
like "$out" "read,execute /lib64/ld-linux-x86-64.so.2: interpreter of" "--explain names its ELF interpreter"
like "$out" "system read set: shared libraries" "--explain names the system read set"
done_testing
