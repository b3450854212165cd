# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for the external corpus tests (tests/compat/corpus-*.t; bash,
# sourced after tap.sh and compat.sh): crafted inputs from other projects'
# test suites, kept in shared/ beside the source tree and never copied into
# it. Its SOURCES names each set: "DIRECTORY [(PATTERNS)] | REPOSITORY |
# COMMIT | PATHS TAKEN | FILES". A tool runs on the sets SOURCES says hold
# its kind of file, alone and under sandbox-run, each run in the same
# empty working directory: standard output, standard error, exit status and
# the files it leaves there must be identical, and the sandboxed run must
# report nothing (with --diagnose when this build has it, a file the policy
# refuses is reported too, so a silent refusal fails the check).
CORPUS=${CORPUS:-$top_srcdir/../shared/corpora/external}
if [ ! -f "$CORPUS/SOURCES" ]; then
	echo "1..0 # SKIP the external corpus is not at $CORPUS (shared/corpora/external beside the source tree)"
	exit 0
fi
CORPUS=$(cd "$CORPUS" && pwd -P)
# The report mode that also names refused file accesses.
if "$SANDBOX_RUN" --help 2>/dev/null | grep -q -- '--diagnose'; then
	case " $SR_ARGS " in *" --diagnose "*) ;; *) SR_ARGS="$SR_ARGS --diagnose" ;; esac
	DIAGNOSE=1
else
	DIAGNOSE=0
fi
# Dates a tool writes into what it makes (groff -Tps/-Tpdf, gs): fixed.
export SOURCE_DATE_EPOCH=1700000000
# Inputs that fail are named, up to this many per tool.
CORPUS_SHOW=${CORPUS_SHOW:-5}
# Seconds a run may take: some inputs are made to never end (libarchive's
# test_read_filter_gzip_recursive.gz, a gzip quine). An input the tool
# alone does not finish with in time is left out, and said so.
CORPUS_TIMEOUT=${CORPUS_TIMEOUT:-8}
# PROGRAM:INPUT that ran out of time once: left out of that program's
# other runs at once (bsdtar -tf after bsdtar -tvf, nobody after root).
declare -A CORPUS_SLOW=()

# A set is named by the first field of its SOURCES line: its directory,
# and the patterns in parentheses after it when several sets share one
# ("compressed (zstd-*)").
corpus_lines() { sed -e '/^#/d' -e '/^[[:space:]]*$/d' "$CORPUS/SOURCES"; }
corpus_sets() { corpus_lines | sed -e 's/[[:space:]]*|.*//'; }

# corpus_set NAME: the files of the set NAME (a whole first field), or of
# every set in directory NAME; sorted, NUL-separated.
corpus_set() {
	local name=$1 line key dir pats p
	while IFS= read -r line; do
		key=${line%%|*} key=${key%"${key##*[! ]}"}
		dir=${key%% (*}
		[ "$key" = "$name" ] || [ "$dir" = "$name" ] || continue
		pats=
		case $key in *'('*')'*) pats=${key#*(} pats=${pats%%)*} ;; esac
		if [ -z "$pats" ]; then
			find "$CORPUS/$dir" -type f -print0
		else
			for p in $pats; do
				find "$CORPUS/$dir" -maxdepth 1 -type f -name "$p" -print0
			done
		fi
	done < <(corpus_lines) | sort -zu
}

# corpus_pick NAME PATTERN...: the files of set NAME whose names match one
# of the shell patterns (SOURCES' notes: archives/ also feeds zcat, ...).
corpus_pick() {
	local name=$1 f p
	shift
	while IFS= read -r -d '' f; do
		for p in "$@"; do
			# shellcheck disable=SC2254 # the pattern is meant to match
			case ${f##*/} in $p) printf '%s\0' "$f"; break ;; esac
		done
	done < <(corpus_set "$name")
}

# corpus_sets_listed: every set of SOURCES is there with the number of
# files SOURCES gives (a missing set would quietly shrink a tool's inputs).
corpus_sets_listed() {
	local line name want got
	while IFS= read -r line; do
		name=${line%%|*} name=${name%"${name##*[! ]}"}
		want=${line##*|} want=${want// /}
		got=$(corpus_set "$name" | tr -cd '\0' | wc -c)
		is "$got" "$want" "corpus set $name: the $want files SOURCES lists"
	done < <(corpus_lines)
}

# Both runs of an input work in the same directory, outside /tmp (which
# profiles treat apart) and granted by no profile, like a user's own.
CORPUS_CWD=$(tap_home)/run

# corpus_run HOW PREFIX CMD...: run CMD (alone, or sandboxed when HOW is
# got) in the empty directory $CORPUS_CWD as $RUN; PREFIX.out, .err, .rc,
# and PREFIX.d: what it left in the directory. CORPUS_PIPE=1: standard
# output is a pipe (less), else a file.
corpus_run() {
	local how=$1 prefix=$2
	shift 2
	rm -rf "$CORPUS_CWD" "$prefix.d"
	mkdir -m 777 "$CORPUS_CWD"
	if [ "$how" = got ]; then set -- "$SANDBOX_RUN" $SR_ARGS "$@"
	elif [ -n "${CORPUS_WITHOUT:-}" ]; then set -- env PATH="$(corpus_path_without)" "$@"; fi
	set -- timeout -k 5 "$CORPUS_TIMEOUT" "$@"
	if [ "${CORPUS_PIPE:-0}" = 1 ]; then # standard output a pipe
		(cd "$CORPUS_CWD" && $RUN "$@" 2>"$prefix.err" </dev/null | cat >"$prefix.out"
			exit "${PIPESTATUS[0]}")
	else
		(cd "$CORPUS_CWD" && $RUN "$@" >"$prefix.out" 2>"$prefix.err" </dev/null)
	fi
	echo $? >"$prefix.rc"
	mv "$CORPUS_CWD" "$prefix.d"
	[ "$how" = got ] && corpus_expected_reports "$prefix.err"
}

# Programs a profile refuses on purpose, and says why in its comment, so
# that the tool behaves as where they are not installed: CORPUS_WITHOUT
# (names, space-separated) are left out of the bare run's $PATH, and the
# sandboxed run must come out the same as that (file.ini: lrzip).
CORPUS_WITHOUT=
# corpus_path_without: a directory for $PATH holding a link to every
# program on $PATH but those CORPUS_WITHOUT names; made once per list.
corpus_path_without() {
	local dir=$CT/path-without-${CORPUS_WITHOUT// /-} d n
	if [ ! -d "$dir" ]; then
		mkdir -m 755 "$dir.new"
		local IFS=:
		for d in $PATH; do
			# the first of a name on $PATH wins, as it would; ln says
			# nothing of the later ones, which are there already
			[ -d "$d" ] && ln -s -t "$dir.new" "$d"/* 2>/dev/null
		done
		IFS=' '
		for n in $CORPUS_WITHOUT; do rm -f "$dir.new/$n"; done
		mv "$dir.new" "$dir"
	fi
	echo "$dir"
}

# Reports a profile makes on purpose and documents, of refusals the tool
# recovers from: CORPUS_EXPECTED maps a report (an extended regular
# expression) to the reason. Such lines are taken out of the sandboxed
# run's stderr, named once; the output must still be the same.
declare -A CORPUS_EXPECTED=() CORPUS_EXPECTED_SEEN=()
corpus_expected_reports() {
	compat_expected_reports "$1" CORPUS_EXPECTED CORPUS_EXPECTED_SEEN
}

# corpus_why: why $CT/got.* differs from $CT/want.* (compat_why, and the
# files written), empty if it does not. STABLE (from corpus_stable) leaves
# out what differs between two bare runs.
corpus_why() {
	local why="" skip=${STABLE_SKIP:-}
	case $skip in *out*) cp "$CT/want.out" "$CT/got.out" ;; esac
	case $skip in *err*) grep '^sandbox-run:' "$CT/got.err" >"$CT/got.rep"
		cat "$CT/want.err" "$CT/got.rep" >"$CT/got.err" ;; esac
	case $skip in *files*) ;; *)
		diff -r -q "$CT/want.d" "$CT/got.d" >/dev/null 2>&1 || why="the files written differ; " ;;
	esac
	printf '%s%s' "$why" "$(compat_why)"
}

# corpus_stable CMD...: after a difference, a second bare run: the parts
# that differ between the two bare runs go to STABLE_SKIP (out, err,
# files), and are left out of the comparison.
corpus_stable() {
	local skip=""
	mkdir -p "$CT/want1"
	mv "$CT/want.out" "$CT/want.err" "$CT/want.rc" "$CT/want1/" && rm -rf "$CT/want1/d" &&
		mv "$CT/want.d" "$CT/want1/d"
	corpus_run want "$CT/want" "$@"
	cmp -s "$CT/want.out" "$CT/want1/want.out" || skip="$skip out"
	if [ "$ERR_ORDER" = any ]; then
		cmp -s <(sort "$CT/want.err") <(sort "$CT/want1/want.err") || skip="$skip err"
	else
		cmp -s "$CT/want.err" "$CT/want1/want.err" || skip="$skip err"
	fi
	diff -r -q "$CT/want.d" "$CT/want1/d" >/dev/null 2>&1 || skip="$skip files"
	cmp -s "$CT/want.rc" "$CT/want1/want.rc" || skip="$skip rc"
	STABLE_SKIP=$skip
}

# corpus_one CMD... INPUT: 0 when the runs agree; otherwise the reason in
# $CT/why, and 1. A part that differs between two bare runs is left out of
# the comparison (named in $CT/unstable); an input whose exit status is
# not even stable, or that the tool alone does not finish with in
# CORPUS_TIMEOUT seconds, is left out whole (status 2, the reason in
# $CT/unstable).
corpus_one() {
	local why
	STABLE_SKIP=
	: >"$CT/unstable"
	corpus_run want "$CT/want" "$@"
	if [ "$(cat "$CT/want.rc")" = 124 ]; then
		echo " (the tool alone ran out of ${CORPUS_TIMEOUT}s)" >"$CT/unstable"
		return 2
	fi
	corpus_run got "$CT/got" "$@"
	why=$(corpus_why)
	[ -z "$why" ] && return 0
	corpus_stable "$@"
	if [ -n "$STABLE_SKIP" ]; then
		echo " (not stable between two bare runs:$STABLE_SKIP)" >"$CT/unstable"
		case $STABLE_SKIP in *rc*) return 2 ;; esac
		# compare with the second bare run, on the stable part
		why=$(corpus_why)
		[ -z "$why" ] && return 0
	fi
	printf '%s' "$why" >"$CT/why"
	return 1
}

# corpus_compare DESC MIN BATCH CMD... -- INPUT...: CMD INPUT, alone and
# sandboxed, for each input (BATCH 1) or BATCH inputs at a time (a batch
# that differs is run again one input at a time, to name the inputs); one
# TAP line; at least MIN inputs. See corpus_cmd for "{}" and CORPUS_OPTS.
corpus_compare() {
	local desc=$1 min=$2 batch=$3 cmd=() bad=0 n left=() i j s line
	shift 3
	while [ $# -gt 0 ] && [ "$1" != -- ]; do cmd+=("$1"); shift; done
	shift
	n=$#
	local inputs=("$@")
	for ((i = 0; i < n; i += batch)); do
		if [ "$batch" = 1 ] && corpus_refused "${inputs[i]}"; then continue; fi
		if [ "$batch" = 1 ] && [ -n "${CORPUS_SLOW[${cmd[0]}:${inputs[i]}]:-}" ]; then
			echo " (the tool alone ran out of ${CORPUS_TIMEOUT}s before)" >"$CT/unstable"
			corpus_tally 2 "${inputs[i]}"
			continue
		fi
		s=0
		mapfile -t line < <(corpus_cmd "${inputs[@]:i:batch}")
		corpus_one "${line[@]}" || s=$?
		[ "$s" = 0 ] && continue
		if [ "$batch" -gt 1 ]; then
			for ((j = i; j < i + batch && j < n; j++)); do
				corpus_refused "${inputs[j]}" && continue
				s=0
				mapfile -t line < <(corpus_cmd "${inputs[j]}")
				corpus_one "${line[@]}" || s=$?
				corpus_tally "$s" "${inputs[j]}"
			done
		else
			corpus_tally "$s" "${inputs[i]}"
		fi
	done
	[ ${#left[@]} = 0 ] || diag "${cmd[*]}: left out: ${left[*]}"
	if [ "$n" -lt "$min" ]; then
		ok 1 "$desc: only $n corpus inputs, $min expected"
	else
		is "$bad" 0 "$desc: $n corpus inputs ($RUN_NAME), same output and files, nothing reported"
	fi
}

# Differences a profile makes on purpose and documents: CORPUS_REFUSED
# maps what file(1) says of an input (an extended regular expression) to
# the reason. Such an input is not compared (one input a run, or when its
# batch differs): the sandboxed run must fail (exit status not 0) where
# the profile refuses, and is named.
declare -A CORPUS_REFUSED=()

# corpus_refused INPUT (inside corpus_compare, one input a run): 0 when
# INPUT is refused on purpose and the sandboxed run fails; counted.
corpus_refused() {
	local what re
	[ ${#CORPUS_REFUSED[@]} -gt 0 ] || return 1
	what=$(file -b "$1")
	for re in "${!CORPUS_REFUSED[@]}"; do
		printf '%s' "$what" | grep -Eq -- "$re" || continue
		mapfile -t line < <(corpus_cmd "$1")
		corpus_run got "$CT/got" "${line[@]}"
		if [ "$(cat "$CT/got.rc")" != 0 ]; then
			diag "${cmd[*]} ${1##*/}: refused on purpose (${CORPUS_REFUSED[$re]}), exit $(cat "$CT/got.rc")"
		else
			bad=$((bad + 1))
			diag "${cmd[*]} ${1##*/}: should be refused (${CORPUS_REFUSED[$re]}) but exited 0"
		fi
		return 0
	done
	return 1
}

# corpus_cmd INPUT... (inside corpus_compare): the command line for these
# inputs, one word a line (words have no newline): CMD with "{}" replaced by the input (one input
# a run), or CMD, the words CORPUS_OPTS (a function) prints for the input,
# and the inputs. An empty line is an empty word: CORPUS_OPTS prints
# nothing at all for an input that takes no options.
corpus_cmd() {
	local w placed=0
	for w in "${cmd[@]}"; do
		if [ "$w" = "{}" ]; then echo "$1"; placed=1; else echo "$w"; fi
	done
	[ -z "${CORPUS_OPTS:-}" ] || "$CORPUS_OPTS" "$1"
	[ "$placed" = 1 ] || printf '%s\n' "$@"
}

# corpus_tally STATUS INPUT (inside corpus_compare): count and show.
corpus_tally() {
	case $1 in
	0) [ -s "$CT/unstable" ] && diag "${cmd[*]} ${2##*/}: compared on the stable part$(cat "$CT/unstable")" ;;
	2)
		left+=("${2##*/}$(cat "$CT/unstable")")
		grep -q 'ran out' "$CT/unstable" && CORPUS_SLOW[${cmd[0]}:$2]=1
		;;
	*)
		bad=$((bad + 1))
		if [ "$bad" -le "$CORPUS_SHOW" ]; then
			diag "${cmd[*]} ${2#"$CORPUS"/}:"
			compat_show "$(cat "$CT/why")"
			diff -r "$CT/want.d" "$CT/got.d" 2>&1 | head -4 | sed 's/^/# /'
		fi
		;;
	esac
}

# Who runs both commands: "root" and "nobody" (as_nobody), as asked.
RUN_NAME=root
corpus_as() { # corpus_as root|nobody
	RUN_NAME=$1 RUN=
	[ "$1" = nobody ] && [ "$(id -u)" = 0 ] && RUN=as_nobody
}

# corpus_runners: root and nobody when root, else only the current user.
corpus_runners() {
	if [ "$(id -u)" = 0 ]; then echo "root nobody"; else id -un; fi
}
[ "$(id -u)" = 0 ] || RUN_NAME=$(id -un)

