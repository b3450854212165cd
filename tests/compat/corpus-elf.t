# SPDX-License-Identifier: GPL-2.0-or-later
# binutils over elfutils' test files (the external corpus's elf set:
# objects, executables, shared libraries, separate .debug and .dwo files,
# archives; some deliberately odd): readelf -a -W and readelf -w (which
# follows .gnu_debuglink and .gnu_debugaltlink to the separate debug file
# beside the input), objdump -x, nm, strings and size, alone and
# sandboxed, as root and as nobody, 10 files a run. The corpus keeps no
# program with its separate debug file, so the programs in it that carry
# DWARF are split here (objcopy --only-keep-debug, --add-gnu-debuglink)
# into such a pair, as Debian's -dbgsym packages split them, for readelf
# -w and objdump -W to follow the link.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"
source "$top_srcdir/tests/compat/corpus.sh"

mapfile -d '' elf < <(corpus_set elf)
linked=()
split=$(tap_home)
for f in "${elf[@]}"; do
	readelf -S -W "$f" 2>/dev/null | grep -q '\.debug_info' || continue
	readelf -S -W "$f" 2>/dev/null | grep -q '\.gnu_debuglink' && continue
	file -b "$f" | grep -Eq 'executable|shared object' || continue
	b=$split/${f##*/}
	objcopy --only-keep-debug "$f" "$b.debug" 2>/dev/null &&
		objcopy --strip-debug --add-gnu-debuglink="$b.debug" "$f" "$b" 2>/dev/null &&
		linked+=("$b")
done
chmod -R a+rX "$split"
for who in $(corpus_runners); do
	corpus_as "$who"
	for cmd in "readelf -a -W" "readelf -w" "objdump -x" "nm" "strings" "size"; do
		# shellcheck disable=SC2086 # the command splits into words
		corpus_compare "$cmd" 100 10 $cmd -- "${elf[@]}"
	done
	corpus_compare "readelf -w, debug file beside" 10 1 readelf -w -- "${linked[@]}"
	corpus_compare "objdump -W, debug file beside" 10 1 objdump -W -- "${linked[@]}"
done
done_testing
