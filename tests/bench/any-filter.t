#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/bench/any-filter (the steady-state floor in make bench) runs its
# command with a seccomp filter installed and nothing else changed: the
# same probe reads "Seccomp: 0" without it and "Seccomp: 2" under it, and
# the command's output and exit status come through.
source "$top_srcdir/tests/lib/tap.sh"
AF=$top_builddir/tests/bench/any-filter

is "$(awk '$1 == "Seccomp:" { print $2 }' /proc/self/status)" 0 \
	"unconfined, the probe sees no filter (Seccomp: 0)"
is "$("$AF" awk '$1 == "Seccomp:" { print $2 }' /proc/self/status)" 2 \
	"under any-filter it sees a filter (Seccomp: 2)"
is "$("$AF" awk '$1 == "Seccomp_filters:" { print $2 }' /proc/self/status)" 1 \
	"... exactly one"
is "$("$AF" sh -c 'cat /etc/os-release; echo; id -u' | md5sum)" \
	"$(sh -c 'cat /etc/os-release; echo; id -u' | md5sum)" \
	"every call is allowed: a shell reading a file prints what it prints unconfined"
"$AF" sh -c 'exit 7'
is "$?" 7 "the command's exit status comes through"
"$AF" /nonexistent/program 2>/dev/null
is "$?" 127 "a command that does not exist: 127, like env"
"$AF" 2>/dev/null
is "$?" 125 "no command: usage error (125)"
done_testing
