# SPDX-License-Identifier: GPL-2.0-or-later
# What the target holds: no capability in any set (even as root),
# no_new_privs, a seccomp filter and a Landlock domain. Read from the
# target's own /proc/self/status, beside the same read unconfined.
source "$top_srcdir/tests/lib/tap.sh"

tmp=$(tap_tmp)
cat > "$tmp/status.ini" <<'INI'
[profile]
description = a shell that prints its own status
promises = stdio rpath
[filesystem]
read = /proc/self/status
[arguments]
operands = none
INI
show='while read -r k v; do case $k in Cap*|NoNewPrivs:|Seccomp:) echo "$k $v";; esac; done < /proc/self/status'

field() { echo "$1" | sed -n "s/^$2: //p"; }

for runner in $(runners); do
	plain=$($runner sh -c "$show")
	boxed=$($runner "$SANDBOX_RUN" -p "$tmp/status.ini" sh -c "$show" 2>&1)
	if [ "$runner" = as_root ]; then
		isnt_zero=$([ "$(field "$plain" CapEff)" != 0000000000000000 ]; echo $?)
		ok "$isnt_zero" "as_root: unconfined, root holds effective capabilities"
		ok "$([ "$(field "$plain" CapBnd)" != 0000000000000000 ]; echo $?)" "as_root: unconfined, the bounding set is full"
	fi
	for set in CapInh CapPrm CapEff CapBnd CapAmb; do
		[ "$runner" = as_nobody ] && [ "$set" = CapBnd ] && continue # not droppable without privilege
		is "$(field "$boxed" $set)" 0000000000000000 "$runner: the target's $set is empty"
	done
	is "$(field "$plain" NoNewPrivs)" 0 "$runner: unconfined, no_new_privs is not set"
	is "$(field "$boxed" NoNewPrivs)" 1 "$runner: the target runs with no_new_privs"
	is "$(field "$boxed" Seccomp)" 2 "$runner: the target runs under a seccomp filter"
done

# An ordinary user who inherited capabilities (setpriv's ambient set, as a
# service manager's AmbientCapabilities= gives them): they are dropped too,
# the ambient set with the permitted one. CAP_SETPCAP is not among them, so
# the bounding set stays as it is, as for any ordinary user.
if [ "$(id -u)" = 0 ]; then
	amb() { setpriv --reuid=nobody --regid=nogroup --clear-groups --inh-caps=+net_bind_service \
		--ambient-caps=+net_bind_service -- "$@"; }
	plain=$(amb sh -c "$show")
	boxed=$(amb "$SANDBOX_RUN" -p "$tmp/status.ini" sh -c "$show" 2>&1)
	is "$(field "$plain" CapAmb)" 0000000000000400 "ambient: unconfined, nobody holds CAP_NET_BIND_SERVICE in the ambient set"
	is "$(field "$plain" CapEff)" 0000000000000400 "ambient: unconfined, and in the effective set"
	for set in CapInh CapPrm CapEff CapAmb; do
		is "$(field "$boxed" $set)" 0000000000000000 "ambient: the target's $set is empty"
	done
fi
done_testing
