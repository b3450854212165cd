#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# log = syslog | both (and --log=): the report goes to /dev/log, at
# authpriv.warning, instead of or as well as stderr. /dev/log is a listener
# of this test's own, in a private mount namespace (root only).
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/supervise/lib.sh"

if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null || ! command -v python3 >/dev/null; then
	echo "1..0 # SKIP needs root, unshare and python3 for a private /dev/log"
	exit 0
fi
tmp=$(tap_tmp)
prof=$tmp/probe.ini
write_profile "$prof" "stdio rpath"
printf '[settings]\nlog = syslog\n' >"$tmp/syslog.conf"
chmod 644 "$tmp/syslog.conf"

cat >"$tmp/listen.py" <<'PY'
import os, socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
os.chmod(sys.argv[1], 0o666)
open(sys.argv[2] + ".ready", "w").close()
with open(sys.argv[2], "ab", buffering=0) as f:
    while True:
        f.write(s.recv(65536).rstrip(b"\n") + b"\n")
PY

# In the namespace: a /dev of null, zero, random, urandom and our log.
unshare -m --propagation private bash -s "$tmp" "$SANDBOX_RUN" "$prof" "$PROBE" <<'SH'
tmp=$1 sr=$2 prof=$3 probe=$4
mkdir "$tmp/dev"
mount -t tmpfs tmpfs "$tmp/dev"
for d in null zero random urandom; do
	touch "$tmp/dev/$d"
	mount --bind "/dev/$d" "$tmp/dev/$d"
done
python3 "$tmp/listen.py" "$tmp/dev/log" "$tmp/syslog" &
listener=$!
for i in $(seq 100); do [ -e "$tmp/syslog.ready" ] && break; sleep 0.1; done
mount --bind "$tmp/dev" /dev
run() { # NAME ARGS...
	local name=$1
	shift
	"$sr" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	echo $? >"$tmp/$name.rc"
}
run syslog --log=syslog -p "$prof" "$probe" socket-inet
run both --log=both -p "$prof" "$probe" socket-udp
run conf --config="$tmp/syslog.conf" -p "$prof" "$probe" socket-inet6
setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$sr" --log=syslog -p "$prof" "$probe" socket-netlink \
	>"$tmp/nobody.out" 2>"$tmp/nobody.err"
sleep 0.5 # the supervisors end just after their targets
kill $listener
SH

is "$(cat "$tmp/syslog.rc"):$(cat "$tmp/syslog.out")" "1:socket-inet: denied (EPERM)" \
	"--log=syslog: the call is denied"
is "$(cat "$tmp/syslog.err")" "" "--log=syslog: nothing on stderr"
log=$(cat "$tmp/syslog" 2>/dev/null)
like "$log" '^<84>.*sandbox-run\[[0-9]+\]: probe\[[0-9]+\]: denied socket\(AF_INET, SOCK_STREAM, 0\): needs promise "inet"' \
	"--log=syslog: the line is in syslog at authpriv.warning"
like "$(cat "$tmp/both.err")" 'denied socket\(AF_INET, SOCK_DGRAM, 0\)' "--log=both: on stderr"
like "$log" 'probe\[[0-9]+\]: denied socket\(AF_INET, SOCK_DGRAM, 0\)' "--log=both: and in syslog"
is "$(cat "$tmp/conf.err")" "" "log = syslog in sandbox-run.conf: nothing on stderr"
like "$log" 'probe\[[0-9]+\]: denied socket\(AF_INET6, SOCK_STREAM, 0\)' "log = syslog in sandbox-run.conf: in syslog"
like "$log" 'probe\[[0-9]+\]: denied socket\(AF_NETLINK, SOCK_RAW, 0\)' "as nobody too"

done_testing
