#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The catalogue compiles for aarch64: src/catalogue/promises.c is built with clang
# --target=aarch64-linux-gnu against Debian's arm64 cross libc headers
# (libc6-dev-arm64-cross) and this machine's libseccomp headers, which are
# the same on every architecture. SCMP_SYS() then expands to aarch64's
# numbers, or to libseccomp's negative pseudo-numbers for calls aarch64
# lacks (open, stat, ...), which the code skips; the unit test "catalogue"
# checks that each promise keeps the modern form of those on aarch64.
source "$top_srcdir/tests/lib/tap.sh"
plan 2
sysroot=/usr/aarch64-linux-gnu/include
if ! command -v clang >/dev/null || [ ! -f "$sysroot/stdio.h" ]; then
	skip "promises.c compiles for aarch64" "needs clang and libc6-dev-arm64-cross"
	skip "the object is aarch64 code" "needs clang and libc6-dev-arm64-cross"
	exit 0
fi
dir=$(tap_tmp)
mkdir "$dir/inc"
cp /usr/include/seccomp.h /usr/include/seccomp-syscalls.h "$dir/inc/"
err=$(clang --target=aarch64-linux-gnu -nostdlibinc -isystem "$sysroot" -isystem "$dir/inc" \
	-std=gnu11 -D_GNU_SOURCE -I"$top_srcdir/src" -Wall -Wextra -Werror -include "$top_builddir/config.h" \
	-c -o "$dir/promises.o" "$top_srcdir/src/catalogue/promises.c" 2>&1)
ok $? "promises.c compiles for aarch64 with -Wall -Wextra -Werror"
[ -z "$err" ] || printf '%s\n' "$err" | sed 's/^/# /' | head -20
# ELF e_machine, bytes 18-19: 0xb7 is EM_AARCH64.
like "$(od -An -tx1 -j18 -N2 "$dir/promises.o" 2>&1)" '^ *b7 00' "the object is aarch64 code (EM_AARCH64)"
