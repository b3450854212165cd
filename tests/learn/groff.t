#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --learn on groff: a profile learned from a few man pages (groff runs troff
# and a device driver as children) formats other man pages exactly as groff
# does unconfined, for the terminal and for PostScript.
source "$top_srcdir/tests/learn/lib.sh"
export SOURCE_DATE_EPOCH=0 # PostScript output carries no date then

for runner in $(runners); do
	d=$(learn_dir "$runner")
	for page in ls cp mv cat sed; do
		zcat "/usr/share/man/man1/$page.1.gz" >"$d/$page.1" || bail "no man page $page"
	done
	p=$d/groff.ini

	learn "$runner" "$p" groff -man -Tutf8 "$d/ls.1"
	learn "$runner" "$p" groff -mandoc -Tutf8 -rLL=72n "$d/cp.1"
	learn "$runner" "$p" groff -man -Tps "$d/ls.1"
	well_formed "$runner" "$p" 1
	like "$(promises_of "$p")" "exec" "groff runs its pipeline: promise exec ($runner)"
	like "$(promises_of "$p")" "proc" "groff forks its pipeline: promise proc ($runner)"
	like "$(sed -n '/^exec *=/,/^[a-z]/p' "$p")" "/usr/bin/troff" "troff is a learned helper ($runner)"
	unlike "$(sed -n '/^read *=/,/^[a-z]/p' "$p")" "tmac/|font/dev" \
		"groff's data files are widened to their directory ($runner)"

	confined "$runner" "$p" groff -man -Tutf8 "$d/ls.1"
	confined "$runner" "$p" groff -man -Tps "$d/ls.1"
	for page in mv cat sed; do
		confined "$runner" "$p" groff -man -Tutf8 "$d/$page.1"
		confined "$runner" "$p" groff -mandoc -Tutf8 -rLL=72n "$d/$page.1"
		confined "$runner" "$p" groff -man -Tps "$d/$page.1"
	done
done
done_testing
