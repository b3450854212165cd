# SPDX-License-Identifier: GPL-2.0-or-later
# PDF readers over qpdf's test files (the external corpus's pdf set, many
# damaged on purpose): pdfinfo and pdftotext as root and as nobody; gs
# rendering the first page to a PNG file in the working directory (so
# the file written is compared too) as root.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"
source "$top_srcdir/tests/compat/corpus.sh"

mapfile -d '' pdfs < <(corpus_set pdf)
for who in $(corpus_runners); do
	corpus_as "$who"
	corpus_compare "pdfinfo" 100 1 pdfinfo -- "${pdfs[@]}"
	corpus_compare "pdftotext FILE -" 100 1 pdftotext {} - -- "${pdfs[@]}"
done
corpus_as root
corpus_compare "gs to PNG, first page" 100 1 gs -q -dSAFER -dBATCH -dNOPAUSE -dLastPage=1 -r30 \
	-sDEVICE=png16m -o page.png {} -- "${pdfs[@]}"
done_testing
