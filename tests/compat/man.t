# SPDX-License-Identifier: GPL-2.0-or-later
# man-db with sandbox-run in front of its formatters: a man -C config whose
# DEFINE lines run nroff, troff (groff), tbl, eqn, pic and refer under
# sandbox-run, and a PATH entry that does the same for preconv (man-db finds
# preconv on PATH, it has no DEFINE), prints every page byte for byte as
# plain man-db does, for -Tutf8 text and -t PostScript, with nothing
# reported. man-db's own seccomp filter is turned off for both runs
# (MAN_DISABLE_SECCOMP=1) so that two sandboxes do not stack: this is the
# setup docs/guides/man-db.md describes.
source "$top_srcdir/tests/lib/tap.sh"
# preconv, tbl and troff run at once and share standard error: which
# warning comes first is the scheduler's (tbl's "giving up on this table"
# once came before troff's lines and once after, in two runs of the same
# page). The same lines must come out; their order may differ.
ERR_ORDER=any
source "$top_srcdir/tests/compat/compat.sh"

command -v man >/dev/null || { plan 1; skip "man-db" "man is not installed"; exit 0; }
export MAN_DISABLE_SECCOMP=1 MANWIDTH=80 MANPAGER=cat PAGER=cat SOURCE_DATE_EPOCH=1700000000
unset MANOPT MANPATH MANROFFOPT

conf=$CT/manpath.config
cp /etc/manpath.config "$conf"
for stage in "nroff nroff -mandoc" "troff groff -mandoc" "tbl tbl" "eqn eqn" "pic pic -S" \
	"refer refer"; do
	printf 'DEFINE\t%s\t%s %s\n' "${stage%% *}" "$SANDBOX_RUN" "${stage#* }" >>"$conf"
done
mkdir "$CT/bin"
printf '#!/bin/sh\nexec %s /usr/bin/preconv "$@"\n' "$SANDBOX_RUN" >"$CT/bin/preconv"
chmod -R a+rX "$CT"
chmod a+x "$CT/bin/preconv"

mapfile -d '' pages < <(real_files 50 /usr/share/man/man1 /usr/share/man/man5 /usr/share/man/man8)
# pages that need eqn, pic or tbl, where the machine has them
mapfile -t pre < <(zgrep -l '^\.\(EQ\|PS\|TS\)' /usr/share/man/man[1-8]/*.gz 2>/dev/null | head -n 20)
pages+=("${pre[@]}")

# man_both DESC MAN-ARGS...: man alone, then with the sandboxing config,
# over every page; one TAP line.
man_both() {
	local desc=$1 bad=0 why
	shift
	for page in "${pages[@]}"; do
		compat_run "$CT/want" man "$@" -l "$page"
		compat_run "$CT/got" env PATH="$CT/bin:$PATH" man -C "$conf" "$@" -l "$page"
		why=$(compat_why)
		[ -z "$why" ] && continue
		bad=$((bad + 1))
		[ $bad -le 3 ] && diag "$page" && compat_show "$why"
	done
	is "$bad" 0 "man $* -l over ${#pages[@]} pages: $desc"
}
man_both "sandboxed formatters print the same text"
pages=("${pages[@]:0:15}")
man_both "sandboxed groff prints the same PostScript" -t

# Without MAN_DISABLE_SECCOMP man-db's own filter is inherited by
# sandbox-run and refuses the seccomp() calls it needs: it runs nothing,
# names the cause and the remedy in one line, and the page is never
# printed unconfined.
compat_run "$CT/got" env -u MAN_DISABLE_SECCOMP PATH="$CT/bin:$PATH" man -C "$conf" -l "${pages[0]}"
like "$(cat "$CT/got.err")" "sandbox-run: cannot confine [a-z]+: already under a seccomp filter \(man-db.s\? set MAN_DISABLE_SECCOMP=1\)" \
	"man-db's seccomp left on: sandbox-run runs nothing and names MAN_DISABLE_SECCOMP"
[ ! -s "$CT/got.out" ]
ok $? "... and no page is printed"

# The DEFINE lines are what man runs: a profile too tight for nroff shows.
sed -i "s|^DEFINE\tnroff\t.*|DEFINE\tnroff\t$SANDBOX_RUN -p default nroff -mandoc|" "$conf"
got=$(PATH="$CT/bin:$PATH" man -C "$conf" -l "${pages[0]}" 2>&1 >/dev/null)
like "$got" "sandbox-run: .*denied" "the config's nroff really runs under sandbox-run (a too tight profile is reported)"
done_testing
