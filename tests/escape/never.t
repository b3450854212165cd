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
conditional="ioctl clone personality mmap mprotect pkey_mprotect socket socketpair prctl fcntl
	open openat creat mkdir mknod chmod fchmod fchmodat memfd_create"

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

# The counterpart: a call a promise grants whole may be named.
printf '%s\n' "[profile]" "description = allow kill" "promises = stdio" "allow = kill" >"$dir/kill.ini"
out=$("$SANDBOX_RUN" --check "$dir/kill.ini" 2>&1)
ok $? "--check accepts allow = kill (proc grants it whole)"
out=$("$SANDBOX_RUN" -p "$dir/kill.ini" /bin/echo the command ran 2>&1)
is "$out" "the command ran" "the loader runs a profile with allow = kill"
done_testing
