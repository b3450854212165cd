#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --learn on Ghostscript: a profile learned from a few PostScript and PDF
# files extracts the text and measures the ink of new ones exactly as gs
# does unconfined.
source "$top_srcdir/tests/learn/lib.sh"
export SOURCE_DATE_EPOCH=0

src=$(tap_tmp)
for page in ls cp mv cat; do
	zcat "/usr/share/man/man1/$page.1.gz" | groff -man -Tps >"$src/$page.ps" || bail "groff -Tps failed"
	gs -q -dSAFER -sDEVICE=pdfwrite -o "$src/$page.pdf" "$src/$page.ps" || bail "gs pdfwrite failed"
done
chmod a+r "$src"/*
text="gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=txtwrite -sOutputFile=-"
ink="gs -q -dSAFER -sDEVICE=inkcov -o -"

for runner in $(runners); do
	d=$(learn_dir "$runner")
	p=$d/gs.ini
	# shellcheck disable=SC2086
	{
		learn "$runner" "$p" $text "$src/ls.ps"
		learn "$runner" "$p" $text "$src/cp.pdf"
		learn "$runner" "$p" $ink "$src/ls.pdf"
		learn "$runner" "$p" $ink "$src/cp.ps"
	}
	well_formed "$runner" "$p" 1
	like "$(sed -n '/^read *=/,/^[a-z]/p' "$p")" "/usr/share/ghostscript" \
		"gs's resources are a learned read path ($runner)"
	unlike "$(promises_of "$p")" "exec|inet|wpath|cpath" "gs needs no exec, network or writing ($runner)"
	# shellcheck disable=SC2086
	for f in ls.ps cp.pdf mv.ps mv.pdf cat.ps cat.pdf; do
		confined "$runner" "$p" $text "$src/$f"
		confined "$runner" "$p" $ink "$src/$f"
	done
done
done_testing
