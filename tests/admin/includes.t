#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Includes go only downward (src/README.md): each part of src/ includes its
# own headers and those of the parts below it. The table is read from
# src/README.md, so the documentation and the check cannot disagree.
. "$top_srcdir/tests/lib/tap.sh"
src=$top_srcdir/src
readme=$src/README.md

# "part: allowed..." lines between the markers.
rules=$(sed -n '/<!-- includes: begin -->/,/<!-- includes: end -->/p' "$readme" |
	sed -n 's/^ *\([a-z/.]*\): *\(.*\)$/\1 \2/p')
[ -n "$rules" ] || bail "no include table in src/README.md"

allowed() {	# allowed FILE HEADER: 0 if FILE may include HEADER
	local file=$1 hdr=$2 part key
	part=${file%%/*}
	[ "$part" = "$file" ] && return 0	# main.c: the whole data flow
	key=$part
	grep -q "^$file " <<<"$rules" && key=$file
	local line
	line=$(grep "^$key " <<<"$rules") || return 1
	for a in ${line#* }; do
		[ "$a" = "${hdr%%/*}" ] && return 0
		[ "$a" = "$hdr" ] && return 0
	done
	return 1
}

# Includes still going the wrong way while the layering is being
# straightened out (issue 26). Each must disappear from here when it is
# fixed: the test fails on an entry that no longer occurs.
known=(
)
is_known() { local k; for k in "${known[@]}"; do [ "$k" = "$1" ] && return 0; done; return 1; }

wrong=() seen=()
cd "$src" || bail "no $src"
for f in */*.[ch] main.c; do
	while read -r hdr; do
		allowed "$f" "$hdr" && continue
		if is_known "$f includes $hdr"; then seen+=("$f includes $hdr")
		else wrong+=("$f includes $hdr"); fi
	done < <(sed -n 's/^#include "\([a-z]*\/[a-z]*\.h\)".*/\1/p' "$f")
done
for w in "${wrong[@]}"; do diag "$w"; done
is "${#wrong[@]}" 0 "every include in src/ goes downward (src/README.md's table)"

gone=()
for k in "${known[@]}"; do
	printf '%s\n' "${seen[@]}" | grep -qxF "$k" || gone+=("$k")
done
for g in "${gone[@]}"; do diag "fixed, remove from known: $g"; done
is "${#gone[@]}" 0 "the list of known wrong-way includes is current"

# A bare "x.h" would hide a part's dependencies from the table.
bare=$(grep -l '^#include "[a-z]*\.h"' */*.[ch] main.c 2>/dev/null | tr '\n' ' ')
is "$bare" "" "every include of a project header names its part"

# The check itself can fail: an upward include is caught.
allowed base/util.c decide/policy.h && r=yes || r=no
is "$r" no "an include upward (base includes decide) is refused"
allowed apply/landlock.c decide/profile.h && r=yes || r=no
is "$r" no "apply may not include struct profile"
done_testing
