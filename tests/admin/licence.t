#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What a distribution needs before it can ship sandbox-run: the licence
# text (GPL-2.0-or-later) in the tree and in the files `make dist` packs,
# said by README, --version and --help together with where bugs go, and no
# document or comment in the distributed tree that cites a file it does not
# have (DESIGN.md once was one).
source "$top_srcdir/tests/lib/tap.sh"

tmp=$(tap_tmp)
gpl2=/usr/share/common-licenses/GPL-2

# The files make dist packs, without packing them: make distdir copies
# them into a directory (the tarball is made of that directory).
unset MAKEFLAGS MFLAGS MAKELEVEL
make -s -C "$top_builddir" distdir distdir="$tmp/dist" >"$tmp/distdir.log" 2>&1
ok $? "make distdir copies the distributed files" || sed 's/^/# /' "$tmp/distdir.log" | tail -20
dist=$tmp/dist

like "$(head -3 "$dist/COPYING" | tr -s ' \n' ' ')" "GNU GENERAL PUBLIC LICENSE.*Version 2, June 1991" \
	"the distribution has COPYING, the GPL version 2"
if [ -f "$gpl2" ]; then
	cmp -s "$dist/COPYING" "$gpl2"
	ok $? "... the very text Debian keeps in $gpl2"
else
	skip "COPYING is Debian's GPL-2 text" "no $gpl2"
fi
grep -q "either version 2 of the License, or (at your option)" "$dist/README.md" &&
	grep -q "GPL-2.0-or-later" "$dist/README.md"
ok $? "README says GPL-2.0-or-later"

like "$("$SANDBOX_RUN" --version)" "License GPLv2\+: GNU GPL version 2 or later" "--version states the licence"
bugs=$(sed -n 's/^#define PACKAGE_BUGREPORT "\(.*\)"$/\1/p' "$top_builddir/config.h")
like "$bugs" "^https://" "configure's AC_INIT has a bug-report address"
like "$("$SANDBOX_RUN" --help | tail -1)" "^Report bugs to: $bugs$" "--help ends with it"

# No distributed file points at DESIGN.md or STYLE.md: the intent they held
# lives in docs/design-notes.md and the man pages.
cited=$(grep -rlE --exclude=licence.t '\b(DESIGN|STYLE)\.md\b' "$dist" | sed "s|^$dist/||")
is "$cited" "" "no distributed file cites DESIGN.md or STYLE.md"

# Every C source and header carries its licence in an SPDX line.
untagged=$(find "$dist" -name '*.[ch]' -exec grep -L 'SPDX-License-Identifier: GPL-2.0-or-later' {} + |
	sed "s|^$dist/||")
is "$untagged" "" "every distributed C file names its licence (SPDX-License-Identifier)"

# Every relative link of the Markdown documents names a distributed file.
missing=
while IFS= read -r doc; do
	dir=$(dirname "$doc")
	for target in $(grep -oE '\]\([^)#:]+\)' "$doc" | sed 's/^](//; s/)$//'); do
		[ -e "$dir/$target" ] || missing+=" ${doc#"$dist/"}->$target"
	done
done < <(find "$dist" -name '*.md')
is "$missing" "" "every relative link in the Markdown documents names a file of the distribution"

done_testing
