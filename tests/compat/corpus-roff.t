# SPDX-License-Identifier: GPL-2.0-or-later
# groff over groff's own documents (the external corpus's roff set: man
# pages, ms, me, mm, mom, hdtbl and chem examples), each with the
# preprocessors and macro package groff's grog(1) finds in it (so chem
# files get -j, pic files -p, ...), to -Tutf8, -Tps, -Tpdf and -Tdvi,
# alone and sandboxed, as root. groff's stages write to standard error at
# once, so its lines are compared as a set.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"
source "$top_srcdir/tests/compat/corpus.sh"
ERR_ORDER=any

mapfile -d '' docs < <(corpus_set roff)
# grog's guess, once per document: its options without the device and
# the file name.
declare -A opts
for doc in "${docs[@]}"; do
	opts[$doc]=$(grog "$doc" 2>/dev/null | tr ' ' '\n' |
		sed -e '1{/^groff$/d}' -e '/^-Tps$/d' -e "\\|^$doc\$|d" | sed -e '/^-T$/{N;d}')
	# groff 1.23's grog (Debian 13) does not see chem's .cstart: -j
	# all the same, so that chem is run on every release
	if grep -q '^\.cstart' "$doc" && ! grep -qx -- -j <<<"${opts[$doc]}"; then
		opts[$doc]="-j${opts[$doc]:+ ${opts[$doc]}}"
	fi
done
# Nothing when grog has none (hdtbl's examples): printf '%s\n' with no
# argument prints an empty line, which groff passed on to troff as a file
# named '', and troff opens '' as "./", the working directory: refused by
# Landlock in deny and report mode alike, so exit 1 where the bare run
# reads it as an empty file.
grog_opts() { [ -z "${opts[$1]}" ] || printf '%s\n' ${opts[$1]}; }
chem=$(printf '%s\n' "${opts[@]}" | grep -c '^-j$')
ok "$([ "$chem" -ge 5 ]; echo $?)" "chem (-j) runs on $chem documents"

CORPUS_OPTS=grog_opts
for dev in utf8 ps pdf dvi; do
	corpus_compare "groff -T$dev (grog's options)" 90 1 groff -T$dev -- "${docs[@]}"
done
done_testing
