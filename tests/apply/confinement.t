# SPDX-License-Identifier: GPL-2.0-or-later
# Under file's profile the attack probe cannot write a file in HOME, open an
# AF_INET socket, exec /bin/sh, or run /bin/sh through ld.so; the same probe
# does all four unconfined. As root and as an ordinary user.
source "$top_srcdir/tests/lib/tap.sh"

for runner in $(runners); do
	home=$(tap_tmp)
	[ "$runner" = as_nobody ] && chown nobody:nogroup "$home"
	echo 'export SAFE=1' > "$home/.bashrc"
	[ "$runner" = as_nobody ] && chown nobody:nogroup "$home/.bashrc"
	before=$(cat "$home/.bashrc")
	while read -r attempt arg; do
		arg=${arg//HOME/$home}
		out=$(HOME=$home $runner "$PROBE" $attempt $arg 2>&1); rc=$?
		is "$rc:$out" "0:$attempt: allowed" "$runner: unconfined, $attempt succeeds"
		rm -f "$home"/probe-create.*
		out=$(HOME=$home $runner "$SANDBOX_RUN" -p file "$PROBE" $attempt $arg 2>/dev/null); rc=$?
		like "$rc:$out" "^1:$attempt: denied \((EPERM|EACCES)\)" "$runner: under file's profile, $attempt is denied"
	done <<-'LIST'
		create-file HOME
		append-file HOME/.bashrc
		socket-inet
		exec-sh
		exec-ldso
	LIST
	ok "$(ls "$home" | grep -c probe-create)" "$runner: no file was created in HOME by the confined runs"
	echo 'export SAFE=1' > "$home/.bashrc"
	# the unconfined append changed it; the confined one must not have
	HOME=$home $runner "$SANDBOX_RUN" -p file "$PROBE" append-file "$home/.bashrc" >/dev/null 2>&1
	is "$(cat "$home/.bashrc")" "$before" "$runner: ~/.bashrc is unchanged after a confined append"
done
done_testing
