# SPDX-License-Identifier: GPL-2.0-or-later
# Exit status as env(1): the target's own (or death by its signal), 125
# when sandbox-run fails, 126 not executable, 127 not found; each failure
# with one "sandbox-run: ..." line that names the object. The target keeps
# sandbox-run's PID.
source "$top_srcdir/tests/lib/tap.sh"

sh_profile=$top_srcdir/tests/apply/sh.ini
tmp=$(tap_tmp)
printf 'not a program\n' > "$tmp/plain"
chmod 644 "$tmp/plain"
printf '[profile]\npromises = stdio rpath inett\n' > "$tmp/bad.ini"

status() { "$@" >/dev/null 2>&1; echo $?; }
one_line() { "$@" 2>&1 >/dev/null | wc -l; }

for runner in $(runners); do
	for code in 0 1 42; do
		is "$(status $runner "$SANDBOX_RUN" -p "$sh_profile" sh -c "exit $code")" "$code" \
			"$runner: the target's exit status $code is passed through"
	done
	is "$(status $runner "$SANDBOX_RUN" -p "$sh_profile" sh -c 'kill -TERM $$')" 143 \
		"$runner: death by SIGTERM is seen as by the shell (128+15)"
	is "$(status $runner "$SANDBOX_RUN" -p "$tmp/missing.ini" true)" 125 \
		"$runner: a missing profile file is exit 125"
	err=$($runner "$SANDBOX_RUN" -p "$tmp/bad.ini" true 2>&1 >/dev/null); rc=$?
	is "$rc" 125 "$runner: a bad profile is exit 125"
	like "$err" "^sandbox-run: $tmp/bad.ini:2: unknown promise \"inett\" \(did you mean \"inet\"\?\)$" \
		"$runner: ... with one line naming file:line and a suggestion"
	err=$($runner "$SANDBOX_RUN" true 2>&1); rc=$?
	is "$rc" 125 "$runner: a command without a profile is refused with 125"
	like "$err" "^sandbox-run: no profile for true .*--profile" "$runner: ... and the message says how to use --profile"
	is "$(status $runner "$SANDBOX_RUN" "$tmp/plain")" 126 "$runner: a file that is not executable is 126"
	is "$(one_line $runner "$SANDBOX_RUN" "$tmp/plain")" 1 "$runner: ... with one line"
	is "$(status $runner "$SANDBOX_RUN" "$tmp")" 126 "$runner: a directory is 126"
	is "$(status $runner "$SANDBOX_RUN" no-such-command-sr)" 127 "$runner: a command not on PATH is 127"
	like "$($runner "$SANDBOX_RUN" no-such-command-sr 2>&1)" "^sandbox-run: no-such-command-sr: command not found" \
		"$runner: ... naming the command"
	is "$(status $runner "$SANDBOX_RUN" "$tmp/none/x")" 127 "$runner: a path that does not exist is 127"
	is "$(status $runner "$SANDBOX_RUN" --no-such-option true)" 125 "$runner: a bad option is 125"
	cp "$top_srcdir/profiles/sandbox-run.conf" "$tmp/writable.conf"
	chmod 666 "$tmp/writable.conf"
	err=$($runner "$SANDBOX_RUN" --config "$tmp/writable.conf" -p "$sh_profile" sh -c 'echo ran' 2>&1); rc=$?
	is "$rc" 125 "$runner: a sandbox-run.conf writable by others is refused with 125"
	like "$err" "writable.conf: the file is writable by group or others; refusing it \(chmod go-w" \
		"$runner: ... saying how to fix it, and the command did not run"
	unlike "$err" "^ran" "$runner: ... (no output from the command)"

	# Not through the $runner function: that would add a subshell's PID.
	pre=()
	[ "$runner" = as_nobody ] && pre=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
	"${pre[@]}" "$SANDBOX_RUN" -p "$sh_profile" sh -c 'echo $$' > "$tmp/pid" &
	launcher=$!
	wait "$launcher"
	is "$(cat "$tmp/pid")" "$launcher" "$runner: the target runs with the PID that started sandbox-run"
done
is "$(status "$SANDBOX_RUN" --help)" 0 "--help exits 0"
like "$("$SANDBOX_RUN" --help)" "Usage: sandbox-run \[OPTIONS\] \[--\] COMMAND" "--help shows the usage"
like "$("$SANDBOX_RUN" --version)" "^sandbox-run [0-9]" "--version prints the version"
done_testing
