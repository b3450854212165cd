#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs each libFuzzer harness for FUZZ_SECONDS (default 60) from the seed
# corpus: the shipped profiles, drop-ins and preload rules, and
# tests/fuzz/corpus. Built only by ./configure CC=clang --enable-fuzzing; CI
# runs it with `make check TESTS=tests/fuzz/fuzzers.t` in that build.
#
# A crash fails the test and leaves the input in the build directory's
# tests/fuzz/artifacts/; copy it to tests/fuzz/regressions/HARNESS/ with the
# fix, and replay.t keeps it fixed in every build.
source "$top_srcdir/tests/lib/tap.sh"
fuzz=$top_srcdir/tests/fuzz
seconds=${FUZZ_SECONDS:-60}
artifacts=$top_builddir/tests/fuzz/artifacts
mkdir -p "$artifacts"
tmp=$(tap_tmp)
mkdir -p "$tmp/policy" "$tmp/args"

cp "$top_srcdir"/profiles/*.ini "$fuzz"/corpus/policy/* "$tmp/policy/" 2>/dev/null
for d in "$top_srcdir"/profiles/*.ini.d "$top_srcdir"/profiles/preload.d; do
	[ -d "$d" ] && cp "$d"/*.ini "$tmp/policy/" 2>/dev/null
done
for rule in "$top_srcdir"/profiles/preload.d/*.ini; do
	[ -e "$rule" ] || continue
	{ cat "$top_srcdir/profiles/file.ini"; printf '\0'; cat "$rule"; } \
		>"$tmp/policy/file+$(basename "$rule")"
done
cp "$fuzz"/corpus/args/* "$tmp/args/"

for harness in policy args; do
	bin=$top_builddir/tests/fuzz/fuzz-$harness
	if [ ! -x "$bin" ]; then
		skip "fuzz-$harness" "not built (./configure CC=clang --enable-fuzzing)"
		continue
	fi
	# fuzz-policy jumps back from die() over the frames that would have
	# freed (the real program exits there at once), so LeakSanitizer would
	# report those; its leaks are checked by tests/hostile/leaks.t instead.
	# fuzz-args never dies: it is checked for leaks here.
	leaks=1
	[ "$harness" = policy ] && leaks=0
	# -detect_leaks=0 stops libFuzzer's own checks only: LeakSanitizer's
	# report at exit would still count every die() of the whole run.
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=$leaks "$bin" -detect_leaks=$leaks -max_total_time="$seconds" -timeout=10 -rss_limit_mb=1024 -max_len=8192 \
		-dict="$fuzz/profile.dict" -artifact_prefix="$artifacts/$harness-" \
		-print_final_stats=1 "$tmp/$harness" >"$tmp/$harness.log" 2>&1
	status=$?
	ok $status "fuzz-$harness: ${seconds}s without a crash or sanitizer report"
	if [ $status != 0 ]; then
		grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "$tmp/$harness.log" |
			head -20 | sed 's/^/# /'
	else
		diag "$(grep -E 'stat::number_of_executed_units' "$tmp/$harness.log")"
	fi
done
done_testing
