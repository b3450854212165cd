# SPDX-License-Identifier: GPL-2.0-or-later
# less writing to a pipe (a filter, as in less FILE | grep) over the
# external corpus's text and binary inputs (groff's documents, file's test
# files), then with Debian's lesspipe as LESSOPEN/LESSCLOSE (what
# `eval "$(lesspipe)"` in ~/.bashrc sets) over the archives and compressed
# sets, where lesspipe lists or decompresses; as root and as nobody.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"
source "$top_srcdir/tests/compat/corpus.sh"
CORPUS_EXPECTED['^sandbox-run: (gzip|zcat|gunzip|less)\[[0-9]+\]( \(running gzip\))?: Landlock refuses list [^ ]+ \(openat\)']="gzip opens the directory of its input to open the file beneath it and, refused, opens the file by its name: no profile grants listing an input's directory"
CORPUS_PIPE=1
unset LESSOPEN LESSCLOSE LESS

mapfile -d '' text < <(corpus_set roff; corpus_set file)
mapfile -d '' packed < <(corpus_set archives; corpus_set compressed)
for who in $(corpus_runners); do
	corpus_as "$who"
	corpus_compare "less to a pipe" 150 10 less -- "${text[@]}"
	if [ -x /usr/bin/lesspipe ]; then
		LESSOPEN="| /usr/bin/lesspipe %s" LESSCLOSE="/usr/bin/lesspipe %s %s" \
			corpus_compare "less to a pipe, LESSOPEN=lesspipe" 300 1 less -- "${packed[@]}"
	else
		skip "less to a pipe, LESSOPEN=lesspipe" "no /usr/bin/lesspipe"
	fi
done
done_testing
