# SPDX-License-Identifier: GPL-2.0-or-later
# Merging the TAP of tests run elsewhere (a guest kernel, a chroot) into
# this test's own stream (bash, sourced after tap.sh): tests/kernels/matrix.t
# and tests/drift/drift.t.

# tap_merge PREFIX TAP-FILE: the sub-test's results renumbered into this
# stream, each described "PREFIX: ..."; its comments kept, other lines as
# comments. A failure marked "# TODO" is not counted. Sets $planned (empty
# when the sub-test printed no plan) and $results.
tap_merge() {
	local prefix=$1 line rest
	planned= results=0
	while IFS= read -r line; do
		case $line in
		"ok "* | "not ok "*)
			results=$((results + 1))
			rest=${line#ok }
			[ "$line" = "$rest" ] && rest=${line#not ok }
			rest=$(printf '%s' "$rest" | sed -E 's/^[0-9]+ *(- *)?//')
			tap_n=$((tap_n + 1))
			case $line in
			ok*) echo "ok $tap_n - $prefix: $rest" ;;
			*)
				echo "not ok $tap_n - $prefix: $rest"
				case $rest in *"# TODO"*) ;; *) tap_failed=$((tap_failed + 1)) ;; esac
				;;
			esac
			;;
		1..0*) planned=0 && echo "# $prefix: $line" ;;
		1..*) planned=${line#1..} && planned=${planned%% *} ;;
		"Bail out!"*) ok 1 "$prefix: $line" ;;
		"#"*) echo "$line" ;;
		*) [ -n "$line" ] && echo "# $line" ;;
		esac
	done <"$2"
}

# tap_merge_verdict PREFIX RC SECONDS STDERR-FILE: one result saying the
# sub-test ran to its plan and exited 0 (124: timed out), after tap_merge;
# on failure the last lines of its standard error as comments.
tap_merge_verdict() {
	local prefix=$1 rc=$2 secs=$3 err=$4 why=
	[ "$rc" = 0 ] || why="exit $rc$([ "$rc" = 124 ] && echo ' (timed out)')"
	[ -n "$planned" ] || why="${why:+$why, }no plan"
	[ -z "$planned" ] || [ "$planned" = "$results" ] || why="${why:+$why, }$results results of $planned planned"
	if [ -z "$why" ]; then
		ok 0 "$prefix: ran to its plan, exit 0 (${secs}s)"
	else
		ok 1 "$prefix: ran to its plan, exit 0 (${secs}s): $why"
		grep -v '^$' "$err" 2>/dev/null | tail -n 5 | sed 's/^/#   stderr: /'
	fi
}
