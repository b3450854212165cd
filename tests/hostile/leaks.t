#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --explain and --check on every shipped profile run clean under valgrind
# memcheck: no invalid access, no definitely or indirectly lost memory. In
# the sanitizer build (valgrind cannot run ASan binaries) LeakSanitizer
# checks the same commands instead. (The runs that confine something exec
# the target or _exit, so nothing is left to leak: these are the paths
# that return.)
source "$top_srcdir/tests/hostile/lib.sh"
profiles=("$top_srcdir"/profiles/*.ini)

if asan_build; then
	checker() { ASAN_OPTIONS=detect_leaks=1:exitcode=99 "$@"; }
	sr=$SANDBOX_RUN tree_sr=$SANDBOX_RUN
	tool="LeakSanitizer"
else
	# seccomp-shim.so answers libseccomp's probes of the kernel, which
	# valgrind 3.19 cannot pass on (no seccomp(2) wrapper).
	checker() {
		LD_PRELOAD=$top_builddir/tests/hostile/seccomp-shim.so valgrind -q --leak-check=full \
			--errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
			--error-exitcode=99 "$@"
	}
	# memcheck replaces malloc through the dynamic loader, and sandbox-run
	# is normally a static PIE: valgrind checks sandbox-run-dynamic, the
	# same code linked against the shared C library (in the build tree, it
	# too uses the tree's profiles).
	tree_sr=$top_builddir/tests/lib/sandbox-run-dynamic
	# valgrind preloads its own library, and the shipped preload rule for
	# it refuses to confine anything under valgrind. A copy of the binary
	# outside the build tree reads no preload rules (it looks for them in
	# the installed directories), so it only warns, and --explain goes on.
	sr=$tmp/sandbox-run
	cp "$tree_sr" "$sr"
	tool="valgrind"
fi

clean() { # clean DESCRIPTION CMD...
	local desc=$1
	shift
	checker "$@" >/dev/null 2>"$tmp/.err"
	rc=$?
	[ "$rc" = 0 ] && ! grep -Eq 'definitely lost|indirectly lost|Invalid (read|write)|LeakSanitizer|runtime error' "$tmp/.err"
	ok $? "$tool: $desc (exit $rc)"
	[ "$rc" = 0 ] || grep -E '==|sandbox-run' "$tmp/.err" | head -n 15 | sed 's/^/# /'
}

for p in "${profiles[@]}"; do
	name=$(basename "$p" .ini)
	cmd=$(command -v "$name" || echo /bin/true)
	clean "--explain -p $name.ini $name" "$sr" --explain -p "$p" "$cmd" /etc/hostname
done
clean "--explain with declared inputs, outputs and a preloaded library" \
	"$sr" --explain -p "$top_srcdir/profiles/file.ini" file -m /etc/magic -f /dev/null /etc/hostname
clean "--check (every profile, drop-in, preload rule and sandbox-run.conf)" "$tree_sr" --check
# The malformed corpus: every error path of the parser, in one run.
mkdir -p "$tmp/bad"
cp "$top_srcdir"/tests/fixtures/malformed/*.ini "$tmp/bad/"
chmod 644 "$tmp"/bad/*.ini
checker "$tree_sr" --check "$tmp"/bad/*.ini >/dev/null 2>"$tmp/.err"
rc=$?
[ "$rc" = 1 ] && ! grep -Eq 'definitely lost|indirectly lost|Invalid (read|write)|LeakSanitizer|runtime error' "$tmp/.err"
ok $? "$tool: --check on the $(ls "$tmp"/bad | wc -l) malformed profiles (exit $rc)"
clean "--list-profiles" "$tree_sr" --list-profiles
clean "--list-promises" "$tree_sr" --list-promises
clean "--help" "$tree_sr" --help
done_testing
