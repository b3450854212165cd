#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The C sources of src/ follow .clang-format: `make format` applies it,
# this test (`make format-check`) fails on a file it would change and
# names the file. The style was applied once, in a commit of its own.
source "$top_srcdir/tests/lib/tap.sh"
cd "$top_srcdir" || bail "no $top_srcdir"
cf=${CLANG_FORMAT:-clang-format}
if ! command -v "$cf" >/dev/null; then
	skip "src/ is formatted by .clang-format" "no clang-format (Debian: apt-get install clang-format)"
	done_testing
	exit 0
fi
diag "$("$cf" --version)"
[ -f .clang-format ] || bail "no .clang-format in $top_srcdir"
bad=()
for f in src/*.c src/*/*.[ch]; do
	"$cf" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
for f in "${bad[@]}"; do diag "not formatted: $f (make format fixes it)"; done
is "${#bad[@]}" 0 "every C file in src/ is as .clang-format lays it out"

# The check can fail: a badly laid out copy of a file is caught.
tmp=$(tap_tmp)
mkdir -p "$tmp/src"
cp .clang-format "$tmp/"
sed 's/^\t//' src/main.c >"$tmp/src/main.c"
! "$cf" --dry-run --Werror "$tmp/src/main.c" >/dev/null 2>&1
ok $? "a file with its indentation removed is reported"
done_testing
