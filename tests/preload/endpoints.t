# SPDX-License-Identifier: GPL-2.0-or-later
# Preload rules name their endpoints as data, and connect() reaches those
# and nothing else: the supervisor compares the address and connects the
# target's socket itself. Each attack works unconfined under the real
# library (or a stand-in of its name, for libraries Debian does not ship)
# and must fail confined, while the library's own endpoint still works.
# (Until the supervisor serves connect, the "refused" checks fail: the
# rules no longer allow connect, so they are what shows the broker works.)
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/preload/lib.sh"

NETTRY=$top_builddir/tests/preload/nettry
NETINI=$top_srcdir/tests/preload/nettry.ini
home=$(tap_home)
tmp=$home
pids=()
trap 'for p in "${pids[@]}"; do kill $p 2>/dev/null; done
	[ "$BASHPID" = "$tap_main_pid" ] && rm -rf "$TAP_ROOT" "$TAP_HOMES"' EXIT
wait_ready() { # FILE: the listener printed "ready"
	for i in $(seq 50); do grep -q ready "$1" 2>/dev/null && return 0; sleep 0.1; done
	bail "a listener did not start: $(cat "$1")"
}

# --- fakeroot-tcp: 127.0.0.1 and ::1 on $FAKEROOTKEY, no other address ----
# faked-tcp listens on 0.0.0.0:$FAKEROOTKEY, so 127.0.0.2 reaches it too:
# a port rule alone (Landlock) let the target reach any host on that port.
abi=$("$SANDBOX_RUN" --explain -p "$top_srcdir/profiles/file.ini" true 2>/dev/null |
	sed -n 's/.*kernel ABI \([0-9]*\).*/\1/p')
for runner in $(runners); do
	is "$($runner fakeroot-tcp sh -c 'exec "$0" connect "$FAKEROOTKEY" 127.0.0.2' "$NETTRY")" \
		"connect: ok" "$runner: unconfined under fakeroot-tcp, 127.0.0.2:\$FAKEROOTKEY is reachable"
	out=$($runner fakeroot-tcp sh -c 'exec "$0" -p "$1" "$2" connect "$FAKEROOTKEY" 127.0.0.2' \
		"$SANDBOX_RUN" "$NETINI" "$NETTRY" 2>"$tmp/err")
	like "$out" "^connect: E" "$runner: sandboxed under fakeroot-tcp, 127.0.0.2:\$FAKEROOTKEY is refused ($out)"
	like "$(cat "$tmp/err")" "connect.*127\.0\.0\.2" "$runner: ... and the report names the address"
	is "$($runner fakeroot-tcp sh -c 'exec "$0" -p "$1" "$2" connect "$FAKEROOTKEY" 127.0.0.1' \
		"$SANDBOX_RUN" "$NETINI" "$NETTRY" 2>/dev/null)" "connect: ok" \
		"$runner: sandboxed under fakeroot-tcp, faked at 127.0.0.1:\$FAKEROOTKEY is reachable"
	same_file "$runner: fakeroot-tcp" $runner fakeroot-tcp
done
[ "${abi:-0}" -ge 4 ] || diag "Landlock ABI ${abi:-none} < 4: the port itself is kept by the broker alone"

# --- snoopy: /dev/log, no other datagram socket ----------------------------
snoopy=$(ls /lib/*/libsnoopy.so /usr/lib/*/libsnoopy.so 2>/dev/null | head -1)
[ -n "$snoopy" ] || bail "libsnoopy.so is not installed (package snoopy)"
"$NETTRY" logd "$home/other.sock" >"$home/other.log" &
pids+=($!)
wait_ready "$home/other.log"
for runner in $(runners); do
	is "$($runner env LD_PRELOAD=libsnoopy.so "$NETTRY" unix-dgram "$home/other.sock" unconfined-$runner)" \
		"unix-dgram: ok" "$runner: unconfined with snoopy, another datagram socket is reachable"
	out=$($runner env LD_PRELOAD=libsnoopy.so "$SANDBOX_RUN" -p "$NETINI" "$NETTRY" unix-dgram \
		"$home/other.sock" confined-$runner 2>"$tmp/err")
	like "$out" "^unix-dgram: E" "$runner: sandboxed with snoopy, another datagram socket is refused ($out)"
	like "$(cat "$tmp/err")" "connect.*other\.sock" "$runner: ... and the report names the path"
done
sleep 0.3
like "$(cat "$home/other.log")" "unconfined-" "the listener received the unconfined datagrams"
unlike "$(cat "$home/other.log")" "^confined-" "the listener received nothing from a sandboxed run"

# /dev/log itself, with a stand-in in a private mount namespace (this
# machine may have no syslog).
with_devlog() { # CMD...: run with a /dev/log stand-in; prints CMD's output, then what it received
	devlog_run "$home" "$@"
}
export -f as_root as_nobody
if [ "$(id -u)" = 0 ] && [ "$(with_devlog as_root "$NETTRY" unix-dgram /dev/log probe)" = "$(printf 'unix-dgram: ok\nprobe')" ]; then
	for runner in $(runners); do
		is "$(with_devlog $runner env LD_PRELOAD=libsnoopy.so "$SANDBOX_RUN" -p "$NETINI" \
			"$NETTRY" unix-dgram /dev/log "to-devlog-$runner")" \
			"$(printf 'unix-dgram: ok\nto-devlog-%s' $runner)" \
			"$runner: sandboxed with snoopy, /dev/log is reachable and receives the message"
	done
	# A datagram socket connected to /dev/log still sends where sendmsg()'s
	# name says: snoopy's socket is a relay to /dev/log instead.
	"$NETTRY" logd "$home/named.sock" >"$home/named.log" &
	pids+=($!)
	wait_ready "$home/named.log"
	for runner in $(runners); do
		is "$(with_devlog $runner env LD_PRELOAD=libsnoopy.so "$NETTRY" unix-dgram-named /dev/log \
			"$home/named.sock" "named-unconfined-$runner")" "unix-dgram-named: ok" \
			"$runner: unconfined with snoopy, a datagram connected to /dev/log reaches another socket by name"
		with_devlog $runner env LD_PRELOAD=libsnoopy.so "$SANDBOX_RUN" -p "$NETINI" "$NETTRY" \
			unix-dgram-named /dev/log "$home/named.sock" "named-confined-$runner" >/dev/null
	done
	sleep 0.3
	like "$(cat "$home/named.log")" "named-unconfined-" "the other socket received the unconfined messages"
	unlike "$(cat "$home/named.log")" "named-confined-" \
		"sandboxed with snoopy, sendmsg() with a name reaches no socket but /dev/log"
else
	skip "/dev/log through a stand-in" "needs root and a private mount namespace"
fi

# --- firebuild and the antivirus hooks: stand-ins of their names -----------
# Debian ships neither; a library of the rule's file name that does
# nothing makes the rule apply, and the probe makes the library's calls.
echo 'int sr_stand_in(void) { return 0; }' >"$home/stand-in.c"
mkdir -p "$home/lib"
for name in libfirebuild.so libesets_pac.so; do
	gcc -shared -fPIC -o "$home/lib/$name" "$home/stand-in.c" || bail "cannot build $name"
done
chmod -R go+rX "$home/lib"
"$NETTRY" unix-listen "$home/fb.sock" >"$home/fb.log" &
pids+=($!)
"$NETTRY" unix-listen "$home/bus.sock" >"$home/bus.log" &
pids+=($!)
wait_ready "$home/fb.log"
wait_ready "$home/bus.log"
fb="LD_PRELOAD=$home/lib/libfirebuild.so FB_SOCKET=$home/fb.sock"
av="LD_PRELOAD=$home/lib/libesets_pac.so"
for runner in $(runners); do
	is "$($runner env $fb "$NETTRY" unix-stream "$home/bus.sock")" "unix-stream: ok" \
		"$runner: unconfined with firebuild, another stream socket (a session bus) is reachable"
	out=$($runner env $fb "$SANDBOX_RUN" -p "$NETINI" "$NETTRY" unix-stream "$home/bus.sock" 2>/dev/null)
	like "$out" "^unix-stream: E" "$runner: sandboxed with firebuild, another stream socket is refused ($out)"
	is "$($runner env $fb "$SANDBOX_RUN" -p "$NETINI" "$NETTRY" unix-stream "$home/fb.sock" \
		2>/dev/null)" "unix-stream: ok" "$runner: sandboxed with firebuild, \$FB_SOCKET is reachable"
	is "$($runner env $av "$NETTRY" unix-stream "$home/bus.sock")" "unix-stream: ok" \
		"$runner: unconfined with the ESET hook, a stream socket is reachable"
	out=$($runner env $av "$SANDBOX_RUN" -p "$NETINI" "$NETTRY" unix-stream "$home/bus.sock" 2>/dev/null)
	like "$out" "^unix-stream: E" "$runner: sandboxed with the ESET hook (no endpoint known), it is refused ($out)"
done
done_testing
