#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --check lints profiles, preload rules and sandbox-run.conf: golden output
# over tests/fixtures/broken/ (one kind of mistake per file: unknown
# sections and keys, bad values, unknown promises and system calls with a
# suggestion, never-grantable calls, missing paths as warnings, relative
# paths, ports, syntax), "file:line: message", exit 1 on any error. The
# files are copied to a private directory first: --check refuses files that
# others may write, and a checkout's modes depend on the umask.
#
# After an intended change of the messages, regenerate and review the diff:
#   SR_REGENERATE_GOLDEN=1 make check TESTS=tests/admin/check.t
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/supervise/lib.sh"

tmp=$(tap_tmp)
golden=$top_srcdir/tests/admin/check-broken.golden
mkdir "$tmp/broken"
cp -r "$top_srcdir"/tests/fixtures/broken/. "$tmp/broken/"
find "$tmp/broken" -type f -exec chmod 644 {} +
find "$tmp/broken" -type d -exec chmod 755 {} +

(cd "$tmp" && "$SANDBOX_RUN" --check broken/*.ini broken/preload.d/*.ini broken/sandbox-run.conf) \
	>"$tmp/out" 2>&1
is "$?" 1 "--check on broken profiles exits 1"
is_golden "$golden" "$tmp/out"

out=$(cat "$tmp/out")
like "$out" '^broken/unknown-promise.ini:3: unknown promise "inett" \(did you mean "inet"\?\)' \
	"an unknown promise, with a suggestion"
like "$out" 'broken/unknown-syscall.ini:3: unknown system call "getpidd" \(did you mean "getpid"\?\)' \
	"an unknown system call, with a suggestion"
like "$out" 'broken/never-syscall.ini:3: system call "ptrace" is never granted' "a never-granted call"
like "$out" 'broken/paths.ini:4: warning: /nonexistent/sandbox-run-check does not exist on this machine' \
	"a missing path is a warning"
like "$out" 'broken/preload.d/grants.ini:6: system call "ptrace" is never granted' \
	"a preload rule is checked as one"
like "$out" '18 files checked: [1-9][0-9]* errors, 2 warnings$' "a closing count"

(cd "$tmp" && "$SANDBOX_RUN" --check broken/good.ini) >"$tmp/out" 2>&1
is "$?:$(cat "$tmp/out")" "0:1 file checked (broken/good.ini): 0 errors, 0 warnings" "a good profile passes"
(cd "$tmp" && "$SANDBOX_RUN" --check broken/paths.ini) >/dev/null 2>&1
is "$?" 1 "a relative path is an error"
printf '[profile]\npromises = stdio\n[filesystem]\nread = /nonexistent/x\n' >"$tmp/warn.ini"
chmod 644 "$tmp/warn.ini"
"$SANDBOX_RUN" --check "$tmp/warn.ini" >/dev/null 2>&1
is "$?" 0 "warnings alone exit 0"

# Without FILE: every installed profile, drop-in, preload rule and the
# settings file (here: the source tree's).
out=$("$SANDBOX_RUN" --check 2>&1)
rc=$?
want=$(( $(find "$top_srcdir/profiles" -name '*.ini' | wc -l) + 1 ))
like "$out" "^$want files checked in [^ ]*/profiles and [^ ]*/sandbox-run.conf: 0 errors" \
	"--check alone checks all $want shipped files"
is "$rc" 0 "... and the shipped ones have no error"

done_testing
