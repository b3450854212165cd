# SPDX-License-Identifier: GPL-2.0-or-later
# fakeroot-sysv under sandbox-run: the rule reaches faked's two message
# queues and its semaphore, by their ids, and nothing else of the user's
# System V objects. Each attack is first shown to work unconfined, under
# the same real libfakeroot-sysv.so (fakeroot-sysv sets LD_PRELOAD and
# FAKEROOTKEY), then run confined under a profile with no ipc promise.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/preload/lib.sh"

IPCTRY=$top_builddir/tests/preload/ipctry
NETINI=$top_srcdir/tests/preload/nettry.ini
home=$(tap_home)
tmp=$home
command -v fakeroot-sysv >/dev/null || bail "fakeroot-sysv is not installed (package fakeroot)"
lib=$(ls /usr/lib/*/libfakeroot/libfakeroot-sysv.so | head -1)

# Objects made here are removed however the test ends (root may remove any).
made=()
remove_made() {
	local o
	for o in "${made[@]}"; do ipcrm "-${o%% *}" "${o#* }" 2>/dev/null; done
}
trap 'remove_made; [ "$BASHPID" = "$tap_main_pid" ] && rm -rf "$TAP_ROOT" "$TAP_HOMES"' EXIT
# A key no object has: ipcs lists keys as 0x%08x.
free_key() {
	local k
	while :; do
		k=$((0x53520000 + RANDOM))
		ipcs | grep -q "$(printf '0x%08x' $k)" || { echo $k; return; }
	done
}

owned=$home/owned
touch "$owned"
[ "$(id -u)" = 0 ] && chown nobody "$owned"

for runner in $(runners); do
	same_file "$runner: fakeroot-sysv" $runner fakeroot-sysv
	explain=$($runner fakeroot-sysv "$SANDBOX_RUN" --explain -p "$NETINI" true 2>&1)
	like "$explain" "adds allow msgsnd\([0-9]+/0xffffffff\)" \
		"$runner: --explain shows msgsnd on faked's queue id only"
	unlike "$explain" "allow (msgsnd|msgrcv|semop|semtimedop|msgget|semget)( |$|\(\*)" \
		"$runner: --explain shows no IPC call on any id or key"

	# Another queue and semaphore set of the same user, and a key no one uses.
	qkey=$(free_key)
	qid=$($runner "$IPCTRY" make-queue $qkey) && made+=("q $qid")
	skey=$(free_key)
	sid=$($runner "$IPCTRY" make-sem $skey) && made+=("s $sid")
	[ -n "$qid" ] && [ -n "$sid" ] || bail "$runner: cannot make the victim queue and semaphore"
	newkey=$(free_key)

	for op in "msgsnd $qid" "msgrcv $qid" "semop $sid" "msgget $qkey"; do
		set -- $op
		want="$1: ok"
		[ "$1" = msgrcv ] && want="msgrcv: ok" # after msgsnd's message
		is "$($runner fakeroot-sysv "$IPCTRY" $op)" "$want" \
			"$runner: unconfined under fakeroot-sysv, $1 on another object of the user works"
		is "$($runner fakeroot-sysv "$SANDBOX_RUN" -p "$NETINI" "$IPCTRY" $op 2>"$tmp/err")" \
			"$1: EPERM" "$runner: sandboxed under fakeroot-sysv, $1 on another object is refused"
		like "$(cat "$tmp/err")" "denied ${1/semop/(semop|semtimedop)}\(" "$runner: ... and reported"
	done

	is "$($runner fakeroot-sysv "$IPCTRY" create $newkey)" "create: ok" \
		"$runner: unconfined under fakeroot-sysv, msgget(IPC_CREAT) makes a queue under a new key"
	ipcrm -Q $newkey 2>/dev/null
	is "$($runner fakeroot-sysv "$SANDBOX_RUN" -p "$NETINI" "$IPCTRY" create $newkey 2>/dev/null)" \
		"create: EPERM" "$runner: sandboxed under fakeroot-sysv, msgget(IPC_CREAT) under a new key is refused"
	ipcs -q | grep -q "$(printf '0x%08x' $newkey)"
	ok $((! $?)) "$runner: ... and no queue with that key exists"
	ipcrm -Q $newkey 2>/dev/null

	# faked's own queue stays reachable by the id the launcher resolved:
	# libfakeroot's stat wrapper round-trips through it (msgsnd, msgrcv,
	# semtimedop) and reports faked's owner, root, for nobody's file.
	is "$($runner fakeroot-sysv stat -c %u "$owned")" "0" \
		"$runner: unconfined under fakeroot-sysv, stat of nobody's file says uid 0 (faked)"
	is "$($runner fakeroot-sysv "$SANDBOX_RUN" -p "$NETINI" stat -c %u "$owned" 2>"$tmp/err")" \
		"0" "$runner: sandboxed under fakeroot-sysv, stat asks faked and says uid 0"
	is "$(cat "$tmp/err")" "" "$runner: ... with no report"
done

# The launcher resolves faked's objects before confining; without them it
# refuses to run (fail closed), and says why. Only a static launcher can be
# run so without faked: a dynamic one (sanitizer builds) loads the library
# itself, whose first call then waits for a faked that is not there.
if ! file -L "$SANDBOX_RUN" | grep -Eq 'static-pie linked|statically linked'; then
	skip "FAKEROOTKEY naming no faked" "a dynamically linked launcher loads libfakeroot itself"
	done_testing
	exit 0
fi
key=$(free_key)
FAKEROOTKEY=$key LD_PRELOAD=$lib "$SANDBOX_RUN" file /etc/passwd >/dev/null 2>"$tmp/err"
is $? 125 "FAKEROOTKEY naming no queue: exit 125"
like "$(cat "$tmp/err")" "faked's message queue \(send\) for FAKEROOTKEY=$key \(key [0-9]+ = [0-9]+ \+ 0\) does not exist; is faked running\?" \
	"FAKEROOTKEY naming no queue: the message says faked is not running"
FAKEROOTKEY=12x LD_PRELOAD=$lib "$SANDBOX_RUN" file /etc/passwd >/dev/null 2>"$tmp/err"
is $? 125 "FAKEROOTKEY not a number: exit 125"
like "$(cat "$tmp/err")" "\\\$FAKEROOTKEY=12x is not a System V key" "FAKEROOTKEY not a number: said so"
# Unset, libfakeroot makes no IPC call at all, and nothing is granted.
is "$(env -u FAKEROOTKEY LD_PRELOAD=$lib "$SANDBOX_RUN" file /etc/passwd 2>&1)" \
	"$(file /etc/passwd)" "FAKEROOTKEY unset: file runs, nothing reported"
done_testing
