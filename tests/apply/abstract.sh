# SPDX-License-Identifier: GPL-2.0-or-later
# abstract_listener NAME DIR: an abstract Unix socket @NAME listening
# outside the sandbox (accepting and closing, for 300 s), ready when this
# returns; killed when the test exits (old-abi.t, no-landlock.t).
abstract_listener() {
	local name=$1 dir=$2 previous_trap
	python3 -c '
import socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind("\0" + sys.argv[1]); s.listen(8)
print("ready", flush=True)
end = time.time() + 300
while time.time() < end:
    c, _ = s.accept(); c.close()' "$name" >"$dir/abstract.out" 2>&1 &
	previous_trap=$(trap -p EXIT | sed "s/^trap -- '\\(.*\\)' EXIT$/\\1/")
	# shellcheck disable=SC2064 # the listener's pid, now
	trap "kill $! 2>/dev/null; $previous_trap" EXIT
	for _ in $(seq 50); do grep -q ready "$dir/abstract.out" && break; sleep 0.1; done
}
