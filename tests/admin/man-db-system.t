#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# man-db set up machine-wide as docs/guides/man-db.md says, in a throw-away
# root: a mount namespace in which /etc/manpath.config, /etc/environment,
# /usr/local/bin and /etc/sudoers.d are bind-mounted copies carrying the
# guide's lines (read from the guide itself, sandbox-run's path replaced by
# the build tree's). An ordinary user (nobody) who logs in with su -l reads
# pages through it: each is byte for byte what plain man prints, and the
# pipeline really ran sandbox-run before tbl and nroff, and the wrappers
# of preconv and col. Without the
# /etc/environment line, man fails with sandbox-run's one-line hint and
# prints nothing; sudo loses the variable unless the guide's sudoers line
# keeps it.
source "$top_srcdir/tests/lib/tap.sh"
guide=$top_srcdir/docs/guides/man-db.md

command -v man >/dev/null || { plan 1; skip "man-db machine-wide" "man is not installed"; exit 0; }
[ "$(id -u)" = 0 ] || { plan 1; skip "man-db machine-wide" "needs root (mount namespace, su)"; exit 0; }
[ -f /etc/manpath.config ] && [ -f /etc/environment ] ||
	{ plan 1; skip "man-db machine-wide" "no /etc/manpath.config or /etc/environment to stand in for"; exit 0; }

T=$(tap_home)
installed=/usr/local/bin/sandbox-run

# --- the guide's configuration, for the build tree's sandbox-run ------------
# DEFINE lines: those of the guide's indented blocks.
cp /etc/manpath.config "$T/manpath.config"
grep -P '^    DEFINE\t' "$guide" | sed "s|^    ||; s|$installed|$SANDBOX_RUN|" >"$T/defines"
cat "$T/defines" >>"$T/manpath.config"
like "$(cut -f2 "$T/defines" | tr '\n' ' ')" "nroff troff tbl eqn pic refer pager" \
	"the guide has DEFINE lines for every formatter and the pager"
# The preconv wrapper, as the guide shows it, and col's made from it.
mkdir "$T/bin"
awk '/^    #!\/bin\/sh$/ { on = 1 } on && /^    / { print substr($0, 5) } on && !/^    / { exit }' \
	"$guide" | sed "s|$installed|$SANDBOX_RUN|" >"$T/bin/preconv"
sed 's/preconv/col/g' "$T/bin/preconv" >"$T/bin/col"
chmod 755 "$T/bin/preconv" "$T/bin/col"
like "$(cat "$T/bin/preconv")" "exec $SANDBOX_RUN /usr/bin/preconv" "the guide's preconv wrapper"
# /etc/environment: the system's, plus the guide's line.
cp /etc/environment "$T/environment"
grep -x '    MAN_DISABLE_SECCOMP=1' "$guide" | sed 's/^    //' >>"$T/environment"
cp /etc/environment "$T/environment.unchanged"
mkdir "$T/sudoers.d"
grep '^    Defaults env_keep' "$guide" | sed 's/^    //' >"$T/sudoers.d/sandbox-run"
chmod 440 "$T/sudoers.d/sandbox-run"
chmod 644 "$T/manpath.config" "$T/environment" "$T/environment.unchanged"

# in_root ENVFILE SUDOERS CMD...: CMD in a mount namespace where the
# machine-wide files are the copies above (SUDOERS: the guide's sudoers.d
# or an empty one).
mkdir "$T/sudoers.empty"
in_root() {
	unshare -m --propagation private bash -c '
		T=$0 env=$1 sudoers=$2
		shift 2
		mount --bind "$T/manpath.config" /etc/manpath.config &&
		mount --bind "$T/$env" /etc/environment &&
		mount --bind "$T/bin" /usr/local/bin || exit 99
		if [ -d /etc/sudoers.d ]; then mount --bind "$T/$sudoers" /etc/sudoers.d || exit 99; fi
		"$@"' "$T" "$@"
}
# as_user PAGE: man as nobody after a login (su -l: PAM's pam_env reads
# /etc/environment, the login shell /etc/profile); only its stdout.
as_user() {
	su -l -s /bin/sh nobody -c "LC_ALL=C.UTF-8 MANWIDTH=80 man -l '$1'" 2>"$T/err"
}

mapfile -t pages < <(ls /usr/share/man/man1/*.gz | head -n 12)
# and three with tables (tbl), the first found
tables=()
for f in /usr/share/man/man[158]/*.gz; do
	zcat "$f" 2>/dev/null | grep -q '^\.TS' && tables+=("$f")
	[ ${#tables[@]} -ge 3 ] && break
done
pages+=("${tables[@]}")

# --- nobody reads pages through the machine-wide setup -----------------------
bad=0
for page in "${pages[@]}"; do
	want=$(setpriv --reuid=nobody --regid=nogroup --clear-groups env -i PATH=/usr/bin:/bin LC_ALL=C.UTF-8 \
		MANWIDTH=80 man -l "$page" 2>/dev/null)
	got=$(in_root environment sudoers.d bash -c "$(declare -f as_user); T=$T; as_user '$page'")
	if [ "$got" != "$want" ] || [ -z "$want" ] || grep -q '^sandbox-run:' "$T/err"; then
		bad=$((bad + 1))
		[ $bad -le 2 ] && diag "$page: $(grep -v 'cannot change directory' "$T/err" | head -3)"
	fi
done
is "$bad" 0 "nobody, logged in with su -l: ${#pages[@]} pages as plain man prints them"

# The stages man started: sandbox-run before tbl and nroff, and the
# preconv and col wrappers found on the login's PATH.
debug=$(in_root environment sudoers.d su -l -s /bin/sh nobody -c \
	"PIPELINE_DEBUG=1 MANWIDTH=80 man -l '${tables[0]:-${pages[0]}}' 2>&1 >/dev/null")
for stage in "tbl" "nroff -mandoc"; do
	like "$debug" "$SANDBOX_RUN $stage" "man ran sandbox-run $stage"
done
like "$debug" "Started \"col\"" "man ran col (the page went to no terminal)"
is "$(in_root environment sudoers.d su -l -s /bin/sh nobody -c 'command -v preconv; command -v col' 2>/dev/null)" \
	"/usr/local/bin/preconv
/usr/local/bin/col" "the login's PATH finds the preconv and col wrappers first"

# --- without the /etc/environment line ----------------------------------------
got=$(in_root environment.unchanged sudoers.d bash -c \
	"$(declare -f as_user); T=$T; as_user '${pages[0]}'")
is "$got" "" "without MAN_DISABLE_SECCOMP in /etc/environment: no page"
like "$(cat "$T/err")" "sandbox-run: cannot confine [a-z]+: already under a seccomp filter \(man-db.s\? set MAN_DISABLE_SECCOMP=1\)" \
	"... and sandbox-run says why, in one line"

# --- sudo -------------------------------------------------------------------------
# root's session comes from su (pam_env: the variable is set); sudo resets
# the environment, and Debian's pam.d/sudo has no pam_env.
if command -v sudo >/dev/null; then
	want=$(setpriv --reuid=nobody --regid=nogroup --clear-groups env -i PATH=/usr/bin:/bin LC_ALL=C.UTF-8 \
		MANWIDTH=80 man -l "${pages[0]}" 2>/dev/null)
	sudo_man="sudo -u nobody env LC_ALL=C.UTF-8 MANWIDTH=80 man -l '${pages[0]}'"
	got=$(in_root environment sudoers.empty su -s /bin/sh root -c "$sudo_man" 2>"$T/err")
	is "$got" "" "sudo man without the sudoers line: no page"
	like "$(cat "$T/err")" "already under a seccomp filter" "... sandbox-run says why"
	got=$(in_root environment sudoers.d su -s /bin/sh root -c "$sudo_man" 2>"$T/err")
	is "$got" "$want" "sudo man with the guide's env_keep line: the page as plain man prints it"
else
	skip "sudo man" "sudo is not installed"
fi

done_testing
