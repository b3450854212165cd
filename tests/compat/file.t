# SPDX-License-Identifier: GPL-2.0-or-later
# sandbox-run file prints byte for byte what file prints, over thousands of
# real files of this machine (documentation, man pages, libraries, images,
# compressed files, ELF binaries), for file, file -z, file -i and file -b,
# as root and as an ordinary user, and reports no denial. Files go in
# batches, as find | xargs file would pass them.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"

mapfile -d '' files < <(
	real_files 1000 /usr/share/doc
	real_files 800 /usr/share/man
	real_files 800 /usr/lib/x86_64-linux-gnu -size -20M
	real_files 150 /usr/share \( -name '*.png' -o -name '*.jpg' -o -name '*.gif' \
		-o -name '*.svg' -o -name '*.ico' -o -name '*.xpm' -o -name '*.pdf' \)
	real_files 150 /usr /var/cache/apt \( -name '*.gz' -o -name '*.xz' -o -name '*.bz2' \
		-o -name '*.zip' -o -name '*.deb' -o -name '*.jar' \)
	real_files 300 /usr/bin /usr/sbin /usr/libexec
)
# Compressors file -z does not meet in /usr: real man pages recompressed.
mkdir "$CT/z"
for page in $(printf '%s\n' /usr/share/man/man1/*.1.gz | head -n 8); do
	base=$CT/z/$(basename "$page" .gz)
	zcat "$page" >"$base"
	bzip2 -c "$base" >"$base.bz2"
	xz -c "$base" >"$base.xz"
	files+=("$base.bz2" "$base.xz")
done
chmod -R a+rX "$CT/z"

if [ "${#files[@]}" -ge 3000 ]; then ok 0 "${#files[@]} real files sampled"; else
	ok 1 "only ${#files[@]} real files found, 3000 needed"
fi

batch=500
for runner in $(runners); do
	[ "$runner" = as_nobody ] && RUN=as_nobody || RUN=
	for mode in "" -z -i -b; do
		bad=0
		for ((i = 0; i < ${#files[@]}; i += batch)); do
			compat_run "$CT/want" file $mode -- "${files[@]:i:batch}"
			compat_run "$CT/got" "$SANDBOX_RUN" file $mode -- "${files[@]:i:batch}"
			why=$(compat_why)
			[ -z "$why" ] && continue
			bad=$((bad + 1))
			compat_show "$why"
		done
		is "$bad" 0 "$runner: file $mode over ${#files[@]} files: same output, nothing reported"
	done
done
RUN=

# The other ways file gets its inputs and magic.
printf '%s\n' "${files[@]:0:400}" >"$CT/list"
same_output "file -f LIST (400 files named in a list)" file -f "$CT/list"
# A list that names files twice grants each once (and after the list).
printf '%s\n' "${files[@]:0:300}" "${files[@]:0:300}" >"$CT/list2"
chmod a+r "$CT/list2"
is "$("$SANDBOX_RUN" --explain file -f "$CT/list2" | grep -c '^  read [^:]*: declared input')" 301 \
	"file -f LIST naming 300 files twice: 300 grants and the list's own"
printf '0\tstring\t%%PDF-\ta PDF, by my magic\n0\tstring\t\\x7fELF\tan ELF, by my magic\n' >"$CT/my.magic"
chmod a+r "$CT/list" "$CT/my.magic"
same_output "file -m MAGIC (the user's own magic file)" file -m "$CT/my.magic" -- "${files[@]:0:200}"
same_output "file -z over compressed man pages" file -z -- "$CT"/z/*
same_output "file -Z (contents only)" file -Z -- "$CT"/z/*

# -C compiles a magic file into NAME.mgc in the current directory: that
# file, and nothing else, may be written, and it is the same file.
mkdir -m 777 "$CT/want.d" "$CT/got.d"
(cd "$CT/want.d" && file -C -m "$CT/my.magic")
(cd "$CT/got.d" && "$SANDBOX_RUN" file -C -m "$CT/my.magic" 2>"$CT/got.err")
cmp -s "$CT/want.d/my.magic.mgc" "$CT/got.d/my.magic.mgc" && ! grep -q . "$CT/got.err"
ok $? "file -C -m MAGIC writes the same MAGIC.mgc in the current directory, nothing reported"
is "$(ls "$CT/got.d")" "my.magic.mgc" "file -C wrote nothing else"
same_output "file -m MAGIC.mgc (the compiled magic file)" file -m "$CT/got.d/my.magic.mgc" -- "${files[@]:0:200}"
like "$("$SANDBOX_RUN" --explain file -m "$CT/my.magic" /etc/passwd)" "^promises" "--explain prints the promises"
unlike "$("$SANDBOX_RUN" --explain file -m "$CT/my.magic" /etc/passwd)" "wpath|cpath" \
	"without -C, file may not open a file for writing"

# zstd and lzip data: file -z hands them to an external decompressor, which
# the profile allows only with -z (option-promises).
zstd -q -c "$CT/z/$(ls "$CT/z" | head -n 1)" >"$CT/z/page.zst"
lzip -c "$CT/z/$(ls "$CT/z" | head -n 1)" >"$CT/z/page.lz"
chmod a+r "$CT"/z/page.*
same_output "file -z on zstd and lzip data (external decompressors)" \
	file -z "$CT/z/page.zst" "$CT/z/page.lz"
explain=$("$SANDBOX_RUN" --explain file /etc/passwd)
unlike "$explain" "^  (proc|exec):" "without -z, file may not fork or execute"
like "$("$SANDBOX_RUN" --explain file -z /etc/passwd)" "^  exec:" "with -z it may (the exec promise)"
done_testing
