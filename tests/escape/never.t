#!/bin/bash
# No profile key grants what the catalogue never grants: "allow = NAME" for
# each call of the never list (as --list-promises prints it), and for each
# call that promises grant only with argument conditions (ioctl would bring
# TIOCSTI, clone new namespaces, mmap writable code ...), is refused by
# --check with file:line and by the loader with exit 125, before the
# command runs.
source "$top_srcdir/tests/lib/tap.sh"
dir=$(tap_tmp)
never=$("$SANDBOX_RUN" --list-promises |
	awk '/^never \(/ { on = 1; next } /^$/ { on = 0 } on { sub(":", "", $1); print $1 }')
conditional="ioctl clone personality mmap mprotect pkey_mprotect socket socketpair prctl fcntl seccomp
	open openat creat mkdir mknod chmod fchmod fchmodat memfd_create setpriority prlimit64
	setrlimit sched_setaffinity sched_setscheduler sched_setparam"

# refused NAME KIND MESSAGE-REGEX
refused() {
	local name=$1 kind=$2 regex=$3 prof=$dir/$1.ini out rc
	printf '%s\n' "[profile]" "description = allow $name" "promises = stdio" \
		"allow = $name" >"$prof"
	out=$("$SANDBOX_RUN" --check "$prof" 2>&1)
	rc=$?
	like "$rc $out" "^[1-9][0-9]* .*$name.ini:4: system call \"$name\" $regex" \
		"--check refuses allow = $name ($kind)"
	out=$("$SANDBOX_RUN" -p "$prof" /bin/echo the command ran 2>&1)
	rc=$?
	like "$rc $out" "^125 sandbox-run: .*$name.ini:4: system call \"$name\" $regex" \
		"the loader refuses allow = $name ($kind) with 125"
	unlike "$out" "the command ran" "allow = $name: the command did not run"
}

count=0
for name in $never; do
	refused "$name" never "is never granted \(.+\)"
	count=$((count + 1))
done
ok $((count < 45)) "the never list has at least 45 calls on this architecture ($count)"
for name in $conditional; do
	refused "$name" "granted with conditions only" "is granted only with argument conditions; use a promise"
done

# Quietly refused calls (getxattr by path: ENOTSUP, unreported) are named
# in their own section, and "allow" restores them: a user.* attribute of a
# file outside /tmp is read with it, and answered quietly without it.
quiet=$("$SANDBOX_RUN" --list-promises |
	awk '/^quietly refused/ { on = 1; next } /^$/ { on = 0 } on { sub(":", "", $1); print $1 }')
is "$(echo $quiet)" "getxattr lgetxattr listxattr llistxattr" "--list-promises names the quietly refused calls"
home=$(tap_home)
printf 'probe\n' >"$home/file"
python3 -c 'import os, sys; os.setxattr(sys.argv[1], "user.sandbox-run-probe", b"probe")' "$home/file"
for allow in "" getxattr; do
	printf '%s\n' "[profile]" "description = getxattr" "promises = stdio" "allow = $allow" \
		"landlock = off" >"$dir/xattr-$allow.ini"
	out=$("$SANDBOX_RUN" -p "$dir/xattr-$allow.ini" "$PROBE" getxattr-path "$home/file" 2>&1)
	rc=$?
	if [ -n "$allow" ]; then
		is "$rc $out" "0 getxattr-path: allowed" "allow = getxattr: the attribute is read"
	else
		is "$rc $out" "1 getxattr-path: denied (EOPNOTSUPP)" \
			"without allow = getxattr: ENOTSUP, nothing reported"
	fi
done

# The counterpart: a call a promise grants whole may be named.
printf '%s\n' "[profile]" "description = allow kill" "promises = stdio" "allow = kill" >"$dir/kill.ini"
out=$("$SANDBOX_RUN" --check "$dir/kill.ini" 2>&1)
ok $? "--check accepts allow = kill (proc grants it whole)"
out=$("$SANDBOX_RUN" -p "$dir/kill.ini" /bin/echo the command ran 2>&1)
is "$out" "the command ran" "the loader runs a profile with allow = kill"
done_testing
