# SPDX-License-Identifier: GPL-2.0-or-later
# A preloaded library no rule knows: warn (default), refuse (exit 125) or
# ignore, from sandbox-run.conf; odd LD_PRELOAD values never crash; rule
# files are validated by --check.
source "$top_srcdir/tests/lib/tap.sh"

tmp=$(tap_tmp)
trap 'rm -rf "$tmp"' EXIT
source "$top_srcdir/tests/preload/lib.sh"
echo 'int sr_test_mystery(void) { return 42; }' > "$tmp/mystery.c"
gcc -shared -fPIC -o "$tmp/libmystery.so" "$tmp/mystery.c" || bail "cannot build a test library"
lib=$tmp/libmystery.so
for mode in refuse ignore; do
	printf '[settings]\nunknown-preload = %s\n' $mode > "$tmp/$mode.conf"
done
chmod 644 "$tmp"/*.conf "$lib"
want=$(file /etc/passwd)

for runner in $(runners); do
	got=$($runner env LD_PRELOAD="$lib" "$SANDBOX_RUN" file /etc/passwd 2>"$tmp/err")
	is "$got" "$want" "$runner: warn: the command runs under its profile"
	is "$(cat "$tmp/err")" \
		"sandbox-run: warning: $lib (LD_PRELOAD) is preloaded and no preload rule knows it; it runs under file's profile and may be denied" \
		"$runner: warn: one line naming the library"
	got=$($runner env LD_PRELOAD="$lib" "$SANDBOX_RUN" --config "$tmp/refuse.conf" file /etc/passwd 2>"$tmp/err")
	is $? 125 "$runner: refuse: exit 125"
	is "$got" "" "$runner: refuse: the command does not run"
	like "$(cat "$tmp/err")" "^sandbox-run: $lib \(LD_PRELOAD\) is preloaded and no rule in preload\.d knows it; refusing" \
		"$runner: refuse: one line naming the library"
	is "$(wc -l < "$tmp/err")" 1 "$runner: refuse: exactly one line"
	got=$($runner env LD_PRELOAD="$lib" "$SANDBOX_RUN" --config "$tmp/ignore.conf" file /etc/passwd 2>"$tmp/err")
	is "$got" "$want" "$runner: ignore: the command runs"
	is "$(cat "$tmp/err")" "" "$runner: ignore: nothing said"
done
like "$(LD_PRELOAD="$lib" "$SANDBOX_RUN" --explain file /etc/passwd 2>/dev/null)" \
	"^  $lib \(LD_PRELOAD\): no rule knows it" "--explain lists the unknown library"

# A library that cannot be found now is still refused: the target's ld.so
# might find it (fail closed).
LD_PRELOAD="$tmp/none/libmystery.so" "$SANDBOX_RUN" --config "$tmp/refuse.conf" file /etc/passwd \
	>/dev/null 2>&1
is $? 125 "a library missing now is refused all the same (unknown-preload = refuse)"

# Odd values: ld.so copes with them, so must sandbox-run (no crash, same
# output; unknown names only warn).
long=$(printf 'libeatmydata.so:%.0s' $(seq 256))
many=$(for i in $(seq 400); do printf 'libnone%d.so ' $i; done)
name4k=$(printf 'x%.0s' $(seq 4096))
i=0
for value in "" "   " ":" ":::" " : : " "libeatmydata.so:" ":libeatmydata.so" "$long" "$many" \
	"$name4k" '$FOO/lib.so' '$' '${LIB' '${}' '/usr/$LIB/' "$lib:$lib $lib"; do
	i=$((i + 1))
	got=$(LD_PRELOAD="$value" "$SANDBOX_RUN" file /etc/passwd 2>"$tmp/err")
	status=$?
	is "$status:$got" "0:$want" "odd LD_PRELOAD #$i (${#value} bytes): runs, same output"
	unlike "$(cat "$tmp/err")" "sandbox-run: (denied|.*error)" "odd LD_PRELOAD #$i: no denial, no error"
done

# --check validates rule files: the shipped ones are clean, mistakes are
# reported with file:line.
like "$("$SANDBOX_RUN" --check "$top_srcdir"/profiles/preload.d/*.ini)" \
	"files checked: 0 errors, 0 warnings" "--check: every shipped rule is valid"
mkdir -p "$tmp/preload.d"
cp "$top_srcdir/tests/fixtures/badrule.ini" "$tmp/preload.d/bad.ini"
out=$("$SANDBOX_RUN" --check "$tmp/preload.d/bad.ini")
is $? 1 "--check: a bad rule fails"
like "$out" "bad\.ini:4: \"socket\(AF_INET\".*expected" "--check: unclosed parenthesis, with its line"
like "$out" "bad\.ini:5: system call \"ioctl\" is granted only with argument conditions" \
	"--check: ioctl(*, *) is refused"
like "$out" "bad\.ini:6: .*unknown constant \"IPC_CRAET\"" "--check: an unknown constant"
like "$out" "bad\.ini:7: system call \"bpf\" is never granted" "--check: a never-granted call"
like "$out" "bad\.ini:8: unknown promise \"inett\" \(did you mean \"inet\"\?\)" "--check: a misspelt promise"
like "$out" "bad\.ini:11: \"\\\$FAKEROOTKEY\" is not an environment variable name" \
	"--check: connect-tcp-env takes a name"
like "$out" "bad\.ini:12: \"localhost\" is not a numeric IPv4 or IPv6 address" \
	"--check: connect-tcp-host takes numeric addresses (inet_pton)"
like "$out" "bad\.ini:13: \"dev/log\" is not the absolute path of a Unix socket" \
	"--check: connect-unix takes an absolute path"
like "$out" "bad\.ini:14: \"\\\$FB_SOCKET\" is not an environment variable name \(write FB_SOCKET" \
	"--check: connect-unix-env takes a name"
like "$out" "bad\.ini:17: offsets need the key they are added to" "--check: [ipc] offsets need key-env"
like "$out" "bad\.ini:18: bad offset \"300\"" "--check: [ipc] offsets are small numbers"
like "$out" "bad\.ini:21: \"connect\": a preload rule names what it connects to" \
	"--check: a bare connect in a preload rule is refused"
printf '[preload]\nmatch = libx.so\n[ipc]\nkey-env = K\nkey = 5\nsemaphores = 0\n[network]\nconnect-tcp-host = ::1\n' \
	>"$tmp/preload.d/keys.ini"
out=$("$SANDBOX_RUN" --check "$tmp/preload.d/keys.ini")
like "$out" "keys\.ini:5: one key: key-env or key, once" "--check: [ipc] takes one key"
like "$out" "keys\.ini:8: connect-tcp-host needs the ports" "--check: connect-tcp-host needs ports"
: > "$tmp/preload.d/empty.ini"
like "$("$SANDBOX_RUN" --check "$tmp/preload.d/empty.ini")" "0 errors" \
	"--check: an empty rule file (it removes a shipped rule) is valid"
done_testing
