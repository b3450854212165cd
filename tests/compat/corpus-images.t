# SPDX-License-Identifier: GPL-2.0-or-later
# Image readers over PngSuite, libpng's test PNGs and exiftool's own test
# images (the external corpus's images sets: JPEG, TIFF, raw formats,
# video, audio, documents, ZIP-based files, ...): exiftool on exiftool's
# set, identify on all three, alone and sandboxed, as root and as nobody,
# 20 files a run. exiftool leaves out the access and inode change times
# (reading a file changes them); identify prints a format, not its own
# run time.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"
source "$top_srcdir/tests/compat/corpus.sh"

# identify.ini grants no delegate (see its comment): ImageMagick 7 (Debian
# 13) reads PDF and PostScript through gs, which its policy.xml allows there,
# and video through ffmpeg, both run by a shell. Where a batch differs,
# such inputs are not compared; the sandboxed identify must fail on them.
identify_refused() {
	CORPUS_REFUSED['^(PDF document|PostScript document)']="identify.ini: no delegate, gs not run"
	CORPUS_REFUSED['^(Matroska data|Apple QuickTime movie|Microsoft ASF|RIFF \(little-endian\) data, AVI)']="identify.ini: no delegate, ffmpeg not run"
}
mapfile -d '' exif < <(corpus_set images/exiftool)
mapfile -d '' all < <(corpus_set images/pngsuite; corpus_set images/testpngs; corpus_set images/exiftool)
for who in $(corpus_runners); do
	corpus_as "$who"
	CORPUS_REFUSED=()
	corpus_compare "exiftool" 150 20 exiftool -x FileAccessDate -x FileInodeChangeDate -- "${exif[@]}"
	identify_refused
	corpus_compare "identify -format" 250 20 identify -format "%i %m %G %z-bit %r %b %k %#\\n" -- "${all[@]}"
done
done_testing
