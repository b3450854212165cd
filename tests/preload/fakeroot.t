# SPDX-License-Identifier: GPL-2.0-or-later
# fakeroot under sandbox-run, both flavours of the real Debian package:
# the preload rules let libfakeroot talk to faked and nothing more.
source "$top_srcdir/tests/lib/tap.sh"

NETTRY=$top_builddir/tests/preload/nettry
NETINI=$top_srcdir/tests/preload/nettry.ini
tmp=$(tap_tmp)
trap 'rm -rf "$tmp"' EXIT
source "$top_srcdir/tests/preload/lib.sh"

for runner in $(runners); do
	for flavour in fakeroot-sysv fakeroot-tcp; do
		same_file "$runner: $flavour" $runner $flavour
		like "$($runner $flavour "$SANDBOX_RUN" --explain file /etc/passwd)" \
			"libfakeroot-${flavour#fakeroot-}\.so \(LD_PRELOAD\): rule .*/$flavour\.ini" \
			"$runner: --explain names the library and its rule"
	done
done

# The rule removed (an empty file of its name in a user rule directory):
# the same command is denied, and the report names the library.
mkdir -p "$tmp/user/preload.d"
: > "$tmp/user/preload.d/fakeroot-tcp.ini"
SANDBOX_RUN_PROFILE_PATH=$tmp/user fakeroot-tcp "$SANDBOX_RUN" file /etc/passwd >/dev/null 2>"$tmp/err"
status=$?
ok $((status == 0)) "without the tcp rule, file under fakeroot-tcp fails (status $status)"
like "$(cat "$tmp/err")" "denied socket\(AF_INET, SOCK_STREAM.*libfakeroot-tcp\.so" \
	"without the tcp rule, the denial report names libfakeroot-tcp.so"
like "$(cat "$tmp/err")" "warning: libfakeroot-tcp\.so \(LD_PRELOAD\) is preloaded and no preload rule knows it" \
	"without the tcp rule, the library is reported as unknown"
# The same with a link to /dev/null (systemd's other way to mask): not
# refused for /dev/null's mode, the rule is gone just the same.
mkdir -p "$tmp/linked/preload.d"
ln -s /dev/null "$tmp/linked/preload.d/fakeroot-tcp.ini"
SANDBOX_RUN_PROFILE_PATH=$tmp/linked fakeroot-tcp "$SANDBOX_RUN" file /etc/passwd >/dev/null 2>"$tmp/err"
status=$?
ok $((status == 0 || status == 125)) \
	"tcp rule linked to /dev/null: not refused (125), and file under fakeroot-tcp fails (status $status)"
like "$(cat "$tmp/err")" "denied socket\(AF_INET, SOCK_STREAM.*libfakeroot-tcp\.so" \
	"tcp rule linked to /dev/null: the denial report names libfakeroot-tcp.so"

# Inside fakeroot-tcp: faked's port, and nothing else on the network. The
# supervisor connects faked's address for the target (a preload endpoint),
# on every Landlock ABI: no TCP port rule is involved (6.1's ABI 2 has none).
"$NETTRY" listen > "$tmp/port" &
listener=$!
trap 'kill $listener 2>/dev/null; rm -rf "$tmp"' EXIT
for i in $(seq 50); do [ -s "$tmp/port" ] && break; sleep 0.1; done
read -r port < "$tmp/port"
for runner in $(runners); do
	is "$($runner fakeroot-tcp "$NETTRY" connect "$port")" "connect: ok" \
		"$runner: unconfined under fakeroot-tcp, the test's listener on port $port is reachable"
	out=$($runner fakeroot-tcp "$SANDBOX_RUN" -p "$NETINI" "$NETTRY" connect "$port" 2>/dev/null)
	like "$out" "^connect: E" \
		"$runner: sandboxed under fakeroot-tcp, another loopback port is refused ($out)"
	is "$($runner fakeroot-tcp sh -c 'exec "$0" -p "$1" "$2" connect "$FAKEROOTKEY"' \
		"$SANDBOX_RUN" "$NETINI" "$NETTRY" 2>/dev/null)" "connect: ok" \
		"$runner: sandboxed under fakeroot-tcp, faked's port \$FAKEROOTKEY is reachable"
	for op in tcp6 udp; do
		unconfined=$($runner fakeroot-tcp "$NETTRY" $op)
		if [ "$unconfined" != "$op: ok" ]; then
			skip "$runner: $op socket" "unconfined it fails too: $unconfined"
			continue
		fi
		ok 0 "$runner: unconfined under fakeroot-tcp, a $op socket opens"
		is "$($runner fakeroot-tcp "$SANDBOX_RUN" -p "$NETINI" "$NETTRY" $op 2>/dev/null)" \
			"$op: EPERM" "$runner: sandboxed under fakeroot-tcp, a $op socket is refused (seccomp)"
	done
done
done_testing
