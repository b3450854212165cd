#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The fuzz harnesses replay their seed corpus (the shipped profiles and
# preload rules, tests/fuzz/corpus) and every input a fuzzer once crashed on
# (tests/fuzz/regressions): none may crash, in any build; in the sanitizer
# build ASan and UBSan watch them too.
source "$top_srcdir/tests/lib/tap.sh"
fuzz=$top_srcdir/tests/fuzz
tmp=$(tap_tmp)

# A profile followed by a NUL byte and a preload rule: fuzz-policy's format.
with_rules() {
	local profile=$1 rule n=0
	for rule in "$top_srcdir"/profiles/preload.d/*.ini; do
		[ -e "$rule" ] || continue
		n=$((n + 1))
		{ cat "$profile"; printf '\0'; cat "$rule"; } >"$tmp/$(basename "$profile" .ini)+$(basename "$rule")"
	done
}
for p in "$top_srcdir"/profiles/*.ini; do with_rules "$p"; done

replay() { # replay DRIVER FILE...
	local driver=$1 f out leaks=1
	shift
	[ "$driver" = replay-policy ] && leaks=0
	for f in "$@"; do
		[ -e "$f" ] || continue
		# After die() the harness jumps over the frees (fuzz.h): no leak
		# check for replay-policy (tests/hostile/leaks.t covers those paths).
		out=$(ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=$leaks \
			"$top_builddir/tests/fuzz/$driver" "$f" 2>&1)
		ok $? "$driver survives ${f#"$top_srcdir"/}"
		[ -z "$out" ] || diag "$(printf '%s' "$out" | head -20)"
	done
}

replay replay-policy "$top_srcdir"/profiles/*.ini "$top_srcdir"/profiles/*.ini.d/*.ini \
	"$top_srcdir"/profiles/preload.d/*.ini "$tmp"/* "$fuzz"/corpus/policy/* \
	"$fuzz"/regressions/policy/*
replay replay-args "$fuzz"/corpus/args/* "$fuzz"/regressions/args/*
done_testing
