#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --explain prints the effective policy without running anything. Golden
# output for `--explain file /etc/passwd`: it must change when the policy
# does (profile, catalogue, system read set, filter size). Only the source
# directory and the kernel's Landlock ABI are masked.
#
# After an intended policy change, regenerate and review the diff:
#   SR_REGENERATE_GOLDEN=1 make check TESTS=tests/admin/explain.t
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/supervise/lib.sh"

tmp=$(tap_tmp)
golden=$top_srcdir/tests/admin/explain-file.golden

mask() {
	sed -e "s|$top_srcdir|@top_srcdir@|g" -e 's/kernel ABI [0-9]*/kernel ABI @N@/'
}

env -u LD_PRELOAD "$SANDBOX_RUN" --explain file /etc/passwd >"$tmp/out" 2>"$tmp/err"
is "$?" 0 "--explain file /etc/passwd succeeds"
is "$(cat "$tmp/err")" "" "... with nothing on stderr"
mask <"$tmp/out" >"$tmp/masked"
is_golden "$golden" "$tmp/masked"

out=$(cat "$tmp/out")
for section in 'files read:' '\(profile\)' 'on-violation: deny' 'promises \(' 'argument conditions:' \
	'mmap: without PROT_EXEC' 'landlock: required' 'read /etc/passwd: declared input, argv\[1\]' \
	'preloaded libraries: none' 'seccomp: [0-9]+ BPF instructions'; do
	like "$out" "$section" "it shows $section"
done

# Nothing runs: the probe would create a file.
prof=$tmp/probe.ini
write_profile "$prof" "stdio rpath cpath" "[filesystem]" "write = $tmp"
"$SANDBOX_RUN" --explain -p "$prof" "$PROBE" create-file "$tmp" >/dev/null
is "$(ls "$tmp" | grep -c probe-create)" 0 "--explain runs nothing"

out=$("$SANDBOX_RUN" --explain -p "$prof" --on-violation=report "$PROBE" getpid)
like "$out" "on-violation: report: a denied call proceeds and is reported \\(audit mode; Landlock still applies\\)" \
	"--on-violation shows in the explanation, with what it means"
like_lines "$out" "a promise names the profile line that grants it" \
	"^  cpath: " "^    granted by: $(re_quote "$prof"):3\$"

# Drop-ins: listed among the files read, and credited for what they add.
mkdir "$tmp/probe.ini.d"
printf '[profile]\npromises = flock\n' >"$tmp/probe.ini.d/10-locks.ini"
chmod 644 "$tmp/probe.ini.d/10-locks.ini"
out=$("$SANDBOX_RUN" --explain -p "$prof" "$PROBE" getpid)
like_lines "$out" "a drop-in is listed after its profile" \
	"^  $(re_quote "$prof") \\(profile\\)\$" "^  $(re_quote "$tmp/probe.ini.d/10-locks.ini") \\(profile\\)\$"
like_lines "$out" "... and named as the origin of its promise" \
	"^  flock: " "^    granted by: $(re_quote "$tmp/probe.ini.d/10-locks.ini"):2\$"
rm -r "$tmp/probe.ini.d"

# A name ld.so cannot find: it complains and goes on (and an ASan build of
# sandbox-run is not disturbed by a real library preloaded before it).
lib=libsandbox-run-unknown-test.so
out=$(LD_PRELOAD=$lib "$SANDBOX_RUN" --explain -p "$prof" "$PROBE" getpid 2>/dev/null)
like_lines "$out" "a preloaded library no rule knows is listed" \
	"^preloaded libraries:\$" "^  $(re_quote "$lib") \\(LD_PRELOAD\\): no rule knows it"

# A known preloaded library: its rule and what the rule adds. The name alone
# is matched when ld.so cannot find the file (its complaint is ignored).
out=$(FAKEROOTKEY=4711 LD_PRELOAD=libfakeroot-tcp.so "$SANDBOX_RUN" --explain -p "$prof" "$PROBE" getpid 2>/dev/null)
like_lines "$out" "a preloaded library with a rule: the rule is named" \
	"^preloaded libraries:\$" "^  libfakeroot-tcp.so \\(LD_PRELOAD\\): rule [^ ]*/preload.d/fakeroot-tcp.ini: "
like "$out" "    adds a connection to 127.0.0.1:4711 \(made by the supervisor\)" \
	"... and what it adds (here faked's address, its port from \$FAKEROOTKEY)"
unlike "$out" "TCP connect port 4711" "... and no Landlock port rule, which would allow any address"

done_testing
