#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --learn on a program that forks, starts threads and talks over a
# socketpair: the calls of children and threads are learned too (the filter
# is inherited), each as the promise whose argument conditions it meets.
source "$top_srcdir/tests/learn/lib.sh"

for runner in $(runners); do
	d=$(learn_dir "$runner")
	p=$d/workload.ini
	learn "$runner" "$p" "$WORKLOAD" fork threads
	well_formed "$runner" "$p" 1
	promises=$(promises_of "$p")
	like "$promises" "proc" "fork: promise proc ($runner)"
	like "$promises" "thread" "pthread_create: promise thread ($runner)"
	unlike "$promises" "exec|inet|unix|wpath|cpath|prot_exec" \
		"nothing else: the socketpair is stdio's ($runner)"
	like "$(grep -A1 '^# thread, ' "$p" | tr '\n' ' ')" "^# thread, first needed by (#   )?clone\\(CLONE_VM" \
		"the profile names the first call that needed thread ($runner)"
	reads=$(sed -n '/^read *=/,/^write *=/p' "$p")
	like "$reads" "/etc/hostname" "a file opened by the child is learned ($runner)"
	like "$reads" "/etc/debian_version" "a file opened by a thread is learned ($runner)"
	confined "$runner" "$p" "$WORKLOAD" fork threads
	confined "$runner" "$p" "$WORKLOAD" threads fork threads

	# What was not learned stays refused.
	t=$d/threads.ini
	learn "$runner" "$t" "$WORKLOAD" threads
	unlike "$(promises_of "$t")" "proc" "threads alone need no proc ($runner)"
	out=$($runner "$SANDBOX_RUN" -p "$t" --on-violation=deny "$WORKLOAD" fork 2>&1)
	like "$out" "denied clone" "a fork is denied under a profile learned without one ($runner)"

	# A file the command line names and the run writes is an output: the
	# broker opens it, no promise needed.
	w=$d/write.ini
	echo old >"$d/data.txt"
	chmod a+rw "$d/data.txt"
	learn "$runner" "$w" "$WORKLOAD" write "$d/data.txt"
	unlike "$(promises_of "$w")" "wpath|cpath|tmppath" "a declared output needs no promise ($runner)"
	like "$(cat "$w")" "
operands = output
" "the written file, named by the operand, is declared an output ($runner)"
	echo old >"$d/data.txt"
	confined "$runner" "$w" "$WORKLOAD" write "$d/data.txt"
	is "$(cat "$d/data.txt")" "written" "it writes under the learned profile ($runner)"

	# Argument conditions: opening an existing file write-only that no
	# word names (sh -c runs it) is wpath and a write entry.
	w=$d/write-sh.ini
	learn "$runner" "$w" sh -c "$WORKLOAD write $d/data.txt"
	like "$(promises_of "$w")" "wpath" "open(O_WRONLY) needs wpath ($runner)"
	unlike "$(promises_of "$w")" "cpath|tmppath" "and not cpath ($runner)"
	like "$(sed -n 's/^write *= *//p' "$w")" "data.txt" "the written file is a write path ($runner)"
	echo old >"$d/data.txt"
	confined "$runner" "$w" sh -c "$WORKLOAD write $d/data.txt"
	is "$(cat "$d/data.txt")" "written" "it writes under that profile ($runner)"

	# A temporary file in $TMPDIR: tmppath, whose private directory the
	# confined run gets as its TMPDIR.
	t=$d/tmpfile.ini
	learn "$runner" "$t" "$WORKLOAD" tmpfile
	like "$(promises_of "$t")" "tmppath" "a file in \$TMPDIR needs tmppath ($runner)"
	confined "$runner" "$t" "$WORKLOAD" tmpfile

	# Creating in a directory the command line names, even one in /tmp, is
	# an output's business: not tmppath, whose directory is private now.
	c=$d/create.ini
	learn "$runner" "$c" "$WORKLOAD" create "$d"
	unlike "$(promises_of "$c")" "tmppath" "O_CREAT in a directory named on the command line is not tmppath ($runner)"
	like "$(cat "$c")" "
operands = output-directory
" "... the draft declares the operand an output directory ($runner)"
	confined "$runner" "$c" "$WORKLOAD" create "$d"
done
done_testing
