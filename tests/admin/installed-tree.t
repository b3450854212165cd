#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# An installed tree: configure with a prefix under a temporary directory,
# make install DESTDIR=..., check the layout follows the GNU directory
# variables, unpack it as a package manager would, and run the installed
# binary. Then the layering of shipped and administrator's profiles,
# drop-ins, preload rules and sandbox-run.conf, compared with golden files
# (tests/admin/layering/*.golden; @T@ stands for the temporary directory).
# Finally make uninstall leaves no file behind.
source "$top_srcdir/tests/lib/tap.sh"
golden_dir=$top_srcdir/tests/admin/layering

T=$(tap_tmp)
P=$T/prefix
stage=$T/stage
# The nested build is a build of its own, not a part of this make check.
unset MAKEFLAGS MFLAGS MAKELEVEL DESTDIR
# A source tree configured in place (README's command) refuses a second,
# separate build: build a clean copy of it instead.
src=$top_srcdir
if [ -f "$top_srcdir/config.status" ]; then
	src=$T/src
	mkdir "$src" && tar -C "$top_srcdir" --exclude=./.git --exclude='*.log' --exclude='*.trs' \
		-cf - . 2>/dev/null | tar -C "$src" -xf - &&
		(cd "$src" && make distclean) >"$T/copy.log" 2>&1 ||
		{ tail -30 "$T/copy.log" | sed 's/^/# /'; bail "cannot make a clean copy of $top_srcdir"; }
fi
mkdir "$T/build"
(cd "$T/build" && "$src/configure" --prefix="$P" --sysconfdir="$P/etc" \
	--disable-static-libs && make -j2 && make install DESTDIR="$stage") >"$T/build.log" 2>&1 ||
	{ tail -30 "$T/build.log" | sed 's/^/# /'; bail "configure, make or make install failed"; }

# --- layout ---------------------------------------------------------------
expected="bin/sandbox-run
etc/sandbox-run/sandbox-run.conf
share/bash-completion/completions/sandbox-run
share/doc/sandbox-run/README.md
share/doc/sandbox-run/writing-profiles.md
share/doc/sandbox-run/guides/man-db.md
share/man/man1/sandbox-run.1
share/man/man5/sandbox-run.conf.5
share/man/man5/sandbox-run.preload.5
share/man/man5/sandbox-run.profile.5
share/sandbox-run/profiles/file.ini"
for f in $expected; do
	[ -f "$stage$P/$f" ]
	ok $? "make install puts $f under the prefix"
done
[ -d "$stage$P/etc/sandbox-run/profiles/preload.d" ]
ok $? "make install creates the administrator's profiles/preload.d"
outside=$(cd "$stage" && find . -type f -not -path ".$P/*")
is "$outside" "" "make install DESTDIR= writes nothing outside DESTDIR/prefix"

# Unpack as dpkg would: the files go where the prefix says.
mkdir -p "$P" && cp -a "$stage$P/." "$P/"
SR=$P/bin/sandbox-run
shipped=$P/share/sandbox-run/profiles
admin=$P/etc/sandbox-run/profiles
conf=$P/etc/sandbox-run/sandbox-run.conf

like "$("$SR" --help)" "Profiles: $P/etc/sandbox-run/profiles, $shipped" \
	"the installed binary names the installed profile directories"
like "$("$SR" --list-profiles)" "^file +shipped +$shipped/file.ini " \
	"--list-profiles finds the installed shipped profiles"
for page in sandbox-run.1 sandbox-run.profile.5 sandbox-run.conf.5 sandbox-run.preload.5; do
	is "$(MANPATH=$P/share/man man -w "${page%.*}" 2>&1)" "$P/share/man/man${page##*.}/$page" \
		"man finds the installed $page"
done
for runner in $(runners); do
	want=$(file /etc/hostname /bin/true)
	got=$($runner "$SR" file /etc/hostname /bin/true 2>&1)
	is "$got" "$want" "$runner: the installed binary runs file with its installed profile"
done

# --- layering goldens -----------------------------------------------------
# A command of our own, so that no shipped profile shares its name.
mkdir "$T/bin" && cp /bin/true "$T/bin/srlayer" && cp /bin/true "$T/bin/srnoprofile"

# The parts of --explain that layering decides: the files read in order,
# the promises and the profile paths with the line granting each.
summary() {
	"$@" 2>/dev/null | awk '
	/^(profile|on-violation|reports):/ { print; next }
	/^(files read|preloaded libraries):/ { blk = $1; print; next }
	/^promises/ { blk = "promises"; print "promises:"; next }
	/^[a-z]/ { blk = ""; next }
	blk == "files" && /\(preload rule\)/ && !/srlayer/ { next } # the shipped rules of the day
	blk == "files" || blk == "preloaded" { print; next }
	blk == "promises" && /^  [a-z_]+:/ { name = $1; next }
	blk == "promises" && /^    granted by:/ { sub(/^ *granted by: */, ""); print "  " name " " $0; next }
	/^  .*\((profile read|profile write|preload rule)\)/ { print }' | sed "s|$T|@T@|g"
}

golden() { # golden NAME DESCRIPTION COMMAND...
	local name=$1 desc=$2
	shift 2
	local got
	got=$(summary "$@")
	if [ -n "${REGENERATE_GOLDEN:-}" ]; then
		printf '%s\n' "$got" >"$golden_dir/$name.golden"
	fi
	is "$got" "$(cat "$golden_dir/$name.golden")" "golden $name: $desc"
}

write() { # write FILE  (text on stdin)
	mkdir -p "$(dirname "$1")" && cat >"$1"
}

write "$shipped/srlayer.ini" <<'EOF'
[profile]
description = shipped srlayer
promises = stdio rpath

[filesystem]
read = /usr/share/misc
EOF
golden shipped "the shipped profile alone" "$SR" --explain "$T/bin/srlayer"

write "$admin/srlayer.ini" <<'EOF'
[profile]
description = administrator's srlayer
promises = proc

[filesystem]
read = /usr/share/doc
EOF
golden admin-override "the administrator's profile replaces the shipped one" \
	"$SR" --explain "$T/bin/srlayer"
is "$("$SR" --list-profiles | grep '^srlayer' | sed "s|$T|@T@|g")" \
"srlayer      administrator      @T@/prefix/etc/sandbox-run/profiles/srlayer.ini  administrator's srlayer
srlayer      shipped,overridden @T@/prefix/share/sandbox-run/profiles/srlayer.ini  shipped srlayer" \
	"--list-profiles shows the administrator's profile and the overridden shipped one"

# The installed bash completion offers the installed profiles.
(
	source "$P/share/bash-completion/completions/sandbox-run"
	COMP_WORDS=("$SR" --profile srl) COMP_CWORD=2
	cd "$T/build" && _sandbox_run; echo "${COMPREPLY[*]}"
) >"$T/completion.out" 2>&1
is "$(cat "$T/completion.out")" "srlayer" "the installed bash completion completes installed profile names"

write "$shipped/srlayer.ini.d/10-shipped.ini" <<'EOF'
[filesystem]
read = /usr/share/common-licenses
EOF
write "$admin/srlayer.ini.d/20-admin.ini" <<'EOF'
[profile]
promises = thread
[filesystem]
read = /etc/os-release
EOF
golden two-dropins "drop-ins of both directories apply in file name order, lists append" \
	"$SR" --explain "$T/bin/srlayer"
is "$("$SR" --list-profiles | grep -A2 '^srlayer  *administrator' | sed "s|$T|@T@|g; s/  */ /g")" \
"srlayer administrator @T@/prefix/etc/sandbox-run/profiles/srlayer.ini administrator's srlayer
 + drop-in @T@/prefix/share/sandbox-run/profiles/srlayer.ini.d/10-shipped.ini
 + drop-in @T@/prefix/etc/sandbox-run/profiles/srlayer.ini.d/20-admin.ini" \
	"--list-profiles lists the drop-ins in the order they apply"

write "$admin/srlayer.ini.d/10-shipped.ini" <<'EOF'
[filesystem]
read = /usr/share/base-files
EOF
golden dropin-shadowed "an administrator's drop-in replaces the shipped drop-in of its name" \
	"$SR" --explain "$T/bin/srlayer"

write "$admin/srlayer.ini.d/30-reset.ini" <<'EOF'
[profile]
promises =
[filesystem]
read =
read = /etc/hostname
EOF
golden reset "an empty assignment resets a list, later lines add to it again" \
	"$SR" --explain "$T/bin/srlayer"
rm "$admin/srlayer.ini.d/30-reset.ini" "$admin/srlayer.ini.d/10-shipped.ini"

write "$T/user/srlayer.ini" <<'EOF'
[profile]
description = user's srlayer
promises = tty
EOF
export SANDBOX_RUN_PROFILE_PATH=$T/nowhere:$T/user
golden user-path "\$SANDBOX_RUN_PROFILE_PATH comes before the system directories" \
	"$SR" --explain "$T/bin/srlayer"
is "$("$SR" --list-profiles | grep '^srlayer' | awk '{ print $2, $3 }' | sed "s|$T|@T@|g")" \
"user @T@/user/srlayer.ini
administrator,overridden @T@/prefix/etc/sandbox-run/profiles/srlayer.ini
shipped,overridden @T@/prefix/share/sandbox-run/profiles/srlayer.ini" \
	"--list-profiles lists the user's profile first and marks the ones it hides"

# --- preload.d ------------------------------------------------------------
write "$shipped/preload.d/srlayer-lib.ini" <<'EOF'
[preload]
description = shipped rule
match = libsrlayer*.so
promises = ipc
EOF
write "$admin/preload.d/srlayer-lib.ini" <<'EOF'
[preload]
description = administrator's rule
match = libsrlayer*.so
promises = flock
EOF
unset SANDBOX_RUN_PROFILE_PATH
golden preload-override "the administrator's preload rule replaces the shipped one of its name" \
	env LD_PRELOAD=libsrlayer-test.so "$SR" --explain "$T/bin/srlayer"

# --- sandbox-run.conf -----------------------------------------------------
cp "$conf" "$T/conf.orig"
setting() { # setting KEY VALUE: change one line of the installed conf
	sed -i "s|^$1 *=.*|$1 = $2|" "$conf"
	grep -q "^$1 = $2\$" "$conf" || bail "cannot set $1 in $conf"
}
setting on-violation report
setting log none
out=$("$SR" --explain "$T/bin/srlayer")
like "$out" "on-violation: report" "on-violation of sandbox-run.conf applies to a profile that does not set it"
like "$out" "reports: none" "log of sandbox-run.conf applies"

out=$("$SR" "$T/bin/srnoprofile" 2>&1)
is "$?" 125 "missing-profile = refuse: a command without a profile is refused"
like "$out" "no profile for srnoprofile in $admin or $shipped" "... saying where it looked"
setting missing-profile default
setting default-profile srlayer
like "$("$SR" --explain "$T/bin/srnoprofile" | grep -A1 '^command:' | tr '\n' ' ')" \
	"^command: $T/bin/srnoprofile profile: $admin/srlayer.ini" \
	"missing-profile = default runs it under default-profile"
"$SR" "$T/bin/srnoprofile"
is "$?" 0 "... and it runs"

setting unknown-preload refuse
out=$(LD_PRELOAD=libsr-unknown.so "$SR" --explain "$T/bin/srlayer" 2>&1)
is "$?" 125 "unknown-preload = refuse: an unknown preloaded library is refused"
like "$out" "libsr-unknown.so \(LD_PRELOAD\) is preloaded and no rule" "... naming it"

export SANDBOX_RUN_PROFILE_PATH=$T/user
like "$("$SR" --explain "$T/bin/srlayer")" "profile: $T/user/srlayer.ini" \
	"allow-user-profiles = yes: the user's path is searched"
setting allow-user-profiles no
like "$("$SR" --explain "$T/bin/srlayer")" "profile: $admin/srlayer.ini" \
	"allow-user-profiles = no: \$SANDBOX_RUN_PROFILE_PATH is ignored"
unlike "$("$SR" --list-profiles)" "^srlayer +user" \
	"allow-user-profiles = no: --list-profiles leaves the user's path out"
out=$("$SR" --profile "$T/user/srlayer.ini" --explain "$T/bin/srlayer" 2>&1)
is "$?" 125 "allow-user-profiles = no: --profile FILE outside the system directories is refused"
like "$out" "allow-user-profiles = no in $conf" "... naming the setting and the file"
like "$("$SR" --profile "$admin/srlayer.ini" --explain "$T/bin/srlayer")" "profile: $admin/srlayer.ini" \
	"allow-user-profiles = no: --profile FILE inside the system directories is accepted"
unset SANDBOX_RUN_PROFILE_PATH
cp "$T/conf.orig" "$conf"

setting log nowhere 2>/dev/null || sed -i 's|^log *=.*|log = nowhere|' "$conf"
out=$("$SR" --explain "$T/bin/srlayer" 2>&1)
is "$?" 125 "a bad value in sandbox-run.conf is fatal"
like "$out" "$conf:[0-9]+: bad value \"nowhere\" for log" "... with file:line"
cp "$T/conf.orig" "$conf"

# --- uninstall ------------------------------------------------------------
rm -f "$shipped/srlayer.ini" "$shipped/preload.d/srlayer-lib.ini"
rm -rf "$shipped/srlayer.ini.d"
(cd "$T/build" && make uninstall DESTDIR="$stage") >>"$T/build.log" 2>&1
ok $? "make uninstall DESTDIR= succeeds"
left=$(cd "$stage" && find . -type f)
is "$left" "" "make uninstall leaves no file behind"
done_testing
