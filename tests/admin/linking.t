#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# sandbox-run is linked as configure decided: a static PIE by default (no
# dynamic loader to run at each start, no preloaded library inside the
# launcher, ASLR kept), against the shared C library with sanitizers or
# --disable-static-launcher. Either way it runs, and a preloaded library
# reaches the target only.
source "$top_srcdir/tests/lib/tap.sh"
tmp=$(tap_tmp)
trap 'rm -rf "$tmp"' EXIT

headers=$(readelf -lh "$SANDBOX_RUN")
like "$headers" "Type: +DYN" "sandbox-run is position-independent (its supervisor keeps ASLR)"
if [ "$LAUNCHER_LDFLAGS" = "-static-pie" ]; then
	unlike "$headers" "INTERP" "configured static: sandbox-run names no dynamic loader"
	is "$(readelf -d "$SANDBOX_RUN" | grep -c NEEDED)" 0 "configured static: needs no shared library"
else
	like "$headers" "Requesting program interpreter" \
		"configured dynamic ($(ldd "$SANDBOX_RUN" | grep -c '=>') libraries): sandbox-run names its loader"
fi
"$SANDBOX_RUN" --version >"$tmp/out" 2>&1
is "$? $(head -c 12 "$tmp/out")" "0 sandbox-run " "sandbox-run --version runs"

# A library that cannot load draws ld.so's complaint from each process
# that tries: the target only when the launcher is static.
LD_PRELOAD=libdoes-not-exist-here.so "$SANDBOX_RUN" -p "$top_srcdir/tests/apply/sh.ini" \
	sh -c 'exit 0' >/dev/null 2>"$tmp/err"
complaints=$(grep -c "libdoes-not-exist-here.so.*cannot be preloaded" "$tmp/err")
if [ "$LAUNCHER_LDFLAGS" = "-static-pie" ]; then
	is "$complaints" 1 "static: an LD_PRELOAD library is loaded by the target only (one ld.so complaint)"
else
	is "$complaints" 2 "dynamic: ld.so of the launcher and of the target both try the library"
fi
LD_PRELOAD=libdoes-not-exist-here.so sh -c 'exit 0' 2>"$tmp/err0"
is "$(grep -c "cannot be preloaded" "$tmp/err0")" 1 "unconfined, the same shell draws one complaint"
done_testing
