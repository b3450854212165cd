# SPDX-License-Identifier: GPL-2.0-or-later
# snoopy (the real Debian package) logs every exec; under sandbox-run that
# is each exec the profile allows the target, from inside the sandbox.
# (sandbox-run is a static PIE: no preloaded library runs in it, so its own
# exec of the target is not logged; the log line of the exec of sandbox-run
# names the command.)
# Preloaded through LD_PRELOAD, and through /etc/ld.so.preload in a private
# mount namespace (an overlay on /etc: the machine's /etc is untouched).
source "$top_srcdir/tests/lib/tap.sh"

tmp=$(tap_tmp)
trap 'rm -rf "$tmp"' EXIT
source "$top_srcdir/tests/preload/lib.sh"
snoopy=$(ls /lib/*/libsnoopy.so /usr/lib/*/libsnoopy.so 2>/dev/null | head -1)
[ -n "$snoopy" ] || bail "libsnoopy.so is not installed (package snoopy)"
zcat /usr/share/man/man1/file.1.gz > "$tmp/file.1"
chmod 644 "$tmp/file.1"

# compare LABEL RUNNER ENV...: file and groff, sandboxed and not, same output, quiet
compare() {
	local label=$1 runner=$2
	shift 2
	same_file "$label" $runner env "$@"
	is "$($runner env "$@" "$SANDBOX_RUN" groff -man -Tutf8 "$tmp/file.1" 2>"$tmp/err" | md5sum)" \
		"$($runner env "$@" groff -man -Tutf8 "$tmp/file.1" | md5sum)" \
		"$label: groff -man -Tutf8 file.1 renders the same as unconfined"
	unlike "$(cat "$tmp/err")" "sandbox-run" "$label: groff and its helpers: no denial, no warning"
}

for runner in $(runners); do
	compare "$runner: LD_PRELOAD=libsnoopy.so" $runner LD_PRELOAD=libsnoopy.so
	like "$($runner env LD_PRELOAD=libsnoopy.so "$SANDBOX_RUN" --explain file /etc/passwd)" \
		"libsnoopy\.so \(LD_PRELOAD\): rule .*/snoopy\.ini" "$runner: --explain names snoopy's rule"
done

# snoopy's rule grants a datagram socket only: no stream socket that could
# reach a unix service (Landlock does not guard pathname unix sockets).
NETINI=$top_srcdir/tests/preload/nettry.ini
for runner in $(runners); do
	is "$($runner env LD_PRELOAD=libsnoopy.so "$PROBE" socket-unix)" "socket-unix: allowed" \
		"$runner: unconfined with snoopy, a unix stream socket opens"
	is "$($runner env LD_PRELOAD=libsnoopy.so "$SANDBOX_RUN" -p "$NETINI" "$PROBE" socket-unix 2>/dev/null)" \
		"socket-unix: denied (EPERM)" "$runner: sandboxed with snoopy, a unix stream socket is refused"
done

# snoopy really logs from inside the sandbox: a /dev/log stand-in in a
# private mount namespace receives a sandboxed shell's exec of true.
cat >"$tmp/exec.ini" <<'INI'
[profile]
description = a shell that execs true (tests/preload/snoopy.t)
promises = stdio rpath exec
[filesystem]
exec = /usr/bin/true
[arguments]
operands = none
INI
chmod 644 "$tmp/exec.ini"
NETTRY=$top_builddir/tests/preload/nettry
export -f as_root as_nobody
logged() { # RUNNER CMD...: what snoopy sent to /dev/log while CMD ran
	DEVLOG_QUIET=1 devlog_run "$tmp" "$@"
}
if [ "$(id -u)" = 0 ] && [ "$(logged as_root env LD_PRELOAD=libsnoopy.so true)" = "" ] &&
	[ -n "$(logged as_root env LD_PRELOAD=libsnoopy.so sh -c 'exec true')" ]; then
	for runner in $(runners); do
		like "$(logged $runner env LD_PRELOAD=libsnoopy.so "$SANDBOX_RUN" -p "$tmp/exec.ini" \
			sh -c 'exec /usr/bin/true')" \
			"snoopy\[[0-9]+\]: \[.*uid:[a-z]+\([0-9]+\).*\]: /usr/bin/true$" \
			"$runner: snoopy logs the sandboxed exec to /dev/log, with the user's name"
	done
else
	skip "snoopy logging to a /dev/log stand-in" "needs root and a private mount namespace"
fi

# Each exec under snoopy looks up the user's name, and glibc first asks
# nscd for it over a stream socket: unconfined the socket opens (strace);
# sandboxed, snoopy's rule refuses exactly that request with EPERM and no
# report, and glibc reads /etc/passwd. Without the rule's refuse line
# (a copy of the rule on SANDBOX_RUN_PROFILE_PATH, which wins) the same run
# reports the socket.
nscd_socket='socket\(AF_UNIX, SOCK_STREAM\|SOCK_CLOEXEC\|SOCK_NONBLOCK, 0\)' # a regex
like "$(strace -f -e trace=socket env LD_PRELOAD=libsnoopy.so sh -c 'exec /usr/bin/true' 2>&1)" \
	"$nscd_socket = [0-9]" \
	"unconfined, snoopy's name lookup opens glibc's nscd socket"
mkdir -p "$tmp/rules/preload.d"
grep -v '^refuse' "$top_srcdir/profiles/preload.d/snoopy.ini" >"$tmp/rules/preload.d/snoopy.ini"
chmod -R go+rX "$tmp/rules"
for runner in $(runners); do
	$runner env LD_PRELOAD=libsnoopy.so "$SANDBOX_RUN" -p "$tmp/exec.ini" \
		sh -c 'exec /usr/bin/true' 2>"$tmp/err"
	is "$?:$(cat "$tmp/err")" "0:" "$runner: a sandboxed shell's exec under snoopy: no report"
	$runner env LD_PRELOAD=libsnoopy.so SANDBOX_RUN_PROFILE_PATH="$tmp/rules" "$SANDBOX_RUN" \
		-p "$tmp/exec.ini" sh -c 'exec /usr/bin/true' 2>"$tmp/err"
	like "$(cat "$tmp/err")" "denied $nscd_socket" \
		"$runner: ... without the refuse line, the nscd socket is reported"
	# Under on-violation = kill that report was the target's death (SIGSYS).
	$runner env LD_PRELOAD=libsnoopy.so "$SANDBOX_RUN" --on-violation=kill --log=none \
		-p "$tmp/exec.ini" sh -c 'exec /usr/bin/true' 2>/dev/null
	is "$?" 0 "$runner: on-violation = kill: the shell's exec under snoopy runs"
	$runner env LD_PRELOAD=libsnoopy.so SANDBOX_RUN_PROFILE_PATH="$tmp/rules" "$SANDBOX_RUN" \
		--on-violation=kill --log=none -p "$tmp/exec.ini" sh -c 'exec /usr/bin/true' 2>/dev/null
	is "$?" 159 "$runner: ... without the refuse line, the shell is killed (128 + SIGSYS)"
	like "$($runner env LD_PRELOAD=libsnoopy.so "$SANDBOX_RUN" --explain -p "$tmp/exec.ini" sh)" \
		"refuse $nscd_socket \(EPERM, unreported\): .*snoopy\.ini" \
		"$runner: --explain lists the refused call and its rule"
done

# A launcher that has snoopy in it (one built with --disable-static-launcher,
# as the sanitizer build is) must not run snoopy's execve wrapper once
# confined: its name lookups there were denied calls waiting for the
# supervisor, which waited for that exec. A timeout turns such a hang into
# a failure.
for runner in $(runners); do
	$runner timeout 20 env LD_PRELOAD=libsnoopy.so "$SANDBOX_RUN" -p "$tmp/exec.ini" \
		sh -c 'exit 7' 2>"$tmp/err"
	is "$?" 7 "$runner: snoopy preloaded, a supervised run ends with the target's status"
done

# The preload file's own syntax: a comment, blanks, the library by path.
mkdir -p "$tmp/upper" "$tmp/work"
printf '# added by tests/preload/snoopy.t\n\n  %s  \n' "$snoopy" > "$tmp/upper/ld.so.preload"
chmod 644 "$tmp/upper/ld.so.preload"
in_namespace() { # RUNNER CMD...: run with the overlay /etc in a private mount namespace
	local runner=$1
	shift
	unshare -m --propagation private bash -c '
		mount -t overlay overlay -o lowerdir=/etc,upperdir="$0/upper",workdir="$0/work" /etc || exit 99
		"$@"' "$tmp" $runner "$@"
}
if [ "$(id -u)" != 0 ] || ! in_namespace as_root true 2>/dev/null; then
	skip "/etc/ld.so.preload in a private mount namespace" "needs root and overlayfs"
	done_testing; exit 0
fi
ok $([ ! -e /etc/ld.so.preload ] || grep -q snoopy.t /etc/ld.so.preload; echo $?) \
	"the machine's /etc/ld.so.preload is not ours"
like "$(in_namespace as_root "$SANDBOX_RUN" --explain file /etc/passwd)" \
	"libsnoopy\.so \(/etc/ld\.so\.preload\): rule .*/snoopy\.ini" \
	"inside the namespace, /etc/ld.so.preload is read and snoopy's rule matched"
for runner in $(runners); do
	is "$(in_namespace $runner "$SANDBOX_RUN" file $files 2>"$tmp/err")" \
		"$(in_namespace $runner file $files)" "$runner: /etc/ld.so.preload: file prints the same"
	is "$(cat "$tmp/err")" "" "$runner: /etc/ld.so.preload: file: no denial, no warning"
	is "$(in_namespace $runner "$SANDBOX_RUN" groff -man -Tutf8 "$tmp/file.1" 2>"$tmp/err" | md5sum)" \
		"$(in_namespace $runner groff -man -Tutf8 "$tmp/file.1" | md5sum)" \
		"$runner: /etc/ld.so.preload: groff renders the same"
	unlike "$(cat "$tmp/err")" "sandbox-run" "$runner: /etc/ld.so.preload: groff: no denial, no warning"
done
ok $([ ! -e /etc/ld.so.preload ]; echo $?) "after the test, the machine has no /etc/ld.so.preload"
done_testing
