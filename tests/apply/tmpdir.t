# SPDX-License-Identifier: GPL-2.0-or-later
# Promise tmppath is a private temporary directory, not /tmp: under the
# shipped profiles that hold it (gs, groff, nroff, grops, identify) TMPDIR
# and what the tools read before it name a new directory of the user's,
# mode 0700, where the target creates its scratch files; a mode-0600 file
# of the user's in /tmp (a Kerberos cache, say) cannot be read, nor a file
# planted in /tmp, which both work unconfined. The directory is gone when
# the command ends, also when the target was killed; a supervisor killed
# with SIGKILL leaves it, and the next start removes it unless its run
# still lives. A parent someone else could control is refused (exit 125).
# The real tools' output is the same as unconfined. As root and as nobody.
source "$top_srcdir/tests/lib/tap.sh"

TMPPROBE=$top_builddir/tests/apply/tmpprobe
profiles="gs groff nroff grops identify"
vars="TEMP TMP GROFF_TMPDIR MAGICK_TEMPORARY_PATH MAGICK_TMPDIR"

# gone PATH: whether PATH disappears within 5 s. The supervisor removes
# the directory after the last sandboxed process, so just after the
# command returns it may still be at work.
gone() {
	local i
	[ -n "$1" ] || return 1
	for i in $(seq 50); do
		[ -e "$1" ] || return 0
		sleep 0.1
	done
	return 1
}

# started FILE: waits (5 s at most) for a background probe's "ready PID".
started() {
	local i
	for i in $(seq 50); do
		grep -q '^ready ' "$1" 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}

runs_in() { ls -A "$1" 2>/dev/null | grep -c '^run-'; }

for runner in $(runners); do
	owner=root other=nobody
	[ "$runner" = as_nobody ] && owner=nobody other=root
	uid=$(id -u "$owner")
	home=$(tap_home)
	run=$home/run
	mkdir -m 700 "$run"
	chown -R "$owner" "$home"
	parent=$run/sandbox-run
	# The attack targets are in /tmp itself, as the user's Kerberos cache is.
	secret=/tmp/sr-tmpdir-secret.$$.$owner plant=/tmp/sr-tmpdir-plant.$$.$owner
	echo 'ticket' > "$secret"
	chmod 600 "$secret"
	chown "$owner" "$secret"
	rm -f "$plant"
	export SR_SECRET=$secret SR_PLANT=$plant

	out=$(XDG_RUNTIME_DIR=$run $runner "$TMPPROBE" read-secret plant list-tmp 2>&1)
	like "$out" "read-secret: allowed" "$runner: unconfined, the probe reads a mode-0600 file of the user's in /tmp"
	like "$out" "plant: allowed" "$runner: unconfined, it plants a file in /tmp"
	like "$out" "list-tmp: allowed" "$runner: unconfined, it lists /tmp"
	rm -f "$plant"

	for profile in $profiles; do
		out=$(XDG_RUNTIME_DIR=$run $runner "$SANDBOX_RUN" -p "$profile" "$TMPPROBE" \
			env stat scratch scratch-dir read-secret plant list-tmp 2>&1)
		dir=$(printf '%s\n' "$out" | sed -n 's/^TMPDIR=//p')
		like "$dir" "^$parent/run-[A-Za-z0-9]{6}\$" \
			"$runner: under $profile's profile, TMPDIR is a new directory in \$XDG_RUNTIME_DIR/sandbox-run"
		same=yes
		for v in $vars; do
			printf '%s\n' "$out" | grep -qxF "$v=$dir" || same="no: $v"
		done
		is "$same" yes "$runner: ... and so are $vars"
		like "$out" "stat: mode 0700 uid $uid" "$runner: ... of the user's, mode 0700"
		like "$out" "scratch: allowed" "$runner: ... and the target creates its scratch files there"
		like "$out" "scratch-dir: allowed" "$runner: ... and directories (mktemp -d)"
		like "$out" "read-secret: denied \(EACCES\)" "$runner: under $profile's profile, the file in /tmp cannot be read"
		like "$out" "plant: denied \(EACCES\)" "$runner: ... nor a file planted in /tmp"
		ok "$([ ! -e "$plant" ]; echo $?)" "$runner: ... which does not exist"
		like "$out" "list-tmp: denied \(EACCES\)" "$runner: ... nor /tmp listed"
		gone "$dir"
		ok $? "$runner: under $profile's profile, the directory is gone after the command"
	done
	is "$(cat "$secret")" ticket "$runner: the file in /tmp is unchanged"

	# The target killed: the supervisor still removes the directory.
	XDG_RUNTIME_DIR=$run $runner "$SANDBOX_RUN" -p gs "$TMPPROBE" env wait >"$home/killed" 2>&1 &
	started "$home/killed"
	ok $? "$runner: a waiting probe started under gs's profile"
	pid=$(sed -n 's/^ready //p' "$home/killed")
	dir=$(sed -n 's/^TMPDIR=//p' "$home/killed")
	ok "$([ -d "$dir" ]; echo $?)" "$runner: ... its directory exists while it runs"
	kill -KILL "$pid"
	wait
	gone "$dir"
	ok $? "$runner: the target killed with SIGKILL, its directory is gone"

	# The supervisor killed: the directory stays until the next start,
	# which leaves a live run's alone.
	XDG_RUNTIME_DIR=$run $runner "$SANDBOX_RUN" -p gs "$TMPPROBE" env wait >"$home/orphan" 2>&1 &
	XDG_RUNTIME_DIR=$run $runner "$SANDBOX_RUN" -p gs "$TMPPROBE" env wait >"$home/alive" 2>&1 &
	started "$home/orphan" && started "$home/alive"
	ok $? "$runner: two waiting probes started under gs's profile"
	pid=$(sed -n 's/^ready //p' "$home/orphan")
	live=$(sed -n 's/^ready //p' "$home/alive")
	dead_dir=$(sed -n 's/^TMPDIR=//p' "$home/orphan")
	live_dir=$(sed -n 's/^TMPDIR=//p' "$home/alive")
	# The supervisor holds the directory's lock, as descriptor 4 (it is the
	# target's child here, a grandchild of init in a sanitizer build).
	supervisor=$(for p in /proc/[0-9]*; do
		[ "$(readlink "$p/fd/4" 2>/dev/null)" = "$dead_dir" ] && echo "${p#/proc/}"
	done)
	kill -KILL $supervisor
	kill -KILL "$pid"
	sleep 0.3
	ok "$([ -d "$dead_dir" ]; echo $?)" "$runner: supervisor and target killed with SIGKILL, the directory is left"
	out=$(XDG_RUNTIME_DIR=$run $runner "$SANDBOX_RUN" -p gs "$TMPPROBE" env 2>&1)
	ok "$([ ! -e "$dead_dir" ]; echo $?)" "$runner: the next start removed it"
	ok "$([ -d "$live_dir" ]; echo $?)" "$runner: ... but not the directory of a run that still lives"
	kill -KILL "$live"
	wait
	gone "$live_dir"
	ok $? "$runner: ... which is gone once that run is killed"
	is "$(runs_in "$parent")" 0 "$runner: no directory of a run is left in \$XDG_RUNTIME_DIR/sandbox-run"

	# Without XDG_RUNTIME_DIR: /tmp/sandbox-run-UID, or for root /run, which
	# no other user can write.
	out=$(unset XDG_RUNTIME_DIR; $runner "$SANDBOX_RUN" -p groff "$TMPPROBE" env scratch 2>&1)
	dir=$(printf '%s\n' "$out" | sed -n 's/^TMPDIR=//p')
	fallback=/tmp/sandbox-run-$uid
	[ "$uid" = 0 ] && fallback=/run/sandbox-run
	like "$dir" "^$fallback/run-[A-Za-z0-9]{6}\$" \
		"$runner: without XDG_RUNTIME_DIR, TMPDIR is a new directory in $fallback"
	like "$out" "scratch: allowed" "$runner: ... where the target creates its scratch files"
	gone "$dir"
	ok $? "$runner: ... gone after the command"

	# --explain makes none.
	before=$(runs_in "$parent")
	XDG_RUNTIME_DIR=$run $runner "$SANDBOX_RUN" --explain -p gs "$TMPPROBE" >/dev/null 2>&1
	is "$(runs_in "$parent")" "$before" "$runner: --explain makes no directory"

	# A parent that someone else could control is refused.
	for bad in group-writable symlink foreign; do
		xdg=$home/xdg-$bad
		mkdir -m 700 "$xdg"
		case $bad in
		group-writable) mkdir -m 770 "$xdg/sandbox-run"; chown "$owner" "$xdg/sandbox-run"
			why="may be written by others \(mode 0770\)" ;;
		symlink) mkdir -m 700 "$home/elsewhere-$bad"; ln -s "$home/elsewhere-$bad" "$xdg/sandbox-run"
			chown -h "$owner" "$xdg/sandbox-run" "$home/elsewhere-$bad"
			why="is a symbolic link" ;;
		foreign) mkdir -m 700 "$xdg/sandbox-run"; chown "$other" "$xdg/sandbox-run"
			why="belongs to uid $(id -u "$other"), not to you \(uid $uid\)" ;;
		esac
		chown "$owner" "$xdg"
		out=$(XDG_RUNTIME_DIR=$xdg $runner "$SANDBOX_RUN" -p gs "$TMPPROBE" env 2>&1)
		is "$?" 125 "$runner: a $bad \$XDG_RUNTIME_DIR/sandbox-run is refused (exit 125)"
		like "$out" "^sandbox-run: private temporary directory: $xdg/sandbox-run $why; remove it" \
			"$runner: ... in one line that says why and what to do"
		unlike "$out" "TMPDIR=" "$runner: ... and the command did not run"
	done
	rm -f "$secret" "$plant"

	# The tools themselves, with their temporary files in the directory.
	work=$home/work
	mkdir "$work"
	printf '%%!PS\n/Times-Roman findfont 24 scalefont setfont 72 720 moveto (hello) show showpage\n' >"$work/in.ps"
	printf '.TH T 1\n.SH NAME\nt \\- a test page\n.SH DESCRIPTION\nText.\n' >"$work/t.1"
	chown -R "$owner" "$work"
	got=$(cd "$work" && XDG_RUNTIME_DIR=$run $runner "$SANDBOX_RUN" gs -q -sDEVICE=pdfwrite -o out.pdf in.ps 2>&1; echo "rc=$?")
	is "$got:$(head -c 5 "$work/out.pdf")" "rc=0:%PDF-" \
		"$runner: sandbox-run gs -sDEVICE=pdfwrite (four scratch files) writes its PDF"
	want=$(cd "$work" && $runner groff -Tps -man t.1 | grep -v CreationDate)
	got=$(cd "$work" && XDG_RUNTIME_DIR=$run $runner "$SANDBOX_RUN" groff -Tps -man t.1 | grep -v CreationDate)
	ok "$([ -n "$want" ] && [ "$got" = "$want" ]; echo $?)" \
		"$runner: sandbox-run groff -Tps (grops's scratch file) prints what groff does unconfined"
	troff -Tps -man "$work/t.1" >"$work/t.troff"
	want=$($runner grops <"$work/t.troff" | grep -v CreationDate)
	got=$(XDG_RUNTIME_DIR=$run $runner "$SANDBOX_RUN" grops <"$work/t.troff" | grep -v CreationDate)
	ok "$([ -n "$want" ] && [ "$got" = "$want" ]; echo $?)" \
		"$runner: sandbox-run grops prints what grops does unconfined"
	if command -v convert >/dev/null && convert -size 8x8 xc:red "$work/r.tiff" 2>/dev/null; then
		# From a pipe: the TIFF coder reads a file, so ImageMagick copies it to one.
		# identify ends its line with the time it took: not compared.
		untimed() { sed -E 's/ [0-9.]+u [0-9:.]+$//'; }
		want=$($runner identify tiff:- <"$work/r.tiff" 2>&1 | untimed)
		got=$(XDG_RUNTIME_DIR=$run $runner "$SANDBOX_RUN" identify tiff:- <"$work/r.tiff" 2>&1 | untimed)
		is "$got" "$want" "$runner: sandbox-run identify tiff:- (a scratch copy) prints what identify does unconfined, and no report"
	else
		skip "$runner: sandbox-run identify tiff:-" "no convert to make a TIFF"
	fi
	sleep 0.5
	is "$(runs_in "$parent")" 0 "$runner: the tools left no directory behind"
done
done_testing
