# SPDX-License-Identifier: GPL-2.0-or-later
# sandbox-run gs renders the PostScript and PDF documents this machine
# ships (the PDFs and EPS files under /usr/share, and real man pages that
# groff turned into PostScript) exactly as gs alone does: to PNG, compared
# byte for byte; and to PDF, compared by their pixels (pdfwrite embeds a
# random prefix in each font subset's name and a document ID, so two
# unconfined runs differ too: both PDFs are rendered to PNG by the same
# unconfined gs and those PNGs compared). Also to a page pattern in a
# directory that holds other files (left as they were), as text to
# %stdout, and, for documents gs rejects, to -o out.txt, which neither run
# leaves behind. Then -dSAFER semantics hold even
# with -dNOSAFER: PostScript cannot write a file it was not given or run a
# command, which it can do unconfined.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"

export SOURCE_DATE_EPOCH=1700000000
mapfile -d '' docs < <(real_files 12 /usr/share \( -name '*.pdf' -o -name '*.eps' -o -name '*.ps' \
	\) -size +2k -not -path '*/vim*/print/*' -not -path '*/ghostscript/*')
mkdir "$CT/in"
for page in $(printf '%s\n' /usr/share/man/man1/*.1.gz | sed -n '1~97p' | head -n 10); do
	zcat "$page" | groff -mandoc -Tps >"$CT/in/$(basename "$page" .1.gz).ps"
done
docs+=("$CT"/in/*.ps)
chmod -R a+rX "$CT"
diag "inputs: ${docs[*]}"

GS=(gs -q -dBATCH -dNOPAUSE -dFirstPage=1 -dLastPage=3)
to_png() { # to_png DIR [sandbox-run] INPUT: pages as DIR/p-N.png; exit status
	local dir=$1
	shift
	rm -rf "$dir" && mkdir "$dir" && chmod 777 "$dir"
	$RUN "${@:1:$#-1}" "${GS[@]}" -sDEVICE=png16m -r40 -o "$dir/p-%d.png" "${@: -1}" \
		2>"$dir.err" >/dev/null
}
png=0 pdf=0 bad=0
for doc in "${docs[@]}"; do
	to_png "$CT/want" "$doc"
	wrc=$?
	to_png "$CT/got" "$SANDBOX_RUN" "$doc"
	grc=$?
	if [ $wrc != $grc ] || ! diff -r "$CT/want" "$CT/got" >/dev/null ||
		grep -q '^sandbox-run:' "$CT/got.err"; then
		bad=$((bad + 1))
		diag "$doc to PNG: exit $wrc/$grc, $(diff -rq "$CT/want" "$CT/got" | head -n 1)"
		grep '^sandbox-run:' "$CT/got.err" | head -n 2 | sed 's/^/# /'
	else
		png=$((png + 1))
	fi
	rm -f "$CT/want.pdf" "$CT/got.pdf"
	"${GS[@]}" -sDEVICE=pdfwrite -o "$CT/want.pdf" "$doc" 2>/dev/null >/dev/null
	"$SANDBOX_RUN" "${GS[@]}" -sDEVICE=pdfwrite -o "$CT/got.pdf" "$doc" 2>"$CT/got.err" >/dev/null
	to_png "$CT/want" "$CT/want.pdf"
	to_png "$CT/got" "$CT/got.pdf"
	if [ ! -s "$CT/got.pdf" ] || ! diff -r "$CT/want" "$CT/got" >/dev/null ||
		grep -q '^sandbox-run:' "$CT/got.err"; then
		bad=$((bad + 1))
		diag "$doc to PDF: $(grep -m1 '^sandbox-run:' "$CT/got.err")"
	else
		pdf=$((pdf + 1))
	fi
done
[ ${#docs[@]} -ge 10 ]
ok $? "${#docs[@]} real PostScript and PDF documents (at least 10)"
is "$bad" 0 "$png rendered to identical PNG, $pdf to pixel-identical PDF"
RUN=as_nobody
to_png "$CT/want" "${docs[0]}"
to_png "$CT/got" "$SANDBOX_RUN" "${docs[0]}"
diff -r "$CT/want" "$CT/got" >/dev/null && ! grep -q '^sandbox-run:' "$CT/got.err"
ok $? "as nobody: ${docs[0]} to identical PNG"
RUN=

# A page pattern in a directory of the user's: the same pages, and the
# files already there untouched (the pattern's directory is where gs
# writes its pages, not what it may write).
to_outdir() { # to_outdir DIR [sandbox-run] INPUT: exit status
	local dir=$1
	shift
	rm -rf "$dir" && mkdir -p "$dir/sub" && chmod -R 777 "$dir"
	echo 'my notes' >"$dir/notes.txt" && echo 'old page' >"$dir/sub/p-001.png"
	chmod 666 "$dir/notes.txt" "$dir/sub/p-001.png"
	$RUN "${@:1:$#-1}" "${GS[@]}" -sDEVICE=png16m -r40 "-sOutputFile=$dir/p-%03d.png" \
		"${@: -1}" 2>"$dir.err" >/dev/null
}
bad=0 pages=0
for doc in "${docs[@]:0:4}" "${docs[@]: -2}"; do
	to_outdir "$CT/want" "$doc"
	wrc=$?
	to_outdir "$CT/got" "$SANDBOX_RUN" "$doc"
	grc=$?
	if [ $wrc != $grc ] || ! diff -r "$CT/want" "$CT/got" >/dev/null ||
		grep -q '^sandbox-run:' "$CT/got.err"; then
		bad=$((bad + 1))
		diag "$doc to p-%03d.png beside other files: exit $wrc/$grc," \
			"$(diff -rq "$CT/want" "$CT/got" | head -n 1) $(grep -m1 '^sandbox-run:' "$CT/got.err")"
	fi
	pages=$((pages + $(find "$CT/got" -maxdepth 1 -name 'p-*.png' | wc -l)))
done
is "$bad" 0 "6 documents to p-%03d.png in a directory with other files: same pages, files untouched"
[ "$pages" -ge 6 ]
ok $? "... and $pages pages rendered (at least 6)"

# Text to standard output, run from a directory of the user's (which
# %stdout must not open to writing: tests/escape/outputs.t).
mkdir -m 777 "$CT/cwd"
pushd "$CT/cwd" >/dev/null || bail "cd $CT/cwd"
same_for_each "gs -sDEVICE=txtwrite -o %stdout" 10 "${GS[@]}" -sDEVICE=txtwrite -o %stdout \
	-- "${docs[@]}"
same_for_each "gs -sDEVICE=txtwrite -o -" 10 "${GS[@]}" -sDEVICE=txtwrite -o - -- "${docs[@]}"
popd >/dev/null || bail "cd back"

# Documents gs rejects: same messages and exit status, and -o out.txt
# left behind by neither run.
printf '%%PDF-1.4\ngarbage\n' >"$CT/rejected.pdf"
printf 'this is not a document (\n' >"$CT/rejected.ps"
: >"$CT/empty.pdf"
chmod 644 "$CT/rejected.pdf" "$CT/rejected.ps" "$CT/empty.pdf"
mkdir -m 777 "$CT/rejects"
for doc in rejected.pdf rejected.ps empty.pdf; do
	rm -f "$CT/rejects/out.txt"
	compat_run "$CT/want" "${GS[@]}" -sDEVICE=txtwrite -o "$CT/rejects/out.txt" "$CT/$doc"
	want_left=$(ls "$CT/rejects")
	rm -f "$CT/rejects/out.txt"
	compat_run "$CT/got" "$SANDBOX_RUN" "${GS[@]}" -sDEVICE=txtwrite -o "$CT/rejects/out.txt" \
		"$CT/$doc"
	got_left=$(ls "$CT/rejects")
	why=$(compat_why)
	if [ -z "$why" ]; then ok 0 "gs -o out.txt $doc (rejected): same output"; else
		ok 1 "gs -o out.txt $doc (rejected): same output"
		compat_show "$why"
	fi
	is "${got_left:-nothing}" "${want_left:-nothing}" "gs -o out.txt $doc (rejected): nothing left behind, as unconfined"
done

# -dNOSAFER: the interpreter would write anywhere and run commands. (Not
# in /tmp: gs needs scratch files there, and the tmppath promise opens the
# whole directory.)
evil_dir=$(mktemp -d /var/tmp/sr-gs-evil.XXXXXX) || bail "mktemp"
evil=$evil_dir/evil
write_ps="($evil) (w) file dup (owned) writestring closefile"
pipe_ps="(%pipe%touch $evil) (w) file closefile"
for ps in "$write_ps" "$pipe_ps"; do
	rm -f "$evil"
	gs -q -dNOSAFER -dBATCH -dNODISPLAY -c "$ps" >/dev/null 2>&1
	[ -e "$evil" ]
	ok $? "unconfined gs -dNOSAFER: '${ps:0:40}...' creates a file"
	rm -f "$evil"
	"$SANDBOX_RUN" gs -q -dNOSAFER -dBATCH -dNODISPLAY -c "$ps" >/dev/null 2>&1
	[ ! -e "$evil" ]
	ok $? "sandboxed gs -dNOSAFER: the same PostScript creates nothing"
done
rm -rf "$evil_dir"
done_testing
