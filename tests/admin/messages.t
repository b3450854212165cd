#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What an administrator reads when something is missing or wrong (issue 25,
# item 8), each message next to the run that shows the opposite case:
# "no profile" names every directory searched, $SANDBOX_RUN_PROFILE_PATH's
# included; --list-profiles with nothing to list says so and exits 1;
# --check names what it checked; a directory given as a profile is called a
# directory; -v says which files, promises, preload rules and cached filter
# make up the run; -q never hides --no-sandbox's UNCONFINED warning; log =
# syslog without a syslog socket falls back to stderr and says so once, and
# with one the report goes there, at LOG_AUTHPRIV|LOG_WARNING as
# sandbox-run(1) says.
source "$top_srcdir/tests/lib/tap.sh"
NETTRY=$top_builddir/tests/preload/nettry
DENIER=$top_builddir/tests/supervise/denier
source "$top_srcdir/tests/preload/lib.sh"

tmp=$(tap_tmp)
home=$(tap_home)

# --- "no profile" names the directories it searched -----------------------
mkdir -p "$home/a" "$home/b"
out=$(SANDBOX_RUN_PROFILE_PATH=$home/a:$home/b "$SANDBOX_RUN" true 2>&1)
is "$?" 125 "no profile for a command: exit 125"
like "$out" "^sandbox-run: no profile for true in $home/a, $home/b \(\\\$SANDBOX_RUN_PROFILE_PATH\) or $top_srcdir/profiles; write true.ini" \
	"no profile: names both \$SANDBOX_RUN_PROFILE_PATH directories and the tree's"
printf '[profile]\npromises = stdio\n' >"$home/b/true.ini"
chmod 644 "$home/b/true.ini"
SANDBOX_RUN_PROFILE_PATH=$home/a:$home/b "$SANDBOX_RUN" true
is "$?" 0 "with true.ini in the second of those directories, true runs"
printf '[settings]\nallow-user-profiles = no\n' >"$tmp/nouser.conf"
out=$(SANDBOX_RUN_PROFILE_PATH=$home/a:$home/b "$SANDBOX_RUN" --config "$tmp/nouser.conf" true 2>&1)
like "$out" "no profile for true in $top_srcdir/profiles \(\\\$SANDBOX_RUN_PROFILE_PATH is ignored: allow-user-profiles = no\)" \
	"allow-user-profiles = no: says the variable was ignored"
out=$(SANDBOX_RUN_PROFILE_PATH=$home/a "$SANDBOX_RUN" -p nosuch true 2>&1)
like "$out" "^sandbox-run: --profile nosuch: no such profile in $home/a \(\\\$SANDBOX_RUN_PROFILE_PATH\) or " \
	"--profile NAME not found: the same directories"

# --- --list-profiles with nothing to list ---------------------------------
# A copy of the binary is an installed one (it uses the configured
# directories, not the tree's); in a mount namespace of its own, those
# directories are hidden under empty ones.
cp "$SANDBOX_RUN" "$tmp/sandbox-run"
dirs=$("$tmp/sandbox-run" --help | sed -n 's/^Profiles: //p' | tr -d ,)
if [ "$(id -u)" = 0 ] && [ -n "$dirs" ]; then
	mkdir "$tmp/empty"
	out=$(unshare -m --propagation private bash -c '
		for d in $0; do [ -d "$d" ] && { mount --bind "$1" "$d" || exit 99; }; done
		"$2" --list-profiles; echo "rc=$?"' "$dirs" "$tmp/empty" "$tmp/sandbox-run" 2>&1)
	like "$out" "rc=1$" "--list-profiles with no profile anywhere: exit 1"
	like "$out" "^sandbox-run: --list-profiles: no profiles in ${dirs// / or }; " \
		"... and it says so, naming the directories"
	out=$(unshare -m --propagation private bash -c '
		for d in $0; do [ -d "$d" ] && { mount --bind "$1" "$d" || exit 99; }; done
		"$2" -q --list-profiles; echo "rc=$?"' "$dirs" "$tmp/empty" "$tmp/sandbox-run" 2>&1)
	like "$out" "no profiles in" "... even with -q"
	printf '[profile]\npromises = stdio\n' >"$home/a/mine.ini"
	chmod 644 "$home/a/mine.ini"
	out=$(unshare -m --propagation private bash -c '
		for d in $0; do [ -d "$d" ] && { mount --bind "$1" "$d" || exit 99; }; done
		SANDBOX_RUN_PROFILE_PATH=$3 "$2" --list-profiles; echo "rc=$?"' \
		"$dirs" "$tmp/empty" "$tmp/sandbox-run" "$home/a" 2>&1)
	like "$out" "^mine +user +$home/a/mine.ini" "with one profile on the user path: it is listed"
	like "$out" "rc=0$" "... and the status is 0"
	rm "$home/a/mine.ini"
else
	skip "--list-profiles with no profile" "needs root for a mount namespace"
fi
out=$("$SANDBOX_RUN" --list-profiles)
is "$?" 0 "--list-profiles in the build tree: exit 0"
like "$out" "^file +build tree +$top_srcdir/profiles/file.ini" "... listing the tree's profiles"

# --- --check names what it checked -------------------------------------------
cp "$top_srcdir/profiles/file.ini" "$tmp/file.ini"
chmod 644 "$tmp/file.ini"
is "$("$SANDBOX_RUN" --check "$tmp/file.ini")" "1 file checked ($tmp/file.ini): 0 errors, 0 warnings" \
	"--check FILE names the file"
out=$("$SANDBOX_RUN" --check 2>&1)
like "$out" "^[0-9]+ files checked in $top_srcdir/profiles and $top_srcdir/profiles/sandbox-run.conf: 0 errors" \
	"--check alone names the directory and the settings file it checked"

# --- a directory is not an empty profile ---------------------------------
mkdir "$tmp/dir"
out=$("$SANDBOX_RUN" -p "$tmp/dir" file /etc/passwd 2>&1)
is "$?" 125 "-p DIR: exit 125"
is "$out" "sandbox-run: $tmp/dir: is a directory, not a profile or settings file; name the .ini file in it ($tmp/dir/NAME.ini)" \
	"-p DIR says it is a directory"
out=$("$SANDBOX_RUN" --check "$tmp/dir" 2>&1)
is "$?" 1 "--check DIR: exit 1"
like "$out" "^$tmp/dir: is a directory, not a profile" "--check DIR says it is a directory"
unlike "$out" "empty profile" "... not that it is an empty profile"
cp "$tmp/file.ini" "$tmp/dir/file.ini"
is "$("$SANDBOX_RUN" -p "$tmp/dir/file.ini" file /etc/passwd)" "$(file /etc/passwd)" \
	"-p DIR/NAME.ini, as the message says: runs"
out=$("$SANDBOX_RUN" --config "$tmp/dir" -p "$tmp/dir/file.ini" file /etc/passwd 2>&1)
like "$out" "$tmp/dir: is a directory" "--config DIR says it is a directory too"

# --- -v: what the run is made of ---------------------------------------------
printf '[settings]\nfilter-cache = %s\n' "$tmp/cache" >"$tmp/cache.conf"
mkdir -m 700 "$tmp/cache"
out=$("$SANDBOX_RUN" -v --config "$tmp/cache.conf" file /etc/passwd 2>&1 >/dev/null)
like "$out" "^sandbox-run: settings $tmp/cache.conf$" "-v names the settings file"
like "$out" "sandbox-run: profile $top_srcdir/profiles/file.ini$" "-v names the profile"
like "$out" "sandbox-run: promises: stdio rpath$" "-v lists the promises"
like "$out" "sandbox-run: preloaded libraries: none$" "-v says no library is preloaded"
like "$out" "sandbox-run: seccomp filter: [0-9]+ instructions, compiled and cached$" \
	"-v: the first run compiles the filter and caches it"
out=$("$SANDBOX_RUN" -v --config "$tmp/cache.conf" file /etc/passwd 2>&1 >/dev/null)
like "$out" "sandbox-run: seccomp filter: [0-9]+ instructions, from the cache$" \
	"-v: the second run takes it from the cache"
stdbuf_lib=$(find /usr/libexec/coreutils /usr/lib -name libstdbuf.so 2>/dev/null | head -n 1)
if [ -n "$stdbuf_lib" ]; then
	out=$(LD_PRELOAD=$stdbuf_lib "$SANDBOX_RUN" -v file /etc/passwd 2>&1 >/dev/null)
	like "$out" "sandbox-run: preload rule $top_srcdir/profiles/preload.d/stdbuf.ini$" \
		"-v names the preload rule read"
	like "$out" "sandbox-run: preloaded $stdbuf_lib .*stdbuf" "-v says which rule matched the library"
else
	skip "-v names the preload rule" "no libstdbuf.so"
	skip "-v says which rule matched" "no libstdbuf.so"
fi
out=$("$SANDBOX_RUN" file /etc/passwd 2>&1 >/dev/null)
is "$out" "" "without -v: none of it"

# --- -q and --no-sandbox -------------------------------------------------------
# A library no rule knows: a harmless real one under another name.
if [ -n "$stdbuf_lib" ]; then
	cp "$stdbuf_lib" "$tmp/libunknown.so"
	out=$(LD_PRELOAD=$tmp/libunknown.so "$SANDBOX_RUN" file /etc/passwd 2>&1 >/dev/null)
	like "$out" "libunknown.so" "an unknown preloaded library is warned about"
	out=$(LD_PRELOAD=$tmp/libunknown.so "$SANDBOX_RUN" -q file /etc/passwd 2>&1 >/dev/null)
	is "$out" "" "... and -q hides that warning"
else
	skip "an unknown preloaded library is warned about" "no libstdbuf.so to copy"
	skip "... and -q hides that warning" "no libstdbuf.so to copy"
fi
out=$("$SANDBOX_RUN" -q --no-sandbox file /etc/passwd 2>&1 >/dev/null)
like "$out" "^sandbox-run: --no-sandbox: running /usr/bin/file UNCONFINED" \
	"-q does not hide --no-sandbox's UNCONFINED warning"

# --- log = syslog without and with a syslog socket ---------------------------
printf '[profile]\npromises = stdio\n' >"$tmp/denier.ini"
chmod 644 "$tmp/denier.ini"
if [ "$(id -u)" = 0 ]; then
	# No /dev/log: a private /dev without one (or /dev/null over it).
	nolog() {
		unshare -m --propagation private bash -c '
			[ -e /dev/log ] && { mount --bind /dev/null /dev/log || exit 99; }
			"$@"' nolog "$@"
	}
	out=$(nolog "$SANDBOX_RUN" --log=syslog -p "$tmp/denier.ini" "$DENIER" socket socket 2>&1)
	like "$out" "socket: denied \(EPERM\)" "no syslog socket: the call is still denied"
	is "$(grep -c 'no syslog socket' <<<"$out")" 1 \
		"no syslog socket: said once for two denials"
	like "$out" "sandbox-run: log = syslog: no syslog socket at /dev/log \([^)]*\); reports go to standard error instead" \
		"... naming /dev/log and where the reports go"
	like "$out" "sandbox-run: denier\[[0-9]+\]: denied socket\(AF_INET, SOCK_STREAM, 0\): needs promise \"inet\"" \
		"... and the report is on stderr"
	out=$(nolog "$SANDBOX_RUN" -p "$tmp/denier.ini" "$DENIER" socket 2>&1)
	unlike "$out" "syslog" "log = stderr: nothing said about syslog"
	# A syslog stand-in at /dev/log: the report goes there, not to stderr.
	got=$(devlog_run "$tmp" bash -c '"$@" 2>&1 1>/dev/null | sed "s/^/STDERR:/"' x \
		"$SANDBOX_RUN" --log=syslog -p "$tmp/denier.ini" "$DENIER" socket)
	like "$got" "<84>.*sandbox-run\[[0-9]+\]: denier\[[0-9]+\]: denied socket" \
		"with a syslog socket: the report goes there, facility authpriv, level warning (<84>)"
	unlike "$got" "STDERR:" "... and nothing to stderr"
else
	skip "log = syslog fallback" "needs root for a mount namespace"
fi
MANWIDTH=200 man -l "$top_srcdir/docs/sandbox-run.1" 2>/dev/null | grep -q 'facility authpriv (LOG_AUTHPRIV), priority warning'
ok $? "sandbox-run(1) names the syslog facility and priority the stand-in saw"

done_testing
