# SPDX-License-Identifier: GPL-2.0-or-later
# unzip and bsdtar over libarchive's test archives (the external corpus's
# archives set: tar, cpio, zip, 7z, rar, cab, lha, xar, iso, ... some
# damaged on purpose): unzip -l and -t on its ZIP files (SOURCES: *.zip
# *.zipx *.jar *.exe), bsdtar -tf and -tvf on all of them, alone and
# sandboxed, as root (unzip -l and bsdtar -tvf as nobody too). libarchive runs external programs for
# some filters (lzop, lrzip, grzip): those must work sandboxed as well.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"
source "$top_srcdir/tests/compat/corpus.sh"

# bsdtar.ini does not let libarchive run lrzip (see its comment)
CORPUS_REFUSED['^LRZIP compressed']="bsdtar.ini: lrzip needs a writable directory"
CORPUS_EXPECTED['^sandbox-run: unzip\[[0-9]+\]: Landlock refuses read /dev/tty \(openat\)']="unzip -t asks the terminal for an encrypted member's password: the profile gives it no terminal (-P PASSWORD does), and both runs get none"
mapfile -d '' zips < <(corpus_pick archives '*.zip' '*.zipx' '*.jar' '*.exe')
mapfile -d '' all < <(corpus_set archives)
for who in $(corpus_runners); do
	corpus_as "$who"
	# unzip takes one archive a run (further operands name members)
	corpus_compare "unzip -l" 50 1 unzip -l -- "${zips[@]}"
	corpus_compare "bsdtar -tvf" 250 1 bsdtar -tvf -- "${all[@]}"
	[ "$who" = nobody ] && continue # the same reading again: as root only
	corpus_compare "unzip -t" 50 1 unzip -t -- "${zips[@]}"
	corpus_compare "bsdtar -tf" 250 1 bsdtar -tf -- "${all[@]}"
done
done_testing
