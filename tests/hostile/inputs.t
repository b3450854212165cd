#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Inputs that are not plain files: FIFOs, devices, sockets, symlink loops,
# dangling links, /proc/self/fd/N, pipes from <(...), non-UTF-8 names.
# file(1) under its shipped profile must print what it prints unconfined,
# as root and as nobody. An input LIST that is a pipe or FIFO is refused
# (sandbox-run would consume it before file reads it).
source "$top_srcdir/tests/hostile/lib.sh"
in=$tmp/in
mkdir -p "$in"
cd "$in" || bail "cd $in"
mkfifo fifo
ln -s loop loop
ln -s b a
ln -s a b
python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("sock")' || bail "cannot make a socket"
printf 'hello\n' >$'\xff\xfe-name.txt'
printf 'hello\n' >$'new\nline.txt'
printf 'hello\n' >-dash.txt
printf '#!/bin/sh\necho\n' >'sp ace.sh'
ln -s /etc/hostname link
ln -s nowhere dangling
mkdir dir
printf 'secret\n' >rootonly
chmod 600 rootonly
printf '%s\n' /etc/hostname "$in/$(printf '\xff\xfe-name.txt')" "$in/fifo" >list
chmod -R a+rX "$in"
chmod 600 rootonly

# same DESCRIPTION RUNNER FILE-ARGS...: sandbox-run file == file
same() {
	local desc=$1 runner=$2 d c drc crc
	shift 2
	d=$(cd "$in" && $runner file "$@" 5</etc/hostname 2>&1)
	drc=$?
	c=$(cd "$in" && $runner "$SANDBOX_RUN" file "$@" 5</etc/hostname 2>&1)
	crc=$?
	is "$crc:$c" "$drc:$d" "$runner: $desc: same as unconfined"
}

for r in $(runners); do
	same "a FIFO" $r fifo
	same "a FIFO, opened (-s)" $r -s fifo
	same "a symlink to itself" $r loop
	same "a symlink to itself, followed (-L)" $r -L loop
	same "two symlinks in a loop, followed" $r -L a
	same "a unix socket" $r sock
	same "a character device" $r /dev/null
	same "a character device, read (-s)" $r -s /dev/null /dev/zero
	same "a non-UTF-8 name" $r $'\xff\xfe-name.txt'
	same "a name with a newline" $r $'new\nline.txt'
	same "a name starting with a dash, after --" $r -- -dash.txt
	same "a name with a space" $r 'sp ace.sh'
	same "a symlink" $r link
	same "a symlink, followed" $r -L link
	same "a dangling symlink, followed" $r -L dangling
	same "a directory" $r dir
	same "a file only root may read" $r rootonly
	same "/proc/self/fd/5 (an inherited descriptor)" $r /proc/self/fd/5
	same "/proc/self/fd/5, followed" $r -L /proc/self/fd/5
	same "a list of inputs naming odd files" $r -f list
	d=$(cd "$in" && $r file -s <(echo '%PDF-1.4') 2>&1 | sed 's/pipe:\[[0-9]*\]/pipe/')
	c=$(cd "$in" && $r "$SANDBOX_RUN" file -s <(echo '%PDF-1.4') 2>&1 | sed 's/pipe:\[[0-9]*\]/pipe/')
	is "$c" "$d" "$r: a pipe from <(...) as input (-s): same as unconfined"

	# Lists of inputs that sandbox-run would have to consume: refused at
	# once, never a hang (the timeout only guards against one).
	run $r timeout 60 "$SANDBOX_RUN" file -f <(echo /etc/hostname)
	refused "$r: a list of inputs from a pipe" "a list of inputs cannot be a pipe, FIFO or socket.*write the list to a file"
	run $r timeout 60 "$SANDBOX_RUN" file -f "$in/fifo"
	refused "$r: a list of inputs in a FIFO" "a list of inputs cannot be a pipe"
done
cd / || true
done_testing
