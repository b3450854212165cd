#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Extraction into a declared output directory (issue 25): unzip -d,
# bsdtar -x -C, cabextract -d and 7z x -o on real archives of the external
# corpus (libarchive's test suite). Sandboxed, each prints what it prints
# alone, exits the same way, reports nothing, and leaves the same tree:
# the same names, types, modes, sizes, file times and bytes (hard links
# too). Members that are symbolic links are not made in an output
# directory (see tests/escape/extract.t): archives holding them are left out.
# Run as nobody: root's bsdtar would restore other owners, which only a
# chown promise could do.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"
RUN=as_nobody
ext=$top_srcdir/../shared/corpora/external/archives
[ -d "$ext" ] || { echo "1..0 # SKIP no external corpus at $ext"; exit 0; }
w=$(tap_home)
chmod 777 "$w"

# tree DIR: what an extraction left, one line per entry (directories'
# times are the clock's, and are left out).
tree() {
	(cd "$1" && find . -mindepth 1 \( -type f -printf '%P %y %m %s %T@\n' -o -printf '%P %y %m\n' \) |
		sed 's/\.[0-9]*$//' | sort)
}

# extracted CMD-WITH-@IN@ INPUT: run in $w/want and (sandboxed) in $w/got,
# each holding an empty out/; prints why they differ.
extracted() {
	local input=$1 why
	shift
	rm -rf "$w/want" "$w/got"
	mkdir -p "$w/want/out" "$w/got/out"
	chmod -R 777 "$w/want" "$w/got"
	local cmd=("${@//@IN@/$input}")
	(cd "$w/want" && compat_run "$CT/want" "${cmd[@]}")
	(cd "$w/got" && compat_run "$CT/got" "$SANDBOX_RUN" "${cmd[@]}")
	why=$(compat_why)
	[ -z "$why" ] && [ "$(tree "$w/want")" != "$(tree "$w/got")" ] &&
		why="the trees differ: $(diff <(tree "$w/want") <(tree "$w/got") | head -3 | tr '\n' ' ')"
	[ -z "$why" ] && ! diff -r "$w/want" "$w/got" >/dev/null && why="the files' bytes differ"
	[ -z "$why" ] || { compat_show "$why"; return 1; }
}

# extracts DESC MIN CMD... -- ARCHIVE...: one TAP line; some archive must
# have made files.
extracts() {
	local desc=$1 min=$2 cmd=() bad=0 n=0 files=0
	shift 2
	while [ "$1" != -- ]; do cmd+=("$1"); shift; done
	shift
	if ! command -v "${cmd[0]}" >/dev/null; then skip "$desc" "${cmd[0]} is not installed"; return; fi
	for input in "$@"; do
		n=$((n + 1))
		extracted "$input" "${cmd[@]}" || { bad=$((bad + 1)); diag "$input"; }
		files=$((files + $(find "$w/got/out" -type f | wc -l)))
	done
	[ "$n" -ge "$min" ] || { ok 1 "$desc: only $n archives found, $min needed"; return; }
	is "$bad:$((files > 0))" 0:1 "$desc: $n real archives, $files files extracted, the same"
}

# Archives without symbolic link members (bsdtar lists them as l...).
no_links() {
	local f
	for f in "$@"; do
		bsdtar -tvf "$f" 2>/dev/null | grep -q '^l' || printf '%s\0' "$f"
	done
}
mapfile -d '' zips < <(no_links $(real_files 14 "$ext" -name '*.zip' | tr '\0' ' '))
mapfile -d '' tars < <(no_links $(real_files 14 "$ext" \( -name '*.tar' -o -name '*.tgz' \
	-o -name '*.cpio' -o -name '*.tbz' -o -name '*.txz' -o -name '*.iso' \) | tr '\0' ' '))
mapfile -d '' cabs < <(real_files 10 "$ext" -name '*.cab' ! -name '*multi*')
mapfile -d '' sevens < <(no_links $(real_files 14 "$ext" -name '*.7z' | tr '\0' ' '))

extracts "unzip -d out" 8 unzip -d out @IN@ -- "${zips[@]}"
extracts "bsdtar -x -C out -f" 8 bsdtar -x -C out -f @IN@ -- "${tars[@]}" "${zips[@]:0:3}" \
	"$ext/test_compat_tar_hardlink_1.tar"
extracts "cabextract -d out" 8 cabextract -d out @IN@ -- "${cabs[@]}"
extracts "7z x -oout" 8 7z x -oout @IN@ -- "${sevens[@]}"

# The launcher makes a missing output directory, mode per umask, in a
# parent that must exist; and refuses, naming the argument, where it does not.
rm -rf "$w/new"
"$SANDBOX_RUN" unzip -q -d "$w/new" "${zips[0]}" >/dev/null 2>&1
is "$(stat -c %a "$w/new" 2>/dev/null)" "$(printf '%o' $((0777 & ~0$(umask))))" \
	"a missing output directory is made, with the mode the umask leaves"
out=$("$SANDBOX_RUN" unzip -q -d "$w/no/such" "${zips[0]}" 2>&1)
is "$?" 125 "a missing parent of the output directory: refused (125)"
like "$out" "^sandbox-run: $w/no/such \\(argv\\[3\\] \\(-d\\)\\): output directory's parent" \
	"... naming the argument and the parent"
[ ! -e "$w/no" ]
ok $? "... and making nothing"
done_testing
