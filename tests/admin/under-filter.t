#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# sandbox-run started under a seccomp filter it did not write (man-db's,
# when MAN_DISABLE_SECCOMP is unset) that refuses seccomp() and
# prctl(PR_SET_SECCOMP): it runs nothing and says so in one line, with the
# remedy, for root and for an ordinary user. A filter that lets seccomp()
# through is no obstacle, and without any filter the same command runs.
# The outer filters come from tests/lib/fault.
source "$top_srcdir/tests/lib/tap.sh"
FAULT=$top_builddir/tests/lib/fault
export -f as_root as_nobody

want=$(file /etc/passwd)
hint='already under a seccomp filter \(man-db.s\? set MAN_DISABLE_SECCOMP=1\)'
for runner in $(runners); do
	is "$($runner "$SANDBOX_RUN" file /etc/passwd 2>&1)" "$want" \
		"$runner: with no outer filter, file runs confined"

	# prctl 22 = PR_SET_SECCOMP, as man-db's filter answers both.
	out=$($runner "$FAULT" --errno seccomp=ENOSYS --errno prctl:22=ENOSYS -- \
		"$SANDBOX_RUN" file /etc/passwd 2>&1)
	rc=$?
	is "$rc" 125 "$runner: under a filter refusing seccomp() and PR_SET_SECCOMP: exit 125"
	is "$(wc -l <<<"$out")" 1 "$runner: ... one line"
	like "$out" "^sandbox-run: cannot confine file: $hint that refuses seccomp\(\): Function not implemented$" \
		"$runner: ... naming the outer filter and MAN_DISABLE_SECCOMP"
	unlike "$out" "ASCII text" "$runner: ... and file did not run"

	# A filter that refuses the question itself (PR_GET_SECCOMP) is one too.
	out=$($runner "$FAULT" --errno prctl=EPERM --errno seccomp=EPERM -- \
		"$SANDBOX_RUN" file /etc/passwd 2>&1)
	like "$out" "^sandbox-run: cannot confine file: $hint that refuses seccomp\(\): Operation not permitted$" \
		"$runner: a filter refusing prctl() and seccomp() with EPERM: the same line"

	# An outer filter that allows seccomp() (a container's): stacked, runs.
	is "$($runner "$FAULT" --errno acct=EPERM -- "$SANDBOX_RUN" file /etc/passwd 2>&1)" "$want" \
		"$runner: under a filter that allows seccomp(), file runs confined"
done

# --no-sandbox needs no seccomp(): it runs, and says it is unconfined.
out=$("$FAULT" --errno seccomp=ENOSYS --errno prctl:22=ENOSYS -- \
	"$SANDBOX_RUN" --no-sandbox file /etc/passwd 2>&1)
like "$out" "UNCONFINED" "--no-sandbox under such a filter: runs, said unconfined"
like "$out" "ASCII text" "... and file ran"

done_testing
