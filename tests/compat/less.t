# SPDX-License-Identifier: GPL-2.0-or-later
# less as a pager on a terminal (script(1) gives it one): it shows a real
# man page, and its escapes to other programs, the editor (v), a shell
# command (!), fail without harm under sandbox-run: the
# command does not run, less goes on and quits normally when told. Without
# sandbox-run the same keys run the commands.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"

command -v script >/dev/null || { plan 1; skip "less on a terminal" "script(1) is missing"; exit 0; }
page=$CT/ls.1
zcat /usr/share/man/man1/ls.1.gz >"$page" 2>/dev/null || cp /etc/os-release "$page"
mark=$CT/ran
export TERM=dumb VISUAL="touch $mark.v; true" EDITOR="touch $mark.v; true" LESSHISTFILE=-

on_tty() { # on_tty KEYS CMD...: run CMD on a terminal, typing KEYS; its exit status
	local keys=$1
	shift
	printf '%b' "$keys" | script -qec "$*" /dev/null >"$CT/screen" 2>&1
}
# TERM=dumb makes less ask for RETURN first.
for key in "v" "!touch $mark.!\\n\\n"; do
	name=${key:0:1}
	what=$mark.$name
	rm -f "$mark".*
	on_tty "\\n$key\\nq" less "$page"
	[ -e "$what" ]
	ok $? "unconfined less: '$name' runs a command"
	rm -f "$mark".*
	on_tty "\\n$key\\nq" "$SANDBOX_RUN" less "$page"
	rc=$?
	[ ! -e "$what" ]
	ok $? "sandboxed less: '$name' runs nothing"
	is "$rc" 0 "sandboxed less: after '$name' it goes on and quits normally"
done
on_tty "\\nq" "$SANDBOX_RUN" less "$page"
grep -q 'ls - list directory contents\|NAME' "$CT/screen" && ! grep -q 'sandbox-run:' "$CT/screen"
ok $? "sandboxed less shows the page and reports nothing when only read"
done_testing
