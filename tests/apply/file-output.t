# SPDX-License-Identifier: GPL-2.0-or-later
# sandbox-run file F prints exactly what file F prints, for real files of
# this machine, as root and as an ordinary user, and reports no denial.
source "$top_srcdir/tests/lib/tap.sh"

png=$(find /usr/share -name '*.png' -size +1k 2>/dev/null | head -n 1)
files=(/usr/lib/os-release /usr/bin/ls /usr/share/doc/file/changelog.Debian.gz "$png"
       /usr/share/misc/magic.mgc /etc/passwd /usr/lib/x86_64-linux-gnu/libc.so.6 /dev/null /)

for runner in $(runners); do
	for f in "${files[@]}"; do
		want=$($runner file "$f" 2>&1)
		got=$($runner "$SANDBOX_RUN" file "$f" 2>&1)
		is "$got" "$want" "$runner: file $f"
	done
	want=$($runner file -b -i "${files[@]}" 2>&1)
	got=$($runner "$SANDBOX_RUN" file -b -i "${files[@]}" 2>&1)
	is "$got" "$want" "$runner: file -b -i over all of them in one run"
	unlike "$got" "sandbox-run:" "$runner: no denial or warning was reported"
done
done_testing
