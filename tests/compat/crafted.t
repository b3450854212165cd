#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The differences issue 24 found on crafted inputs (other projects' test
# files, ../shared/corpora/external, and inputs made here the same way),
# each now identical sandboxed and unconfined, with nothing reported:
#   file -z on compress (.Z) and lz4 data: it runs uncompress and lz4
#   groff -j (chem) and groff -Tpdf (gropdf's Compress::Zlib)
#   bsdtar on lzop archives (it runs lzop); lrzip refused loudly, not silently
#   file -z on lrzip data: lrzip refused, file says what it says without it
#   readelf and objdump following .gnu_debuglink to NAME.debug beside NAME
#   exiftool on ZIP-based files (Archive::Zip's symlink probe)
#   identify on DjVu (/usr/share/djvu) and on formats with a delegate
#   less with Debian's lesspipe in LESSOPEN/LESSCLOSE
#   libfaketime preloaded by hand (its semaphore in /dev/shm)
# groff 1.24's nroff running basename (simulated: Debian 12 has groff 1.22),
# and every option list of every shipped profile holds options only (one
# entry split over two lines, bsdtar's "--strip-" "components", would not).
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"
export SOURCE_DATE_EPOCH=1700000000
corpus=$top_srcdir/../shared/corpora/external
have() { command -v "$1" >/dev/null; }
# corpus_files SUBDIR GLOB...: the corpus's files matching, or nothing
corpus_files() {
	local dir=$corpus/$1
	shift
	[ -d "$dir" ] || return 0
	(cd "$dir" && for g in "$@"; do for f in $g; do [ -f "$f" ] && printf '%s\0' "$dir/$f"; done; done)
}
mkdir "$CT/in"
page=$CT/in/page
zcat "$(find /usr/share/man/man1 -name 'ls.1.gz' | head -n 1)" >"$page"

# file -z: compress data from libarchive's tests, lz4 data from both
mapfile -d '' dotz < <(corpus_files archives '*.Z')
mapfile -d '' lz4s < <(corpus_files archives '*.lz4' 'test_read_filter_lz4*')
have lz4 && lz4 -q -c "$page" >"$CT/in/page.lz4" && lz4s+=("$CT/in/page.lz4")
chmod -R a+rX "$CT"
if [ ${#dotz[@]} -gt 0 ]; then
	same_for_each "file -z on compress (.Z) data" 1 file -z -- "${dotz[@]}"
else
	skip "file -z on compress (.Z) data" "no .Z files in $corpus"
fi
if have lz4; then
	same_for_each "file -z on lz4 data" 1 file -z -- "${lz4s[@]}"
else
	skip "file -z on lz4 data" "lz4 is not installed"
fi

# groff: chem's own examples, and documents made PDF by gropdf
mapfile -d '' chems < <(corpus_files roff '*.chem')
[ ${#chems[@]} -gt 0 ] || chems=("$(find /usr/share/doc/groff* -name '*.chem' 2>/dev/null | head -n 1)")
if [ -n "${chems[0]}" ]; then
	same_for_each "groff -j -Tutf8 (chem)" 1 groff -j -p -Tutf8 -- "${chems[@]}"
else
	skip "groff -j -Tutf8 (chem)" "no chem examples found"
fi
same_for_each "groff -Tpdf -man (gropdf, compressed streams)" 1 groff -Tpdf -man -- "$page"
mapfile -d '' msdocs < <(corpus_files roff 'doc_pic.ms' 'doc_webpage.ms')
[ ${#msdocs[@]} -gt 0 ] && same_for_each "groff -p -Tpdf -ms" 1 groff -p -Tpdf -ms -- "${msdocs[@]}"

# bsdtar: lzop archives from libarchive's tests and one made here
if have lzop; then
	mapfile -d '' lzos < <(corpus_files archives '*.lzo')
	bsdtar -C "$CT/in" --lzop -cf "$CT/in/page.tar.lzo" page && lzos+=("$CT/in/page.tar.lzo")
	chmod a+r "$CT/in/page.tar.lzo"
	same_for_each "bsdtar -tvf on lzop archives" 1 bsdtar -tvf -- "${lzos[@]}"
else
	skip "bsdtar -tvf on lzop archives" "lzop is not installed"
fi
# lrzip is not granted (its temporary files would go to the working
# directory): bsdtar must say so and fail, never list nothing and exit 0
lrz=$(corpus_files archives '*.lrz' | head -z -n 1 | tr -d '\0')
if have lrzip && [ -n "$lrz" ]; then
	out=$("$SANDBOX_RUN" bsdtar -tf "$lrz" 2>&1)
	like "$? $out" '^1 .*unable to run program "lrzip' "bsdtar on an lrzip archive fails, and says why"
else
	skip "bsdtar on an lrzip archive fails, and says why" "no lrzip or no .lrz file"
fi
# nor may file -z run it (file.ini): on lrzip data file -z prints, with
# nothing reported, what it prints where lrzip is not installed, which is
# not what it prints alone with lrzip there (so lrzip was refused)
if have lrzip && [ -n "$lrz" ]; then
	mkdir "$CT/nolrzip"
	for p in file gzip bzip2 xz zstd lzip lz4 uncompress; do
		have "$p" && ln -s "$(command -v "$p")" "$CT/nolrzip/"
	done
	cwd=$(tap_home)
	alone=$(cd "$cwd" && file -z "$lrz" 2>&1; echo "exit $?")
	want=$(cd "$cwd" && PATH=$CT/nolrzip file -z "$lrz" 2>&1; echo "exit $?")
	got=$(cd "$cwd" && "$SANDBOX_RUN" file -z "$lrz" 2>&1; echo "exit $?")
	[ "$alone" != "$want" ]
	ok $? "file -z alone on lrzip data runs lrzip: $alone"
	is "$got" "$want" "file -z on lrzip data: lrzip refused, as if not installed, nothing reported"
else
	skip "file -z alone on lrzip data runs lrzip" "no lrzip or no .lrz file"
	skip "file -z on lrzip data: lrzip refused, as if not installed" "no lrzip or no .lrz file"
fi

# readelf and objdump: a program split with objcopy, in the directory and
# in .debug/ beside it
mkdir -p "$CT/elf/.debug"
printf 'int f(int x) { return x + 1; }\nint main(void) { return f(1); }\n' >"$CT/elf/p.c"
if have gcc && gcc -g -O0 -o "$CT/elf/p" "$CT/elf/p.c" 2>/dev/null; then
	cp "$CT/elf/p" "$CT/elf/q"
	objcopy --only-keep-debug "$CT/elf/p" "$CT/elf/p.debug"
	objcopy --strip-debug --add-gnu-debuglink="$CT/elf/p.debug" "$CT/elf/p"
	objcopy --only-keep-debug "$CT/elf/q" "$CT/elf/.debug/q.debug"
	objcopy --strip-debug --add-gnu-debuglink="$CT/elf/.debug/q.debug" "$CT/elf/q"
	chmod -R a+rX "$CT/elf"
	readelf -w "$CT/elf/p" 2>/dev/null | grep -q DW_TAG_subprogram
	ok $? "unconfined, readelf -w finds the DWARF in p.debug"
	same_for_each "readelf -w (.gnu_debuglink)" 2 readelf -w -- "$CT/elf/p" "$CT/elf/q"
	same_for_each "objdump -W (.gnu_debuglink)" 2 objdump -W -- "$CT/elf/p" "$CT/elf/q"
else
	skip "readelf -w (.gnu_debuglink)" "no C compiler"
fi

# exiftool: OpenDocument, iWork and plain ZIP files from exiftool's tests
mapfile -d '' zips < <(corpus_files images/exiftool '*.zip' '*.ods' '*.numbers' '*.eip' '*.docx')
if have exiftool && perl -MArchive::Zip -e 1 2>/dev/null && [ ${#zips[@]} -gt 0 ]; then
	same_for_each "exiftool on ZIP-based files (Archive::Zip)" 1 exiftool -x FileAccessDate \
		-x FileInodeChangeDate -- "${zips[@]}"
else
	skip "exiftool on ZIP-based files (Archive::Zip)" "no exiftool, Archive::Zip or ZIP files"
fi

# identify: DjVu (libdjvulibre reads /usr/share/djvu) and formats handed
# to a delegate that is not installed here
djvu=$(corpus_files images/exiftool '*.djvu' | head -z -n 1 | tr -d '\0')
if have identify && [ -n "$djvu" ] && identify "$djvu" >/dev/null 2>&1; then
	# (not %#: the pixels' hash differs between two unconfined runs)
	same_output "identify on DjVu" identify -format "%i %m %G %z-bit %r\\n" "$djvu"
else
	skip "identify on DjVu" "no identify, DjVu coder or DjVu file"
fi
mapfile -d '' videos < <(corpus_files images/exiftool '*.wmv' '*.avi' '*.mkv' '*.mov')
# ImageMagick 7 (Debian 13) starts ffmpeg through a shell, whose own
# "sh: 1: ffmpeg: not found" the bare run prints; identify.ini runs no
# shell (see its comment), so that one line is left out of the bare run's
# standard error, and all the rest must be the same
if have identify && ! have ffmpeg && [ ${#videos[@]} -gt 0 ]; then
	bad=0
	for v in "${videos[@]}"; do
		compat_run "$CT/want" identify -- "$v"
		sed -i -E '/^sh: [0-9]+: ffmpeg: not found$/d' "$CT/want.err"
		compat_run "$CT/got" "$SANDBOX_RUN" $SR_ARGS identify -- "$v"
		why=$(compat_why)
		[ -z "$why" ] && continue
		bad=$((bad + 1))
		diag "identify $v:" && compat_show "$why"
	done
	is "$bad" 0 "identify on video (delegate ffmpeg, absent): ${#videos[@]} real inputs, same output"
else
	skip "identify on video (delegate ffmpeg, absent)" "no identify or video files, or ffmpeg is installed"
fi

# less with Debian's lesspipe, writing to a pipe
if [ -x /usr/bin/lesspipe ]; then
	gzip -c "$page" >"$CT/in/page.gz"
	xz -c "$page" >"$CT/in/page.xz"
	bzip2 -c "$page" >"$CT/in/page.bz2"
	tar -C "$CT/in" -cf "$CT/in/page.tar" page
	chmod a+r "$CT"/in/*
	eval "$(SHELL=/bin/sh lesspipe)"
	for shell in /bin/bash /bin/sh; do
		LESSOPEN=$LESSOPEN LESSCLOSE=$LESSCLOSE SHELL=$shell same_for_each \
			"less with LESSOPEN=\"$LESSOPEN\", SHELL=$shell" 5 less -- "$page" "$CT"/in/page.*z* \
			"$CT/in/page.tar"
	done
	LESSOPEN=$LESSOPEN SHELL=/bin/sh less "$CT/in/page.gz" | cmp -s - "$page"
	ok $? "unconfined, lesspipe shows page.gz decompressed"
else
	skip "less with lesspipe" "lesspipe is not installed"
fi

# libfaketime preloaded by hand: no FAKETIME_SHARED, so it tries to make
# its own semaphore in /dev/shm
ft=$(find /usr/lib -name 'libfaketime.so.1' -path '*faketime*' 2>/dev/null | head -n 1)
if [ -n "$ft" ]; then
	LD_PRELOAD=$ft FAKETIME=-1d same_output "LD_PRELOAD=libfaketime.so.1 FAKETIME=-1d file" file "$page"
else
	skip "LD_PRELOAD=libfaketime.so.1 FAKETIME=-1d file" "libfaketime is not installed"
fi

# groff 1.24's nroff (Debian unstable) falls back to basename when $SHELL
# cannot run: as that script does, run under nroff's profile here.
out=$("$SANDBOX_RUN" -p "$top_srcdir/profiles/nroff.ini" /bin/sh -c 'prog=`basename /usr/bin/nroff`; echo $prog' 2>&1)
is "$? $out" "0 nroff" "nroff's profile lets its script run basename, unreported"

# Option lists hold options: every word of them starts with "-" or "+" (a
# value split over two lines would leave a word that does not).
bad=$(awk '/^[^ \t]/ { on = 0 }
	/^[a-z-]*options[a-z-]* *=/ && !/^clustered-short-options/ { on = 1; sub(/^[^=]*=/, "") }
	on { for (i = 1; i <= NF; i++) if ($i !~ /^[-+]/ && $i !~ /^#/) print FILENAME ": " $i }' \
	"$top_srcdir"/profiles/*.ini)
is "$bad" "" "every word of the shipped profiles' option lists is an option"
done_testing
