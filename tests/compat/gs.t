# sandbox-run gs renders the PostScript and PDF documents this machine
# ships (the PDFs and EPS files under /usr/share, and real man pages that
# groff turned into PostScript) exactly as gs alone does: to PNG, compared
# byte for byte; and to PDF, compared by their pixels (pdfwrite embeds a
# random prefix in each font subset's name and a document ID, so two
# unconfined runs differ too: both PDFs are rendered to PNG by the same
# unconfined gs and those PNGs compared). Then -dSAFER semantics hold even
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
