# SPDX-License-Identifier: GPL-2.0-or-later
# Every other shipped profile, on at least 20 real inputs of this machine:
# groff's stages alone (as man-db runs them), man-db's helpers, the
# decompressors, binutils, poppler, unzip, bsdtar, exiftool, identify,
# less as a filter and the default profile. Each prints what the tool alone
# prints, exits the same way and reports nothing.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"
export SOURCE_DATE_EPOCH=1700000000

# 20 real man pages, plain and as troff output for the drivers.
mkdir "$CT/man" "$CT/z" "$CT/doc"
mapfile -d '' gz < <(real_files 20 /usr/share/man/man1 -name '*.gz' -size +3k)
pages=()
for page in "${gz[@]}"; do
	base=$CT/man/$(basename "$page" .gz)
	pages+=("$base")
	zcat "$page" >"$base"
	troff -mandoc -Tutf8 "$base" >"$base.utf8" 2>/dev/null
	troff -mandoc -Tps "$base" >"$base.ps-intermediate" 2>/dev/null
	z=$CT/z/$(basename "$base")
	bzip2 -c "$base" >"$z.bz2"
	xz -c "$base" >"$z.xz"
	zstd -q -c "$base" >"$z.zst"
	lzip -c "$base" >"$z.lz"
done
chmod -R a+rX "$CT"

same_for_each "troff -mandoc -Tutf8" 20 troff -mandoc -Tutf8 -- "${pages[@]}"
same_for_each "grotty" 20 grotty -- "$CT"/man/*.utf8
same_for_each "grops" 20 grops -- "$CT"/man/*.ps-intermediate
same_for_each "tbl" 20 tbl -- "${pages[@]}"
same_for_each "eqn -Tutf8" 20 eqn -Tutf8 -- "${pages[@]}"
same_for_each "pic -S" 20 pic -S -- "${pages[@]}"
same_for_each "refer" 20 refer -- "${pages[@]}"
same_for_each "soelim" 20 soelim -- "${pages[@]}"
same_for_each "preconv" 20 preconv -- "${pages[@]}"
same_for_each "nroff -man" 20 nroff -man -- "${pages[@]}"
if [ -x /usr/libexec/man-db/zsoelim ]; then
	same_for_each "man-db's zsoelim" 20 /usr/libexec/man-db/zsoelim -- "${gz[@]}"
	same_for_each "man-db's manconv" 20 /usr/libexec/man-db/manconv -f UTF-8:ISO-8859-1 \
		-t UTF-8 -- "${pages[@]}"
else
	skip "man-db's zsoelim" "man-db is not installed"
	skip "man-db's manconv" "man-db is not installed"
fi

# decompressors, on the real .gz pages and on the same pages recompressed.
# gzip opens its input's directory to open the input relative to it;
# Landlock refuses the listing (only the input is granted) and gzip reads
# the input by its full name: the same output. Under --diagnose (the drift
# check) that refusal is reported, and named here as expected.
COMPAT_EXPECTED['Landlock refuses list .*: it is the directory of argv\[[0-9]+\], a declared input']="gzip opens its input's directory, refused, and reads the input by its full name"
for cmd in "zcat" "gzip -dc" "gunzip -c"; do
	same_for_each "$cmd" 20 $cmd -- "${gz[@]}"
done
same_for_each "gzip -c -n" 20 gzip -c -n -- "${pages[@]}"
for cmd in "bzcat:bz2" "bzip2 -dc:bz2" "bunzip2 -c:bz2" "xzcat:xz" "xz -dc:xz" "unxz -c:xz" \
	"zstdcat:zst" "zstd -dc:zst" "unzstd -c:zst" "lzip -dc:lz"; do
	same_for_each "${cmd%:*}" 20 ${cmd%:*} -- "$CT"/z/*."${cmd#*:}"
done
for cmd in "bzip2 -c" "xz -c" "zstd -q -c" "lzip -c"; do
	same_for_each "$cmd" 20 $cmd -- "${pages[@]}"
done

# binutils, on real executables and libraries
mapfile -d '' elf < <(real_files 20 /usr/bin -size -2M -perm -u+x -exec sh -c \
	'head -c 4 "$1" | grep -q ELF' sh {} \;)
mapfile -d '' libs < <(real_files 10 /usr/lib/x86_64-linux-gnu -name '*.so*' -size -2M)
elf+=("${libs[@]}")
same_for_each "readelf -a -W" 20 readelf -a -W -- "${elf[@]}"
same_for_each "objdump -x" 20 objdump -x -- "${elf[@]}"
same_for_each "objdump -d" 3 objdump -d -- "${elf[@]:0:3}"
same_for_each "nm -D" 20 nm -D -- "${elf[@]}"
same_for_each "strings" 20 strings -- "${elf[@]}"
same_for_each "size" 20 size -- "${elf[@]}"

# PDF: the machine's own, then real man pages made PDF to reach 20
mapfile -d '' pdfs < <(real_files 20 /usr/share -name '*.pdf')
for ((i = 0; ${#pdfs[@]} < 20; i++)); do
	groff -mandoc -Tps "${pages[i]}" 2>/dev/null | gs -q -dBATCH -dNOPAUSE -sDEVICE=pdfwrite \
		-o "$CT/doc/$i.pdf" - >/dev/null 2>&1
	pdfs+=("$CT/doc/$i.pdf")
done
chmod -R a+rX "$CT/doc"
same_for_each "pdfinfo" 20 pdfinfo -- "${pdfs[@]}"
for pdf in "${pdfs[@]}"; do
	compat_run "$CT/want" pdftotext "$pdf" -
	compat_run "$CT/got" "$SANDBOX_RUN" pdftotext "$pdf" -
	why=$(compat_why)
	[ -n "$why" ] && diag "pdftotext $pdf -: $why" && break
done
is "$why" "" "pdftotext PDF - over ${#pdfs[@]} PDFs: same text"

# archives: the machine's ZIP files (jar, whl) and .deb files, then
# archives made of real documentation to reach 20
mapfile -d '' zips < <(real_files 20 /usr/share /usr/lib \( -name '*.zip' -o -name '*.jar' \
	-o -name '*.whl' \) -size -3M)
mapfile -d '' docdirs < <(find /usr/share/doc -mindepth 1 -maxdepth 1 -type d -print0 | sort -z |
	head -z -n 20)
for ((i = 0; ${#zips[@]} < 20; i++)); do
	bsdtar -C "${docdirs[i]}" --format zip -cf "$CT/doc/$i.zip" . && zips+=("$CT/doc/$i.zip")
done
mapfile -d '' tars < <(real_files 10 /var/cache/apt/archives /usr/share -name '*.deb' -size -3M)
for ((i = 0; ${#tars[@]} < 20; i++)); do
	bsdtar -C "${docdirs[i]}" -czf "$CT/doc/$i.tar.gz" . && tars+=("$CT/doc/$i.tar.gz")
done
chmod -R a+rX "$CT/doc"
same_for_each "unzip -l" 20 unzip -l -- "${zips[@]}"
same_for_each "unzip -p" 20 unzip -p -- "${zips[@]}"
same_for_each "bsdtar -tvf (ZIP)" 20 bsdtar -tvf -- "${zips[@]}"
same_for_each "bsdtar -tvf (tar, deb)" 20 bsdtar -tvf -- "${tars[@]}"

# metadata of real images and documents
mapfile -d '' images < <(real_files 30 /usr/share \( -name '*.png' -o -name '*.jpg' -o -name '*.gif' \
	\) -size +1k)
if command -v exiftool >/dev/null; then
	# the access time is the one thing reading a file changes (identify
	# prints its own run time unless given a format)
	same_for_each "exiftool" 20 exiftool -x FileAccessDate -x FileInodeChangeDate -- \
		"${images[@]}" "${pdfs[@]:0:5}"
else
	skip "exiftool" "libimage-exiftool-perl is not installed"
fi
if command -v identify >/dev/null; then
	same_for_each "identify" 20 identify -format "%i %m %G %z-bit %r %b %k %#\\n" -- "${images[@]}"
else
	skip "identify" "imagemagick is not installed"
fi

# less, writing to a pipe, is a filter; the default profile runs a command
# that has none when sandbox-run.conf says so
same_for_each "less (not on a terminal)" 20 less -- "${pages[@]}"
printf '[settings]\nmissing-profile = default\n' >"$CT/default.conf"
chmod a+r "$CT/default.conf"
SR_ARGS="--config=$CT/default.conf" same_for_each "wc under the default profile" 20 wc -- "${pages[@]}"

# The filters write nowhere but standard output: compressing in place and
# extracting archives work unconfined, and create nothing sandboxed.
inplace() { # inplace DESC CHECK-PATH CMD...: run in a fresh directory both ways
	local desc=$1 check=$2
	shift 2
	for how in want got; do
		rm -rf "$CT/$how.d" && mkdir "$CT/$how.d" && cp "${pages[0]}" "$CT/$how.d/page"
		(cd "$CT/$how.d" && if [ $how = want ]; then "$@"; else "$SANDBOX_RUN" "$@"; fi) \
			>/dev/null 2>&1
	done
	[ -e "$CT/want.d/$check" ]
	ok $? "unconfined $desc creates $check"
	[ ! -e "$CT/got.d/$check" ] && [ -e "$CT/got.d/page" ]
	ok $? "sandboxed $desc creates nothing and removes nothing"
}
inplace "gzip page" page.gz gzip page
inplace "xz page" page.xz xz page
# the first file of the archive: not a directory, which would be "./" in
# the archives made here on a system without ZIP or .deb files (a chroot)
inplace "unzip ARCHIVE" "$(unzip -Z1 "${zips[0]}" | grep -v '/$' | head -n 1)" unzip -o "${zips[0]}"
inplace "bsdtar -xf ARCHIVE" "$(bsdtar -tf "${tars[0]}" | grep -v '/$' | head -n 1)" bsdtar -xf "${tars[0]}"
done_testing
