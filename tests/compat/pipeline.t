# SPDX-License-Identifier: GPL-2.0-or-later
# Pipelines of sandboxed stages behave as the same pipelines without
# sandbox-run: man-db's chain zcat | preconv | tbl | groff | less prints the
# same bytes with the same PIPESTATUS, and a reader that stops early (head)
# ends each writer the same way (SIGPIPE, status 141, or its own EPIPE
# handling): sandbox-run execs in place, so signals and statuses are the
# tool's own.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"
SR=$SANDBOX_RUN

mapfile -d '' gz < <(real_files 10 /usr/share/man/man1 /usr/share/man/man8 -name '*.gz' -size +2k)
bad=0
for page in "${gz[@]}"; do
	{
		zcat "$page" | preconv | tbl | groff -mandoc -Tutf8 | less -FX >"$CT/want"
		want="${PIPESTATUS[*]}"
	} 2>"$CT/want.err"
	{
		$SR zcat "$page" | $SR preconv | $SR tbl | $SR groff -mandoc -Tutf8 | $SR less -FX \
			>"$CT/got"
		got="${PIPESTATUS[*]}"
	} 2>"$CT/got.err"
	if [ "$want" != "$got" ] || ! cmp -s "$CT/want" "$CT/got" ||
		! cmp -s "$CT/want.err" "$CT/got.err"; then
		bad=$((bad + 1))
		diag "$page: PIPESTATUS $want / $got; $(grep -m1 sandbox-run: "$CT/got.err")"
	fi
done
is "$bad" 0 "zcat | preconv | tbl | groff -mandoc -Tutf8 | less -FX over ${#gz[@]} pages: same bytes, same PIPESTATUS"

# A few megabytes of real text, so that every writer outlives the pipe.
for page in /usr/share/man/man1/*.gz; do
	zcat "$page"
	[ "$(stat -c %s "$CT/big" 2>/dev/null || echo 0)" -gt 4000000 ] && break
done >"$CT/big" 2>/dev/null
gzip -c "$CT/big" >"$CT/big.gz"
chmod a+r "$CT/big" "$CT/big.gz"

early_exit() { # early_exit DESC CMD...: CMD | head -n 1 with and without sandbox-run
	local desc=$1
	shift
	"$@" 2>"$CT/want.err" | head -n 1 >"$CT/want"
	local want="${PIPESTATUS[*]}"
	"$SR" "$@" 2>"$CT/got.err" | head -n 1 >"$CT/got"
	local got="${PIPESTATUS[*]}"
	is "$got" "$want" "$desc | head -n 1: PIPESTATUS ($want) as without sandbox-run"
	cmp -s "$CT/want" "$CT/got" && ! grep -q '^sandbox-run:' "$CT/got.err"
	ok $? "$desc | head -n 1: same first line, nothing reported"
}
early_exit "zcat (a script running gzip)" zcat "$CT/big.gz"
early_exit "gzip -dc" gzip -dc "$CT/big.gz"
early_exit "xz -c" xz -c "$CT/big"
early_exit "strings" strings "$CT/big"
early_exit "preconv" preconv "$CT/big"
early_exit "groff (troff and grotty behind it)" groff -mandoc -Tutf8 "$CT/big"
early_exit "less (not on a terminal)" less "$CT/big"

# The same in the middle of a chain.
zcat "$CT/big.gz" | tbl | head -n 1 >/dev/null
want="${PIPESTATUS[*]}"
$SR zcat "$CT/big.gz" | $SR tbl | head -n 1 >/dev/null
is "${PIPESTATUS[*]}" "$want" "zcat | tbl | head -n 1: every stage ends as without sandbox-run"
done_testing
