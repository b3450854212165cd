# SPDX-License-Identifier: GPL-2.0-or-later
# The decompressors over the external corpus's compressed sets (xz's,
# zstd's, bzip2's and elfutils' test files) and, as SOURCES says, the
# compressed files of libarchive's archives: each tool's every name
# (zcat, gzip -dc, gunzip -c, ...) alone and sandboxed, as root and as
# nobody, 10 files a run (a run that differs is repeated file by file).
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"
source "$top_srcdir/tests/compat/corpus.sh"
CORPUS_EXPECTED['^sandbox-run: (gzip|zcat|gunzip|less)\[[0-9]+\]( \(running gzip\))?: Landlock refuses list [^ ]+ \(openat\)']="gzip opens the directory of its input to open the file beneath it and, refused, opens the file by its name: no profile grants listing an input's directory"

mapfile -d '' gz < <(corpus_pick archives '*.gz' '*.tgz' '*.Z')
mapfile -d '' bz < <(corpus_set "compressed (bzip2-*)"; corpus_set "compressed (elfutils-*)"
	corpus_pick archives '*.bz2' '*.tbz')
mapfile -d '' xz < <(corpus_pick "compressed (*.xz *.lz *.lzma)" '*.xz' '*.lzma'
	corpus_pick archives '*.xz' '*.txz' '*.lzma')
mapfile -d '' zst < <(corpus_set "compressed (zstd-*)"; corpus_pick archives '*.zst')
mapfile -d '' lz < <(corpus_pick "compressed (*.xz *.lz *.lzma)" '*.lz'; corpus_pick archives '*.lz')

# TOOL:FILES, FILES the name of one of the arrays above
for who in $(corpus_runners); do
	corpus_as "$who"
	for t in "zcat:gz" "gzip -dc:gz" "gunzip -c:gz" "bzcat:bz" "bzip2 -dc:bz" "bunzip2 -c:bz" \
		"xzcat:xz" "xz -dc:xz" "unxz -c:xz" "zstdcat:zst" "zstd -dc:zst" "unzstd -c:zst" \
		"lzip -dc:lz"; do
		declare -n inputs=${t#*:}
		# shellcheck disable=SC2086 # the command splits into words
		corpus_compare "${t%:*}" 5 10 ${t%:*} -- "${inputs[@]}"
		unset -n inputs
	done
done
done_testing
