# SPDX-License-Identifier: GPL-2.0-or-later
# The other shipped preload rules, each with the real Debian package:
# faketime, eatmydata, stdbuf, jemalloc, tcmalloc, gtk3-nocsd, valgrind.
# Same output as unconfined and no report; a preload never removes a layer.
source "$top_srcdir/tests/lib/tap.sh"

tmp=$(tap_tmp)
trap 'rm -rf "$tmp"; [ -n "${listener:-}" ] && kill $listener 2>/dev/null' EXIT
source "$top_srcdir/tests/preload/lib.sh"
NETTRY=$top_builddir/tests/preload/nettry
NETINI=$top_srcdir/tests/preload/nettry.ini
DATEINI=$top_srcdir/tests/preload/date.ini
multiarch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
# ASan replaces malloc itself and does not run under valgrind.
sanitized=$(ldd "$SANDBOX_RUN" | grep -c 'libasan')

for runner in $(runners); do
	year=$($runner faketime '2020-01-01 00:00:00' date +%Y)
	is "$year" 2020 "$runner: unconfined, faketime fakes the year"
	is "$($runner faketime '2020-01-01 00:00:00' "$SANDBOX_RUN" -p "$DATEINI" date +%Y 2>"$tmp/err")" \
		2020 "$runner: sandboxed, date sees faketime's year"
	is "$(cat "$tmp/err")" "" "$runner: faketime: no denial, no warning"
	same_file "$runner: faketime" $runner faketime '2020-01-01 00:00:00'
	same_file "$runner: eatmydata" $runner eatmydata
	same_file "$runner: stdbuf -oL" $runner stdbuf -oL
	same_file "$runner: gtk3-nocsd" $runner env LD_PRELOAD=libgtk3-nocsd.so.0
	if [ "$sanitized" = 0 ]; then
		same_file "$runner: jemalloc" $runner env LD_PRELOAD=/usr/lib/$multiarch/libjemalloc.so.2
		same_file "$runner: tcmalloc" $runner env LD_PRELOAD=libtcmalloc_minimal.so.4
	else
		skip "$runner: jemalloc and tcmalloc" "sanitizer build: ASan owns malloc"
	fi
	# ld.so's tokens: $LIB, and $ORIGIN (the target's directory once it runs)
	same_file "$runner: \$LIB" $runner env 'LD_PRELOAD=/usr/$LIB/libeatmydata.so'
	like "$($runner env 'LD_PRELOAD=$ORIGIN/../lib/'$multiarch'/libeatmydata.so' \
		"$SANDBOX_RUN" --explain file /etc/passwd 2>/dev/null)" \
		"read /usr/lib/$multiarch/libeatmydata\.so[.0-9]*: a preloaded library" \
		"$runner: \$ORIGIN is expanded to the target's directory for the Landlock grant"
done

# ld.so's own $LIB (sandbox-run is a static PIE and cannot ask it: the
# build says), and a bare name only ld.so.cache knows: searched in the
# directories of ld.so.conf, the rule is that of the file ld.so loads
# (libfakeroot-0.so is a link to the TCP flavour on Debian).
ldso=$(readelf -l /bin/true | sed -n 's/.*interpreter: \(.*\)\]$/\1/p')
dst_lib=$("$ldso" --list-diagnostics 2>/dev/null | sed -n 's/^dl_dst_lib="\(.*\)"$/\1/p')
if [ -n "$dst_lib" ]; then
	like "$(env 'LD_PRELOAD=/usr/$LIB/libeatmydata.so' "$SANDBOX_RUN" --explain file /etc/passwd 2>&1)" \
		"read /usr/$dst_lib/libeatmydata\.so[.0-9]*: a preloaded library" \
		"\$LIB is what $ldso says it is ($dst_lib)"
else
	skip "\$LIB against the loader's own" "$ldso has no --list-diagnostics (glibc < 2.33)"
fi
loaded=$(env -u LD_LIBRARY_PATH LD_TRACE_LOADED_OBJECTS=1 LD_PRELOAD=libfakeroot-0.so /bin/true |
	sed -n 's/.*libfakeroot-0\.so => \([^ ]*\) .*/\1/p')
if [ -n "$loaded" ]; then
	real=$(realpath "$loaded")
	rule=$(basename "$real" .so)
	# Under fakeroot-tcp's daemon: a dynamically linked sandbox-run loads
	# the library itself, and it exits without a faked to talk to.
	explain=$(fakeroot-tcp env -u LD_LIBRARY_PATH LD_PRELOAD=libfakeroot-0.so \
		"$SANDBOX_RUN" --explain file /etc/passwd 2>&1)
	like "$explain" "read $real: a preloaded library" \
		"a bare name from ld.so.conf's directories: the file ld.so loads ($real)"
	like "$explain" "libfakeroot-0\.so \(LD_PRELOAD\): rule .*/${rule#lib}\.ini" \
		"a bare name from ld.so.conf's directories: the rule of that file (${rule#lib})"
else
	skip "a bare name from ld.so.conf's directories" "ld.so finds no libfakeroot-0.so here"
fi

explain=$(LD_PRELOAD=libsnoopy.so:libeatmydata.so "$SANDBOX_RUN" --explain file /etc/passwd 2>&1)
like "$explain" "^  libsnoopy\.so \(LD_PRELOAD\): rule .*/snoopy\.ini: snoopy" \
	"--explain shows the first detected library and its rule"
like "$explain" "^  libeatmydata\.so \(LD_PRELOAD\): rule .*/eatmydata\.ini: libeatmydata" \
	"--explain shows the second detected library and its rule"
like "$explain" "adds Landlock read /etc/snoopy\.ini" "--explain shows what a rule added (a file)"
like "$explain" "adds refuse socket\(AF_UNIX, SOCK_STREAM\|SOCK_CLOEXEC\|SOCK_NONBLOCK, 0\)" \
	"--explain shows what a rule added (a call with its conditions)"
like "$explain" "adds a connection to /dev/log \(made by the supervisor\)" \
	"--explain shows what a rule added (an endpoint)"

# valgrind: refused with a way out.
LD_PRELOAD=/usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so "$SANDBOX_RUN" file /etc/passwd \
	>"$tmp/out" 2>"$tmp/err"
is $? 125 "a vgpreload library: exit 125"
like "$(cat "$tmp/err")" "vgpreload_memcheck-amd64-linux\.so .*not supported.*--no-sandbox" \
	"a vgpreload library: the message says how to run it (--no-sandbox)"
if [ "$sanitized" = 0 ]; then
	valgrind -q "$SANDBOX_RUN" file /etc/passwd >"$tmp/out" 2>"$tmp/err"
	is $? 125 "under valgrind itself: exit 125"
	like "$(cat "$tmp/err")" "sandbox-run: .*vgpreload.*--no-sandbox" "under valgrind itself: the message"
	is "$(valgrind -q "$SANDBOX_RUN" --no-sandbox file /etc/passwd 2>/dev/null)" "$(file /etc/passwd)" \
		"valgrind sandbox-run --no-sandbox works, as the message says"
else
	skip "sandbox-run under valgrind" "sanitizer build"
fi

# Known libraries relax only what their rules say: seccomp and Landlock stay.
"$NETTRY" listen > "$tmp/port" &
listener=$!
for i in $(seq 50); do [ -s "$tmp/port" ] && break; sleep 0.1; done
read -r port < "$tmp/port"
all="libeatmydata.so libsnoopy.so /usr/libexec/coreutils/libstdbuf.so libgtk3-nocsd.so.0"
for runner in $(runners); do
	is "$($runner env LD_PRELOAD="$all" "$NETTRY" udp)" "udp: ok" "$runner: unconfined, a UDP socket opens"
	is "$($runner env LD_PRELOAD="$all" "$SANDBOX_RUN" -p "$NETINI" "$NETTRY" udp 2>/dev/null)" "udp: EPERM" \
		"$runner: with four known libraries preloaded, seccomp still refuses UDP"
	is "$($runner env LD_PRELOAD="$all" "$NETTRY" connect "$port")" "connect: ok" \
		"$runner: unconfined, the test's TCP listener is reachable"
	is "$($runner env LD_PRELOAD="$all" "$SANDBOX_RUN" -p "$NETINI" "$NETTRY" connect "$port" 2>/dev/null)" \
		"connect: EPERM" "$runner: with four known libraries preloaded, TCP connect is still refused"
done
done_testing
