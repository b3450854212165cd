#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The man pages render without warnings, and they document exactly what the
# program has: every option of the parser's table in sandbox-run(1), every
# key of the profile, sandbox-run.conf and preload rule tables in their
# page, and nothing the tables do not have.
source "$top_srcdir/tests/lib/tap.sh"
docs=$top_srcdir/docs
pages="sandbox-run.1 sandbox-run.profile.5 sandbox-run.conf.5 sandbox-run.preload.5"

for page in $pages; do
	out=$(man --warnings -l "$docs/$page" 2>&1 >/dev/null)
	is "$out" "" "$page: man --warnings renders it without warnings"
	out=$(groff -ww -man -z "$docs/$page" 2>&1)
	is "$out" "" "$page: groff -ww -man finds nothing to warn about"
done

# "section.key" of each key documented in a page: a tagged paragraph
# (.TP) whose tag is "key = VALUE", under a heading naming the section in
# brackets ("THE [arguments] SECTION").
documented_keys() {
	awk '
	/^\.S[HS]/ { sec = ""; if (match($0, /\[[a-z-]+\]/)) sec = substr($0, RSTART + 1, RLENGTH - 2) }
	tag && sec != "" {
		line = $0
		gsub(/\\-/, "-", line); gsub(/\\f[BIRP]/, "", line); gsub(/"/, "", line)
		sub(/^\.[A-Z]+ */, "", line)
		if (match(line, /^[a-z][a-z-]* *=/)) { key = substr(line, RSTART, RLENGTH); sub(/ *=$/, "", key); print sec "." key }
	}
	{ tag = /^\.TP/ }' "$1" | sort -u
}

# Long options named in the OPTIONS section of sandbox-run(1).
documented_options() {
	awk '/^\.SH/ { in_opts = /OPTIONS/ } in_opts' "$1" | sed 's/\\-/-/g' |
		grep -oE -- '--[a-z][a-z-]*' | sort -u
}

compare() { # compare WHAT GOT-FROM-PROGRAM GOT-FROM-PAGE
	local missing extra
	missing=$(comm -23 <(echo "$2") <(echo "$3") | tr '\n' ' ')
	extra=$(comm -13 <(echo "$2") <(echo "$3") | tr '\n' ' ')
	is "$missing" "" "$1: everything the program has is documented"
	is "$extra" "" "$1: the page documents nothing the program lacks"
}

options=$("$SANDBOX_RUN" --option-names | sort -u)
[ "$(echo "$options" | wc -l)" -ge 10 ] || bail "--option-names printed too little: $options"
compare "sandbox-run(1) options" "$options" "$(documented_options "$docs/sandbox-run.1")"

check_keys() { # check_keys KIND PAGE
	local keys
	keys=$("$SANDBOX_RUN" --print-keys="$1" | sort -u)
	[ -n "$keys" ] || bail "--print-keys=$1 printed nothing"
	compare "$2 keys" "$keys" "$(documented_keys "$docs/$2")"
}
check_keys profile sandbox-run.profile.5
check_keys conf sandbox-run.conf.5
check_keys preload sandbox-run.preload.5

# The checks can fail: a page missing a key is noticed.
keys=$("$SANDBOX_RUN" --print-keys=profile | sort -u)
tmp=$(tap_tmp)
grep -v 'create\\-outputs' "$docs/sandbox-run.profile.5" >"$tmp/cut.5"
missing=$(comm -23 <(echo "$keys") <(documented_keys "$tmp/cut.5"))
is "$missing" "arguments.create-outputs" "a page without a key is caught by the comparison"

# Each page is installed where man finds it (dist_man_MANS in docs/local.mk).
for page in $pages; do
	grep -q "docs/$page" "$top_srcdir/docs/local.mk"
	ok $? "$page is listed for installation"
done
done_testing
