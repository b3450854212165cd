#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --learn under preloaded libraries: a known one (fakeroot) is recorded as
# such and what it needs is left to its preload rule; without that rule the
# same calls would have entered the profile.
source "$top_srcdir/tests/learn/lib.sh"
# A sanitizer build must not insist on being first among preloaded libraries.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"

d=$(tap_tmp)
cp /etc/passwd /usr/bin/ls "$d/" || bail "cannot copy inputs"
for flavour in tcp sysv; do
	p=$d/file-$flavour.ini
	want=$(fakeroot-$flavour file "$d/passwd" "$d/ls" 2>&1)
	got=$(fakeroot-$flavour "$SANDBOX_RUN" --learn="$p" file "$d/passwd" "$d/ls" 2>/dev/null)
	is "$got" "$want" "--learn under fakeroot-$flavour runs file unchanged"
	like "$(grep '^# preload:' "$p")" "libfakeroot-$flavour.so.*left to its rule .*fakeroot-$flavour.ini" \
		"libfakeroot-$flavour is recorded as a known preload"
	is "$(promises_of "$p")" "rpath stdio " "its IPC and network calls are not copied into the profile"
	unlike "$(grep -v '^#' "$p")" "^allow|^connect-tcp = [0-9]" "nor as single calls or ports"
	got=$(fakeroot-$flavour "$SANDBOX_RUN" -p "$p" --on-violation=deny file "$d/passwd" "$d/ls" 2>&1)
	is "$got" "$want" "the learned profile runs under fakeroot-$flavour, its rule adding the rest"
	confined as_root "$p" file "$d/passwd" "$d/ls"
done

# The same run with fakeroot-tcp's rule removed (an empty rule file of that
# name on the user's profile path): now its calls are the profile's.
mkdir -p "$d/rules/preload.d"
: >"$d/rules/preload.d/fakeroot-tcp.ini"
p=$d/unknown.ini
SANDBOX_RUN_PROFILE_PATH=$d/rules fakeroot-tcp "$SANDBOX_RUN" --learn="$p" file "$d/passwd" >/dev/null 2>&1
like "$(grep '^# preload:' "$p")" "libfakeroot-tcp.so.*no preload rule knows it" \
	"an unknown preload is recorded as such"
like "$(promises_of "$p")" "inet" "and what it did is in the profile (inet)"
like "$(grep '^connect-tcp' "$p")" "connect-tcp = [0-9]+" "with faked's TCP port"
done_testing
