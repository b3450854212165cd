# SPDX-License-Identifier: GPL-2.0-or-later
# sandbox-run groff renders a thousand real man pages of this machine
# exactly as groff alone does: -Tutf8 (also through preconv and tbl, as
# man-db runs them), -Tps (grops) and -Thtml (pre- and post-grohtml), and
# reports no denial. Pages go in batches of 50 per run, like a long
# document; pages that only .so-include another are left out (their
# target is in the sample anyway).
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"

# groff's stages (preconv, tbl, troff, grotty or grops) write standard
# error at once, so the order of their lines changes from run to run
# (groff 1.23's tbl and an.tmac warnings, Debian 13): compared as a set.
ERR_ORDER=any
# grops and grohtml stamp the date into their output; SOURCE_DATE_EPOCH
# makes both runs print the same one.
export SOURCE_DATE_EPOCH=1700000000
mkdir "$CT/man"
n=0
while IFS= read -r -d '' page; do
	out=$CT/man/$(basename "$page" .gz)
	zcat -f "$page" >"$out" 2>/dev/null || continue
	if head -c 4 "$out" | grep -q '^\.so' || ! grep -q '^\.TH\|^\.Dt' "$out"; then
		rm -f "$out"
		continue
	fi
	n=$((n + 1))
	[ $n -ge 1000 ] && break
done < <(real_files 1600 /usr/share/man/man1 /usr/share/man/man3 /usr/share/man/man5 \
	/usr/share/man/man7 /usr/share/man/man8)
chmod -R a+rX "$CT/man"
mapfile -t pages < <(ls "$CT/man" | sed "s|^|$CT/man/|")
if [ ${#pages[@]} -ge 1000 ]; then ok 0 "${#pages[@]} real man pages"; else
	ok 1 "only ${#pages[@]} real man pages found, 1000 needed"
fi

batch=50
render() { # render DESC GROFF-ARGS...: every page, in batches
	local desc=$1 bad=0 why
	shift
	for ((i = 0; i < ${#pages[@]}; i += batch)); do
		compat_run "$CT/want" groff "$@" -- "${pages[@]:i:batch}"
		compat_run "$CT/got" "$SANDBOX_RUN" groff "$@" -- "${pages[@]:i:batch}"
		why=$(compat_why)
		[ -z "$why" ] && continue
		bad=$((bad + 1))
		[ $bad -le 3 ] && compat_show "$why"
	done
	is "$bad" 0 "groff $* over ${#pages[@]} pages: $desc"
}
render "same text, nothing reported" -mandoc -Tutf8
render "through preconv and tbl: same text" -k -t -mandoc -Tutf8
render "same PostScript" -mandoc -Tps

# -Thtml: pre-grohtml renders equations and some tables to PNG files in the
# current directory through a shell pipeline (gs, netpbm), and names them
# after its process id, so those pages differ between two unconfined runs
# too. groff's profile grants no shell: for such pages the text must still
# come out, with nothing reported. Every other page must be identical.
# grohtml runs groff twice per document and costs ten times -Tutf8: a
# quarter of the sample keeps this file within its time budget.
html_images() { grep -q 'src="grohtml-[0-9]*' "$1"; }
if [ -x /usr/bin/post-grohtml ] && [ -x /usr/bin/pre-grohtml ]; then
	mkdir "$CT/html" && cd "$CT/html" || bail "cd $CT/html"
	bad=0 same=0 images=0
	html_pages=("${pages[@]}")
	pages=("${html_pages[@]:0:250}")
	for ((i = 0; i < ${#pages[@]}; i += batch)); do
		compat_run "$CT/want" groff -mandoc -Thtml -- "${pages[@]:i:batch}"
		html_images "$CT/want.out" && chunk=1 || chunk=$batch
		for ((j = i; j < i + batch && j < ${#pages[@]}; j += chunk)); do
			[ $chunk = 1 ] && compat_run "$CT/want" groff -mandoc -Thtml -- "${pages[j]}"
			compat_run "$CT/got" "$SANDBOX_RUN" groff -mandoc -Thtml -- "${pages[@]:j:chunk}"
			if html_images "$CT/want.out"; then
				images=$((images + 1))
				grep -q '^sandbox-run:' "$CT/got.err" && bad=$((bad + 1)) &&
					diag "${pages[j]}: $(grep -m1 '^sandbox-run:' "$CT/got.err")"
				[ -s "$CT/got.out" ] || { bad=$((bad + 1)); diag "${pages[j]}: no HTML"; }
				continue
			fi
			why=$(compat_why)
			[ -z "$why" ] && same=$((same + chunk)) && continue
			bad=$((bad + 1))
			[ $bad -le 3 ] && compat_show "$why"
		done
	done
	cd - >/dev/null || bail "cd back"
	is "$bad" 0 "groff -mandoc -Thtml: $same pages identical; $images with images converted without them, nothing reported"
else
	skip "groff -mandoc -Thtml" "grohtml (pre-grohtml, post-grohtml) is not installed"
fi

pages=("${pages[@]:0:300}")
RUN=as_nobody render "as nobody: same text" -mandoc -Tutf8
done_testing
