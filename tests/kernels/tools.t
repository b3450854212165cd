# SPDX-License-Identifier: GPL-2.0-or-later
# What users of a stock kernel do every day works confined and prints what
# it prints unconfined (tests/kernels/matrix.t runs this in each guest):
# file, file -z on a zstd file, man -l through man-db with sandbox-run in
# front of its filters (docs/guides/man-db.md), gs from PostScript to PNG,
# and file under fakeroot-tcp and fakeroot-sysv. As root and as an
# ordinary user. A refusal ("sandbox-run: ...") counts as a difference.
# On a kernel without Landlock (bullseye's 5.10) the shipped profiles
# refuse (shown once per user), and the same runs are made with copies of
# them set to landlock = best-effort, whose one warning is expected.
source "$top_srcdir/tests/lib/tap.sh"
export MAN_DISABLE_SECCOMP=1 MANWIDTH=80 MANPAGER=cat PAGER=cat SOURCE_DATE_EPOCH=1700000000
unset MANOPT MANPATH MANROFFOPT
SR=$SANDBOX_RUN

dir=$(tap_tmp)
page=/usr/share/man/man1/tbl.1.gz
zcat "$page" >"$dir/tbl.1"
zstd -q "$dir/tbl.1" -o "$dir/tbl.1.zst"
groff -mandoc -Tps "$dir/tbl.1" >"$dir/tbl.ps"
# man-db runs its formatters through sandbox-run: DEFINE lines, and preconv
# (which man-db finds on PATH) behind a wrapper
cp /etc/manpath.config "$dir/manpath.config"
for stage in "nroff nroff -mandoc" "troff groff -mandoc" "tbl tbl" "eqn eqn" "pic pic -S" "refer refer"; do
	printf 'DEFINE\t%s\t%s %s\n' "${stage%% *}" "$SR" "${stage#* }" >>"$dir/manpath.config"
done
mkdir "$dir/bin"
printf '#!/bin/sh\nexec %s /usr/bin/preconv "$@"\n' "$SR" >"$dir/bin/preconv"
chmod -R a+rX "$dir"
files="/etc/passwd /usr/bin/file $dir/tbl.ps"

r=$(tap_tmp)
chmod 777 "$r"

abi=$(python3 -c 'import ctypes; print(ctypes.CDLL(None).syscall(444, 0, 0, 1))')
expected_warning='^$'
if [ "$abi" -le 0 ]; then
	diag "this kernel has no Landlock: the shipped profiles refuse; runs use best-effort copies"
	for runner in $(runners); do
		$runner "$SR" file /etc/passwd >/dev/null 2>"$r/err"
		is "$?:$(grep -c 'Landlock is unavailable.*has no Landlock' "$r/err")" "125:1" \
			"$runner: without Landlock, file's shipped profile (landlock = required) refuses, in one line"
	done
	copies=$(tap_home)
	mkdir "$copies/profiles"
	for f in "$top_srcdir"/profiles/*.ini; do
		sed 's/^landlock = .*/landlock = best-effort/' "$f" >"$copies/profiles/${f##*/}"
	done
	cp -r "$top_srcdir/profiles/preload.d" "$copies/profiles/"
	chmod -R a+rX "$copies"
	export SANDBOX_RUN_PROFILE_PATH=$copies/profiles
	expected_warning='^sandbox-run: warning: Landlock is unavailable .*without filesystem confinement'
fi
run() { # run want|got RUNNER CMD...: $r/want.out, .err, .rc
	local which=$1 runner=$2
	shift 2
	$runner "$@" >"$r/$which.out" 2>"$r/$which.err" </dev/null
	echo $? >"$r/$which.rc"
}
verdict() { # verdict DESCRIPTION: the confined run (got) did as the plain one (want)
	local why=
	cmp -s "$r/want.rc" "$r/got.rc" || why="exit $(cat "$r/want.rc") became $(cat "$r/got.rc"); "
	cmp -s "$r/want.out" "$r/got.out" || why="${why}standard output differs; "
	grep -v "$expected_warning" "$r/got.err" >"$r/got.reported"
	grep -q '^sandbox-run:' "$r/got.reported" &&
		why="${why}reported: $(grep -m1 '^sandbox-run:' "$r/got.reported")"
	if [ -z "$why" ]; then ok 0 "$1"; else
		ok 1 "$1"
		diag "$why"
	fi
}

for runner in $(runners); do
	run want $runner file $files
	run got $runner "$SR" file $files
	verdict "$runner: sandbox-run file F prints what file F prints"

	run want $runner file -z "$dir/tbl.1.zst"
	run got $runner "$SR" file -z "$dir/tbl.1.zst"
	verdict "$runner: sandbox-run file -z on a zstd file"

	run want $runner man -l "$page"
	run got $runner env PATH="$dir/bin:$PATH" man -C "$dir/manpath.config" -l "$page"
	verdict "$runner: man -l with sandbox-run in front of preconv, tbl and nroff"

	gs=(gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -r50)
	rm -rf "$r/want.png" "$r/got.png"
	mkdir -m 777 "$r/want.png" "$r/got.png"
	run want $runner "${gs[@]}" -o "$r/want.png/p-%d.png" "$dir/tbl.ps"
	run got $runner "$SR" "${gs[@]}" -o "$r/got.png/p-%d.png" "$dir/tbl.ps"
	diff -r "$r/want.png" "$r/got.png" >/dev/null || echo "pages differ" >>"$r/got.out"
	ls "$r/want.png"/p-1.png >/dev/null 2>&1 || echo "no page rendered" >>"$r/want.out"
	verdict "$runner: sandbox-run gs renders PostScript to the same PNG pages"

	for flavour in fakeroot-tcp fakeroot-sysv; do
		run want $runner $flavour file $files
		run got $runner $flavour "$SR" file $files
		verdict "$runner: $flavour sandbox-run file F prints what $flavour file F prints"
	done
done
done_testing
