# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for the compatibility tests (bash, sourced after tap.sh): a
# command run under sandbox-run must print the same bytes on standard
# output and standard error and exit the same way as the command alone,
# and the sandboxed run must report nothing (a "sandbox-run:" line on
# standard error is a denial or a warning, and counts as a failure).
CT=$(tap_tmp)
RUN=${RUN:-}  # "" or as_nobody: who runs both commands
SR_ARGS=${SR_ARGS:-} # options for sandbox-run itself (-p FILE)
# "any" where several processes of a pipeline write to the same standard
# error at once: the same lines must come out, in whatever order the
# scheduler let them (which differs between two runs of the command alone).
ERR_ORDER=${ERR_ORDER:-exact}

# Reports made on purpose, of refusals the tool recovers from: an array
# mapping a report (an extended regular expression) to the reason.
# compat_expected_reports FILE ARRAY SEEN takes such lines out of FILE (the
# sandboxed run's stderr) and names each once (SEEN remembers); the output
# must still be the same. COMPAT_EXPECTED is the compat tests' own array,
# corpus.sh's CORPUS_EXPECTED the corpus tests'.
declare -A COMPAT_EXPECTED=() COMPAT_EXPECTED_SEEN=()
compat_expected_reports() {
	local file=$1 re
	local -n expected=$2 seen=$3
	[ ${#expected[@]} -gt 0 ] || return 0
	for re in "${!expected[@]}"; do
		grep -Eq -- "$re" "$file" || continue
		[ -n "${seen[$re]:-}" ] ||
			diag "expected report, on purpose: ${expected[$re]}: $(grep -Em1 -- "$re" "$file")"
		seen[$re]=1
		grep -Ev -- "$re" "$file" >"$file.kept"
		mv "$file.kept" "$file"
	done
}

compat_run() { # compat_run PREFIX CMD... : PREFIX.out, PREFIX.err, PREFIX.rc
	local prefix=$1
	shift
	$RUN "$@" >"$prefix.out" 2>"$prefix.err" </dev/null
	echo $? >"$prefix.rc"
	# the sandboxed run ($CT/got): reports made on purpose are named, once
	[ "$prefix" != "$CT/got" ] || compat_expected_reports "$prefix.err" COMPAT_EXPECTED COMPAT_EXPECTED_SEEN
}

# compat_why: why $CT/got.* (sandboxed) differs from $CT/want.*; empty if not.
compat_why() {
	local why=""
	cmp -s "$CT/want.out" "$CT/got.out" || why="standard output differs;"
	cmp -s "$CT/want.rc" "$CT/got.rc" || why="$why exit $(cat "$CT/want.rc") became $(cat "$CT/got.rc");"
	grep -q '^sandbox-run:' "$CT/got.err" && why="$why reported: $(grep -m1 '^sandbox-run:' "$CT/got.err")"
	[ -z "$why" ] && ! same_err && why="standard error differs"
	printf '%s' "$why"
}

same_err() {
	if [ "$ERR_ORDER" = any ]; then
		cmp -s <(sort "$CT/want.err") <(sort "$CT/got.err")
	else
		cmp -s "$CT/want.err" "$CT/got.err"
	fi
}

compat_show() { # compat_show WHY: the reason and the first differences
	diag "$1"
	diff "$CT/want.out" "$CT/got.out" | head -6 | sed 's/^/# /'
	diff "$CT/want.err" "$CT/got.err" | head -6 | sed 's/^/# /'
}

# same_output DESC CMD ARG...: CMD alone and under sandbox-run agree.
same_output() {
	local desc=$1 why
	shift
	compat_run "$CT/want" "$@"
	compat_run "$CT/got" "$SANDBOX_RUN" $SR_ARGS "$@"
	why=$(compat_why)
	if [ -z "$why" ]; then ok 0 "$desc"; else
		ok 1 "$desc"
		compat_show "$why"
	fi
}

# same_for_each DESC MIN CMD ARG... -- INPUT...: CMD ARG... INPUT for each
# input, alone and sandboxed; one TAP line; at least MIN inputs.
same_for_each() {
	local desc=$1 min=$2 cmd=() bad=0 n=0 why
	shift 2
	while [ $# -gt 0 ] && [ "$1" != -- ]; do cmd+=("$1"); shift; done
	shift
	for input in "$@"; do
		n=$((n + 1))
		compat_run "$CT/want" "${cmd[@]}" "$input"
		compat_run "$CT/got" "$SANDBOX_RUN" $SR_ARGS "${cmd[@]}" "$input"
		why=$(compat_why)
		[ -z "$why" ] && continue
		bad=$((bad + 1))
		[ $bad -le 3 ] && diag "${cmd[*]} $input:" && compat_show "$why"
	done
	if [ "$n" -lt "$min" ]; then
		ok 1 "$desc: only $n real inputs found, $min needed"
	else
		is "$bad" 0 "$desc: $n real inputs, same output"
	fi
}

# real_files N FIND-ARGS...: N regular files spread evenly over what find
# prints (sorted, so every run takes the same sample), NUL-separated.
real_files() {
	local n=$1
	shift
	find "$@" -type f -print0 2>/dev/null | sort -z |
		awk -v RS='\0' -v ORS='\0' -v n="$n" '{ f[NR] = $0 } END {
			step = NR / n; if (step < 1) step = 1
			for (i = 1; i <= NR && k < n; i += step) { print f[int(i)]; k++ } }'
}
