# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for the supervisor tests (bash); source after tests/lib/tap.sh.
DENIER=$top_builddir/tests/supervise/denier

# write_profile FILE PROMISES [LINE...]: a profile of our own, so the tests
# do not depend on the shipped ones.
write_profile() {
	local file=$1 promises=$2
	shift 2
	{
		printf '[profile]\ndescription = supervisor test\npromises = %s\n' "$promises"
		printf '%s\n' "$@"
	} >"$file"
	chmod 644 "$file"
}

# sandbox_processes MARKER: pids of processes started as sandbox-run whose
# command line contains MARKER (a temporary path only this test uses). A
# target has exec'd something else by then: what is left is a supervisor
# or a launcher that never got as far as its exec.
sandbox_processes() {
	pgrep -f -- "^$(re_quote "$SANDBOX_RUN") .*$(re_quote "$1")"
}

# wait_no_sandbox_processes MARKER: succeeds once none is left; a bounded
# wait (30 s), since a supervisor exits just after its last process.
wait_no_sandbox_processes() {
	local i
	for i in $(seq 300); do
		[ -z "$(sandbox_processes "$1")" ] && return 0
		sleep 0.1
	done
	diag "left over: $(sandbox_processes "$1" | xargs -r ps -o pid,ppid,stat,args -p)"
	return 1
}

# wait_for_line FILE REGEX: bounded wait (30 s) until FILE has a matching line.
wait_for_line() {
	local i
	for i in $(seq 300); do
		grep -Eq -- "$2" "$1" 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}

# The remedy part of a report line, as a regular expression.
re_quote() { printf '%s' "$1" | sed 's/[][\.*^$(){}?+|/]/\\&/g'; }

# is_golden GOLDEN OUTPUT: one test, OUTPUT equals the golden file; prints
# the difference when not. SR_REGENERATE_GOLDEN=1 rewrites GOLDEN first.
is_golden() {
	if [ -n "${SR_REGENERATE_GOLDEN:-}" ]; then
		cp "$2" "$1"
		diag "regenerated $1"
	fi
	diff -u "$1" "$2" >"$2.diff"
	ok $? "the output is the golden one (${1#"$top_srcdir"/})"
	[ -s "$2.diff" ] && sed 's/^/# /' "$2.diff" | head -40
	return 0
}

# like_lines TEXT DESCRIPTION REGEX...: one test, TEXT has consecutive lines
# matching each REGEX in turn (like() with grep sees each line alone).
like_lines() {
	local text=$1 desc=$2
	shift 2
	local -a lines pats=("$@")
	mapfile -t lines <<<"$text"
	local i j
	for ((i = 0; i + ${#pats[@]} <= ${#lines[@]}; i++)); do
		for ((j = 0; j < ${#pats[@]}; j++)); do
			printf '%s\n' "${lines[i + j]}" | grep -Eq -- "${pats[j]}" || break
		done
		if ((j == ${#pats[@]})); then
			ok 0 "$desc"
			return
		fi
	done
	ok 1 "$desc"
	printf '#   no consecutive lines match: %s\n' "${pats[@]}"
}
