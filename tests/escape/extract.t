#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile archives against an output directory (issue 25): members named
# ../x or /abs/x, a symbolic link member and then a file through it, a
# member over a file that was there before, a member in a directory that
# was there before (.git/hooks), a link planted in the output directory
# beforehand. Each attack first runs unconfined with the tool's own
# protections off (bsdtar -P, unzip -: and -o: a tool with a hole, or a
# user who asked), and writes where it aims; confined, nothing outside
# the output directory and nothing that was in it changes, and the
# refusal is reported. Homes under /var/tmp (tap_home), as root and nobody.
source "$top_srcdir/tests/lib/tap.sh"
command -v python3 >/dev/null && command -v bsdtar >/dev/null && command -v unzip >/dev/null ||
	{ echo "1..0 # SKIP python3, bsdtar or unzip missing"; exit 0; }
scratch=$(tap_tmp)

# hostile HOME ARCHIVE-DIR: the archives, aimed at HOME.
hostile() {
	python3 - "$1" "$2" <<'PY'
import io, sys, tarfile, zipfile
home, out = sys.argv[1], sys.argv[2]
def tar(name, members):
    with tarfile.open(f"{out}/{name}", "w", format=tarfile.GNU_FORMAT) as t:
        for m in members:
            info = tarfile.TarInfo(m[0])
            if m[1] == "symlink":
                info.type, info.linkname = tarfile.SYMTYPE, m[2]
                t.addfile(info)
            else:
                data = m[1].encode()
                info.size = len(data)
                t.addfile(info, io.BytesIO(data))
def zip_(name, members):
    with zipfile.ZipFile(f"{out}/{name}", "w") as z:
        for path, text in members:
            z.writestr(zipfile.ZipInfo(path), text)
tar("dotdot.tar", [("../dotdot.txt", "escaped")])
tar("absolute.tar", [(f"{home}/absolute.txt", "escaped")])
tar("through.tar", [("link", "symlink", home), ("link/through.txt", "escaped")])
tar("over.tar", [("victim.txt", "overwritten")])
tar("hooks.tar", [(".git/hooks/post-checkout", "#!/bin/sh\necho owned\n")])
tar("planted.tar", [("planted/planted.txt", "escaped")])
with tarfile.open(f"{out}/hardlink.tar", "w", format=tarfile.GNU_FORMAT) as t:
    info = tarfile.TarInfo("lnk")
    info.type, info.linkname = tarfile.LNKTYPE, f"{home}/secret.txt"
    t.addfile(info)
zip_("dotdot.zip", [("../zipdotdot.txt", "escaped")])
zip_("over.zip", [("victim.txt", "overwritten")])
PY
}

# One case: fresh HOME with out/ (and what the case plants), the command
# run in HOME; prints nothing. $1 runner, $2 case, then the command.
setup() { # setup HOME: out/ with a victim, a .git/hooks/, a planted link
	rm -rf "$1"/* "$1"/.[!.]* 2>/dev/null
	mkdir -p "$1/out/.git/hooks"
	echo original >"$1/out/victim.txt"
	echo secret >"$1/secret.txt"
	ln -s "$1" "$1/out/planted"
	[ "$runner" = as_nobody ] && chown -R -h nobody:nogroup "$1"
	return 0
}
run_in() { # run_in HOME CMD...: status in $rc, stderr in $err
	$runner bash -c 'cd "$1" && shift && exec "$@"' -- "$1" "${@:2}" >/dev/null \
		2>"$scratch/err" </dev/null
	rc=$?
	err=$(cat "$scratch/err")
}

# attack DESC EVIDENCE EXPECTED CMD...: unconfined, EVIDENCE (a file in
# HOME) comes to hold EXPECTED; confined, it does not, out/victim.txt still
# says "original", nothing but out/ changed in HOME, and a denial is reported.
attack() {
	local desc=$1 evidence=$2 expected=$3
	shift 3
	setup "$home"
	run_in "$home" "$@"
	is "$(cat "$home/$evidence" 2>/dev/null)" "$expected" "$runner: unconfined, $desc"
	setup "$home"
	local before
	before=$(cd "$home" && find . -path ./out -prune -o -print | sort)
	run_in "$home" "$SANDBOX_RUN" "$@"
	local got=$(cat "$home/$evidence" 2>/dev/null)
	[ "$got" != "$expected" ] && [ "$(cat "$home/out/victim.txt")" = original ] &&
		[ "$(cd "$home" && find . -path ./out -prune -o -print | sort)" = "$before" ] &&
		[ ! -e "$home/out/.git/hooks/post-checkout" ]
	ok $? "$runner: confined, $desc: nothing happens"
	[ "$got" != "$expected" ] || diag "$evidence: $got"
	like "$err" "^sandbox-run: .*denied" "$runner: ... and the refusal is reported"
}

for runner in $(runners); do
	home=$(tap_home)
	arch=$(tap_tmp)
	hostile "$home" "$arch"
	chmod -R a+rX "$arch"
	attack "bsdtar -P extracts ../x out of the directory" dotdot.txt escaped \
		bsdtar -x -P -C out -f "$arch/dotdot.tar"
	attack "bsdtar -P extracts an absolute name" absolute.txt escaped \
		bsdtar -x -P -C out -f "$arch/absolute.tar"
	attack "bsdtar -P writes through a symbolic link member" through.txt escaped \
		bsdtar -x -P -C out -f "$arch/through.tar"
	attack "bsdtar -P writes through a link planted in the directory" planted.txt escaped \
		bsdtar -x -P -C out -f "$arch/planted.tar"
	attack "bsdtar -P makes a hard link to a file outside" out/lnk secret \
		bsdtar -x -P -C out -f "$arch/hardlink.tar"
	attack "bsdtar extracts over a file that was there" out/victim.txt overwritten \
		bsdtar -x -C out -f "$arch/over.tar"
	attack "bsdtar adds a hook to a directory that was there" out/.git/hooks/post-checkout \
		"$(printf '#!/bin/sh\necho owned')" bsdtar -x -C out -f "$arch/hooks.tar"
	attack "unzip -: extracts ../x out of the directory" zipdotdot.txt escaped \
		unzip -: -d out "$arch/dotdot.zip"
	attack "unzip -o extracts over a file that was there" out/victim.txt overwritten \
		unzip -o -d out "$arch/over.zip"
	# What the run made it may change: a member twice (unzip -o) is rewritten.
	setup "$home"
	python3 -c 'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],"w"); z.writestr("t/a","1"); z.writestr("t/a","2")' \
		"$arch/twice.zip" 2>/dev/null
	chmod a+r "$arch/twice.zip"
	run_in "$home" "$SANDBOX_RUN" unzip -o -d out "$arch/twice.zip"
	is "$rc:$(cat "$home/out/t/a" 2>/dev/null)" 0:2 \
		"$runner: a file the run made is rewritten by a later member"
	rm -rf "$home"
done

# The broker itself, driven by tests/escape/creator: an output prefix
# (-o DIR/p) and an output directory (--exact DIR), what a hostile
# extractor or renderer would ask for. Each action's verdict confined;
# the same actions unconfined all work (exit 0). What the broker refuses
# in its directories is EACCES; a create that leads out of them (a link
# planted there, ..) is a call no promise grants: EPERM.
CREATOR=$top_builddir/tests/escape/creator
ini=$(tap_tmp)/creator.ini
printf '[profile]\npromises = stdio rpath\n[arguments]\noperands = none\noutput-prefix-options = -o\noutput-directory-options = --exact\n' >"$ini"
chmod 644 "$ini"
for runner in $(runners); do
	h=$(tap_home)
	prepare() {
		rm -rf "$h"/*
		mkdir -p "$h/pages" "$h/out/pre" "$h/outside"
		echo old >"$h/pages/p-old.ppm"
		echo old >"$h/out/old.txt"
		ln -s "$h/outside" "$h/out/planted"
		[ "$runner" = as_nobody ] && chown -R -h nobody:nogroup "$h"
		return 0
	}
	actions=(--create "$h/pages/p-1.ppm" --create "$h/pages/q.ppm" --append "$h/pages/p-old.ppm"
		 --create "$h/pages/p-1.ppm"
		 --mkdir "$h/out/a" --create "$h/out/a/f" --create "$h/out/a/f" --unlink "$h/out/a/f"
		 --rename "$h/out/a" "$h/out/b" --append "$h/out/old.txt" --trunc "$h/out/old.txt"
		 --create "$h/out/pre/hook" --mkdir "$h/out/pre/x" --create "$h/out/planted/x"
		 --create "$h/out/../escaped" --unlink "$h/out/old.txt")
	prepare
	$runner "$CREATOR" -o "$h/pages/p" --exact "$h/out" "${actions[@]}" >/dev/null 2>&1
	is "$?" 0 "$runner: unconfined, every action works"
	prepare
	out=$($runner "$SANDBOX_RUN" -p "$ini" "$CREATOR" -o "$h/pages/p" --exact "$h/out" \
		"${actions[@]}" 2>"$scratch/err")
	want="create $h/pages/p-1.ppm: ok
create $h/pages/q.ppm: EACCES
append $h/pages/p-old.ppm: EACCES
create $h/pages/p-1.ppm: ok
mkdir $h/out/a: ok
create $h/out/a/f: ok
create $h/out/a/f: ok
unlink $h/out/a/f: ok
rename $h/out/a: EACCES
append $h/out/old.txt: EACCES
trunc $h/out/old.txt: EACCES
create $h/out/pre/hook: EACCES
mkdir $h/out/pre/x: EACCES
create $h/out/planted/x: EPERM
create $h/out/../escaped: EPERM
unlink $h/out/old.txt: EACCES"
	is "$out" "$want" "$runner: confined, new names only, in the prefix and in the tree the run made"
	[ "$(cat "$h/out/old.txt")" = old ] && [ "$(cat "$h/pages/p-old.ppm")" = old ] &&
		[ -z "$(ls -A "$h/outside")" ] && [ ! -e "$h/escaped" ] && [ ! -e "$h/pages/q.ppm" ]
	ok $? "$runner: ... and nothing that was there, nothing outside, changed"
	is "$(grep -c '^sandbox-run: .*denied' "$scratch/err")" 10 "$runner: ... each refusal reported"
	rm -rf "$h"
done
done_testing
