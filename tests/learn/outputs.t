#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Drafts of tools that write files work on their first confined run (issue
# 25, item 3): the draft declares in [arguments] the word that named each
# output, and run confined on the same command line the tool writes what
# it writes unconfined. An --output under /tmp is an output, not a
# temporary file (not tmppath).
source "$top_srcdir/tests/learn/lib.sh"

home=$(tap_home)
cd "$home" || bail "cannot enter $home"

# Inputs made here (the tree has no corpus): an XML document, a two-page
# PDF written by gs, a cabinet written by gcab.
printf '<?xml version="1.0"?>\n<doc><p a="1">one</p><p>two &amp; three</p></doc>\n' >"$home/in.xml"
command -v gs >/dev/null && gs -q -sDEVICE=pdfwrite -o "$home/in.pdf" -c \
	'/Helvetica findfont 24 scalefont setfont 72 720 moveto (one) show showpage 72 720 moveto (two) show showpage' \
	>/dev/null 2>&1
mkdir -p "$home/files/sub" && echo one >"$home/files/a.txt" && echo two >"$home/files/sub/b.txt"
command -v gcab >/dev/null && (cd "$home/files" && gcab -c -z "$home/in.cab" a.txt sub/b.txt) >/dev/null 2>&1

# run_twice NAME OUTDIR CMD...: learns CMD into $home/NAME.ini with OUTDIR
# empty, keeps what it wrote, then runs it confined by the draft on the
# same command line with OUTDIR empty again: same output, same files.
run_twice() {
	local name=$1 out=$2 want got st
	shift 2
	rm -rf "$out" "$home/$name.ref" && mkdir -p "$out"
	want=$("$@" 2>&1)
	cp -a "$out" "$home/$name.ref"
	rm -rf "$out" && mkdir -p "$out"
	"$SANDBOX_RUN" --learn="$home/$name.ini" "$@" >/dev/null 2>"$home/$name.learn-err"
	ok $? "$name: --learn runs it"
	rm -rf "$out" && mkdir -p "$out"
	got=$("$SANDBOX_RUN" -p "$home/$name.ini" "$@" 2>"$home/$name.err")
	st=$?
	is "$got (exit $st)" "$want (exit 0)" "$name: the draft runs it confined, output as unconfined"
	is "$(cat "$home/$name.err")" "" "$name: the confined run reports nothing"
	diff -r "$home/$name.ref" "$out" >/dev/null
	ok $? "$name: the files written confined are those written unconfined"
	[ -n "$(ls -A "$out")" ]
	ok $? "$name: and there are some"
}

# new_keys KEY: whether this build reads a key of [arguments] (h-args).
new_keys() {
	printf '[arguments]\n%s\n' "$1" >"$home/probe.ini"
	"$SANDBOX_RUN" --check "$home/probe.ini" >/dev/null 2>&1
}

if command -v xmllint >/dev/null; then
	run_twice xmllint "$home/x" xmllint --format --output "$home/x/out.xml" in.xml
	like "$(cat "$home/xmllint.ini")" "
output-options = --output
operands = input
" "xmllint: the draft declares --output an output option"
	unlike "$(promises_of "$home/xmllint.ini")" "cpath|wpath|tmppath" \
		"xmllint: no promise to create files: the broker creates a declared output"
	like "$(cat "$home/xmllint.ini")" "# stdio and rpath are implicit, and this run needed no other" \
		"xmllint: the draft does not claim calls it does not list"

	# An output under /tmp is still an output, declared: not tmppath.
	t=$(tap_tmp)
	run_twice xmllint-tmp "$t" xmllint --output "$t/out.xml" in.xml
	unlike "$(promises_of "$home/xmllint-tmp.ini")" "tmppath" \
		"xmllint --output /tmp/...: not tmppath (the output is named on the command line)"
	grep -q '^output-options = --output' "$home/xmllint-tmp.ini"
	ok $? "xmllint --output /tmp/...: declared an output"
else
	skip "xmllint" "xmllint is not installed (libxml2-utils)"
fi

if ! command -v pdftoppm >/dev/null || [ ! -s "$home/in.pdf" ]; then
	skip "pdftoppm" "pdftoppm (poppler-utils) or gs is not installed"
elif ! new_keys 'operands = input output-prefix'; then
	skip "pdftoppm" "this build does not read operands = input output-prefix"
	mkdir -p "$home/p"
	"$SANDBOX_RUN" --learn="$home/pdftoppm.ini" pdftoppm -png -r 10 in.pdf p/page 2>/dev/null
	like "$(cat "$home/pdftoppm.ini")" "# input output-prefix" \
		"pdftoppm: the draft still names the operands' roles, in a comment"
else
	run_twice pdftoppm "$home/p" pdftoppm -png -r 10 in.pdf p/page
	like "$(cat "$home/pdftoppm.ini")" "
options-with-value = -r
.*operands = input output-prefix
" "pdftoppm: -r takes a value; the second operand is an output prefix"
fi

if ! command -v cabextract >/dev/null || [ ! -s "$home/in.cab" ]; then
	skip "cabextract" "cabextract or gcab is not installed"
elif ! new_keys 'output-directory-options = -d'; then
	skip "cabextract" "this build does not read output-directory-options"
	mkdir -p "$home/c"
	"$SANDBOX_RUN" --learn="$home/cabextract.ini" cabextract -q -d c in.cab 2>/dev/null
	like "$(cat "$home/cabextract.ini")" "# output-directory-options = -d" \
		"cabextract: the draft still names -d, in a comment"
else
	run_twice cabextract "$home/c" cabextract -q -d c in.cab
	like "$(cat "$home/cabextract.ini")" "
output-directory-options = -d
operands = input
" "cabextract: -d is an output directory option"
fi

done_testing
