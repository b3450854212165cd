#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The dns promise is what glibc's getaddrinfo needs: with it, resolving
# localhost (AI_ADDRCONFIG) gives the same answer as unconfined and its
# NETLINK_ROUTE socket is not denied; with inet but not dns, that socket is
# denied and reported, so dns is what grants it. (glibc first asks nscd
# over an AF_UNIX stream socket: dns does not grant that, since Landlock
# cannot limit which socket files a connect reaches. dns refuses exactly
# glibc's request with EPERM and no report, and glibc goes on without
# nscd; under inet alone the request is reported like the netlink socket.)
source "$top_srcdir/tests/lib/tap.sh"
resolve=$top_builddir/tests/escape/resolve
dir=$(tap_tmp)

profile() { # profile NAME PROMISES
	printf '%s\n' "[profile]" "description = dns test: $1" "promises = $2" \
		"landlock = required" "" "[filesystem]" \
		"read = /etc/hosts /etc/nsswitch.conf /etc/resolv.conf /etc/gai.conf /etc/host.conf" \
		"" "[arguments]" "operands = none" >"$dir/$1.ini"
	echo "$dir/$1.ini"
}
dns=$(profile dns dns)
inet=$(profile inet inet)

for runner in $(runners); do
	who=${runner#as_}
	want=$($runner "$resolve" localhost 2>&1; echo "status $?")
	like "$want" '^localhost 127\.0\.0\.1' "resolve localhost as $who: works unconfined"
	got=$($runner "$SANDBOX_RUN" -p "$dns" "$resolve" localhost 2>"$dir/err"; echo "status $?")
	is "$got" "$want" "resolve localhost as $who under dns: same output"
	is "$(cat "$dir/err")" "" "resolve localhost as $who under dns: nothing denied or reported"
	got=$($runner "$SANDBOX_RUN" -p "$inet" "$resolve" localhost 2>&1 >/dev/null)
	like "$got" 'socket\(AF_NETLINK' "resolve localhost as $who under inet alone: the netlink socket is denied"
	like "$got" 'socket\(AF_UNIX, SOCK_STREAM\|SOCK_CLOEXEC\|SOCK_NONBLOCK, 0\)' \
		"resolve localhost as $who under inet alone: ... and nscd's socket is reported"
done

# A lookup that reaches the resolver: glibc's res_send sets IP_RECVERR on
# its UDP socket. A private mount namespace points /etc/resolv.conf at
# 127.0.0.1, where nothing listens: the refusal comes back at once and
# getent says "not found" (exit 2), unconfined and confined alike.
printf 'nameserver 127.0.0.1\noptions attempts:1 timeout:1\n' >"$dir/resolv.conf"
chmod 644 "$dir/resolv.conf"
export -f as_root as_nobody
with_resolver() { # RUNNER CMD...: with the stand-in resolv.conf
	unshare -m --propagation private bash -c \
		'mount --bind "$0" /etc/resolv.conf || exit 99; "$@"' "$dir/resolv.conf" "$@"
}
if [ "$(id -u)" = 0 ] && with_resolver as_root true; then
	like "$(with_resolver as_root strace -f -e trace=setsockopt getent hosts example.invalid 2>&1)" \
		'setsockopt\([0-9]+, SOL_IP, IP_RECVERR' \
		"unconfined, a lookup through the resolver sets IP_RECVERR on its socket"
	for runner in $(runners); do
		with_resolver $runner getent hosts example.invalid >/dev/null 2>&1
		want=$?
		with_resolver $runner "$SANDBOX_RUN" -p "$dns" getent hosts example.invalid \
			>/dev/null 2>"$dir/err"
		is "$?:$(cat "$dir/err")" "$want:" \
			"getent hosts through the resolver as ${runner#as_} under dns: same status ($want), nothing reported"
	done
else
	skip "a lookup through a stand-in resolver" "needs root and a private mount namespace"
fi
done_testing
