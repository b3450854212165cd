#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --learn's [filesystem]: what a confined run grants anyway (system read
# set, the program, its operands) is left out; files read in a package
# directory are widened to it, but never to /, a home, or a directory that
# holds secrets beside public files.
source "$top_srcdir/tests/learn/lib.sh"

d=$(tap_tmp)
p=$d/sh.ini
# The files are read by a child (cat), not named as operands of the target.
read_files='cat /usr/share/common-licenses/GPL-2 /usr/share/common-licenses/GPL-3 /etc/ssl/openssl.cnf /etc/hostname /usr/lib/os-release | wc -c'
learn as_root "$p" sh -c "$read_files"
learn as_root "$p" sh -c 'ls / /root /home >/dev/null 2>&1; echo listed'
well_formed as_root "$p" 1
reads=$(sed -n '/^read *=/,/^write *=/p' "$p" | grep -v '^write')
execs=$(sed -n '/^exec *=/,/^$/p' "$p")
like "$reads" "(= | )/usr/share/common-licenses$" "two files of one package: its directory"
unlike "$reads" "GPL-" "and not the files"
like "$reads" "(= | )/etc/ssl/openssl.cnf$" "/etc/ssl holds secrets: only the file read"
unlike "$reads" "(= | )/etc/ssl$" "never /etc/ssl"
like "$reads" "(= | )/etc/hostname$" "a single file in /etc stays a file"
unlike "$reads" "(= | )/(root|home)?$" "never /, /root or /home, though they were listed"
unlike "$reads" "/usr/lib" "the system read set is left out"
like "$execs" "/usr/bin/cat" "programs run by the target are exec entries"
unlike "$execs" "/usr/bin/dash|/bin/sh$" "the target itself is not"
confined as_root "$p" sh -c "$read_files"

# A path with a blank cannot be a list word: left out, and said so.
mkdir "$d/with blank" && echo data >"$d/with blank/file"
b=$d/blank.ini
learn as_root "$b" sh -c "cat '$d/with blank/file'"
well_formed as_root "$b" 1
like "$(cat "$b")" "# 1 entry with blanks or too long for a line left out of read" \
	"the profile says a path was left out"
out=$("$SANDBOX_RUN" -p "$p" sh -c 'cat /etc/passwd >/dev/null && echo read' 2>&1)
unlike "$out" "^read$" "a file the runs did not read stays unreadable"
done_testing
