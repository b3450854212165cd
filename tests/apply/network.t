# SPDX-License-Identifier: GPL-2.0-or-later
# Landlock beyond files: TCP ports (ABI 4) and the scoping of signals and
# abstract unix sockets (ABI 6). Each denial beside the same call allowed
# unconfined. Listeners run on loopback only, for a bounded time.
source "$top_srcdir/tests/lib/tap.sh"

NETOPS=$top_builddir/tests/apply/netops
tmp=$(tap_tmp)
abi=$("$SANDBOX_RUN" --explain -p "$top_srcdir/profiles/file.ini" true 2>/dev/null | sed -n 's/.*kernel ABI \([0-9]*\).*/\1/p')

listen_tcp() { # FILE: a loopback listener that lives 60 s and writes its port to FILE
	python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(16)
open(sys.argv[1], "w").write("%d\n" % s.getsockname()[1])
time.sleep(60)' "$1" >/dev/null 2>&1 &
	listeners="${listeners:-} $!"
}
listen_tcp "$tmp/port1"
listen_tcp "$tmp/port2"
python3 -c '
import socket, time
s = socket.socket(socket.AF_UNIX); s.bind("\0sr-test-'$$'"); s.listen(4)
time.sleep(60)' >/dev/null 2>&1 &
listeners="$listeners $!"
trap 'kill $listeners 2>/dev/null; [ "$BASHPID" = "$tap_main_pid" ] && rm -rf "$TAP_ROOT"' EXIT
for i in $(seq 50); do [ -s "$tmp/port1" ] && [ -s "$tmp/port2" ] && break; sleep 0.1; done
read -r port_ok < "$tmp/port1"
read -r port_other < "$tmp/port2"
abstract=sr-test-$$
sleep 0.3

cat > "$tmp/net.ini" <<INI
[profile]
promises = stdio rpath inet unix proc
[network]
connect-tcp = $port_ok
INI
cat > "$tmp/inet.ini" <<INI
[profile]
promises = stdio rpath inet
INI

if [ "${abi:-0}" -lt 6 ]; then
	skip "Landlock network and scoping" "kernel Landlock ABI ${abi:-none} < 6"
	done_testing; exit 0
fi
for runner in $(runners); do
	is "$($runner "$NETOPS" connect-tcp "$port_other")" "connect-tcp $port_other: ok" "$runner: unconfined, connecting to any loopback port works"
	is "$($runner "$SANDBOX_RUN" -p "$tmp/net.ini" "$NETOPS" connect-tcp "$port_ok" 2>&1)" "connect-tcp $port_ok: ok" \
		"$runner: the profile's connect-tcp port can be connected to"
	is "$($runner "$SANDBOX_RUN" -p "$tmp/net.ini" "$NETOPS" connect-tcp "$port_other" 2>&1)" "connect-tcp $port_other: EACCES" \
		"$runner: any other port is refused by Landlock"
	is "$($runner "$SANDBOX_RUN" -p "$tmp/net.ini" "$NETOPS" bind-tcp 0 2>&1)" "bind-tcp 0: EACCES" \
		"$runner: binding is refused when no bind-tcp port is listed"
	is "$($runner "$NETOPS" bind-tcp 0)" "bind-tcp 0: ok" "$runner: unconfined, binding works"
	is "$($runner "$SANDBOX_RUN" -p "$tmp/inet.ini" "$NETOPS" connect-tcp "$port_other" 2>&1)" "connect-tcp $port_other: ok" \
		"$runner: the inet promise without a port list leaves TCP open"

	is "$($runner "$NETOPS" connect-abstract "$abstract")" "connect-abstract $abstract: ok" \
		"$runner: unconfined, an abstract unix socket outside can be reached"
	is "$($runner "$SANDBOX_RUN" -p "$tmp/net.ini" "$NETOPS" connect-abstract "$abstract" 2>&1)" "connect-abstract $abstract: EPERM" \
		"$runner: from the sandbox (unix promise granted) it cannot: abstract sockets are scoped"

	# a process of the same user, outside the sandbox
	pre=()
	[ "$runner" = as_nobody ] && pre=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
	"${pre[@]}" sleep 60 >/dev/null &
	victim=$!
	# until setpriv has become nobody and exec'd sleep (EPERM before that)
	for i in $(seq 50); do
		[ "$(readlink "/proc/$victim/exe")" = "$(readlink -f /bin/sleep)" ] && break
		sleep 0.1
	done
	is "$($runner "$NETOPS" kill $victim)" "kill $victim: ok" "$runner: unconfined, signalling a process of the same user works"
	is "$($runner "$SANDBOX_RUN" -p "$tmp/net.ini" "$NETOPS" kill $victim 2>&1)" "kill $victim: EPERM" \
		"$runner: with the proc promise, signals out of the sandbox are still scoped away"
	kill $victim; wait $victim 2>/dev/null
done
done_testing
