# SPDX-License-Identifier: GPL-2.0-or-later
# file(1) over every file of the external corpus (SOURCES: "every file of
# every set feeds file(1)"): file, file -z (which runs the decompressors)
# and file -i, 100 files a run as find | xargs file passes them, alone and
# sandboxed, as root and as nobody; file -z alone without lrzip, which
# file.ini refuses on purpose. Also checks that every set SOURCES
# lists is there, whole.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"
source "$top_srcdir/tests/compat/corpus.sh"

corpus_sets_listed
files=()
while IFS= read -r set; do
	mapfile -d '' -O "${#files[@]}" files < <(corpus_set "$set")
done < <(corpus_sets)
# file.ini does not let file -z run lrzip (see its comment): on lrzip data
# the sandboxed file -z must print what file -z prints where lrzip is not
# installed; --diagnose names the refused execute.
CORPUS_EXPECTED['Landlock refuses execute /usr/bin/lrzip ']="file.ini: lrzip is not granted (its temporary files)"
for who in $(corpus_runners); do
	corpus_as "$who"
	for mode in "" -z -i; do
		CORPUS_WITHOUT=
		[ "$mode" = -z ] && CORPUS_WITHOUT=lrzip
		corpus_compare "file $mode${CORPUS_WITHOUT:+ (bare: without $CORPUS_WITHOUT)}" 1000 100 \
			file $mode -- "${files[@]}"
	done
done
done_testing
