#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# [limits]: a PostScript loop under gs, a troff .while loop under groff and
# decompression bombs under zcat and xzcat run on unconfined (shown with a
# short timeout(1)), and confined the shipped profile with a lowered limit
# stops each with one line naming the limit and the file that sets it; a
# limit of sandbox-run.conf applies to a profile without one; the wall-clock
# timeout ends the command and its children; the target cannot raise its
# limits, and core files are off. As root and as nobody.
source "$top_srcdir/tests/lib/tap.sh"

home=$(tap_home)
cd "$home" || bail "cannot enter $home"

# The shipped profile, with a drop-in that lowers its limits (--profile FILE
# reads FILE.d/*.ini on top of FILE, as the system directories' NAME.ini.d).
limited() { # NAME TAG LINE... → the profile's path
	local name=$1 dir=$home/p-$2; shift 2
	mkdir -p "$dir/$name.ini.d"
	cp "$top_srcdir/profiles/$name.ini" "$dir/$name.ini"
	printf '[limits]\n' > "$dir/$name.ini.d/90-test.ini"
	printf '%s\n' "$@" >> "$dir/$name.ini.d/90-test.ini"
	echo "$dir/$name.ini"
}

# A shell that may run sleep: for the timeout, its children, and ulimit.
cat > "$home/shell.ini" <<EOF
[profile]
promises = stdio rpath proc exec
[filesystem]
exec = $(readlink -f /bin/sh) /bin/sh $(command -v sleep)
[arguments]
operands = none
EOF
chmod 644 "$home/shell.ini"

# The inputs: each would run for minutes (the bombs expand to 10G of zeros,
# as 1024 concatenated members; gzip and xz read them all).
printf '%%!\n{} loop\n' > loop.ps
printf '.nr i 0\n.while 1 .nr i +1\n' > loop.tr
head -c 10M /dev/zero | gzip > member.gz
head -c 10M /dev/zero | xz -0 > member.xz
for i in $(seq 10); do
	cat member.gz member.gz > bomb.gz && mv bomb.gz member.gz
	cat member.xz member.xz > bomb.xz && mv bomb.xz member.xz
done
mv member.gz bomb.gz
mv member.xz bomb.xz
chmod 644 ./*
mkfifo never
chmod 666 never
exec 3<>never # held open for writing: a reader of never waits for ever

# Runs "$@" with output discarded; sets rc, err (stderr) and secs (wall).
run() {
	local start=$SECONDS
	err=$("$@" 2>&1 >/dev/null)
	rc=$?
	secs=$((SECONDS - start))
}

gs=$(limited gs low 'cpu = 1')
groff=$(limited groff low 'cpu = 1')
zcat=$(limited zcat low 'cpu = 1')
xzcat=$(limited xzcat low 'cpu = 1')

# Unconfined each runs on: still going when timeout(1) ends it (124).
run timeout 2 gs -q -dNODISPLAY -dBATCH -dNOPAUSE loop.ps
is "$rc" 124 "unconfined, gs runs the PostScript loop until timeout(1) stops it"
run timeout 2 groff -Tutf8 loop.tr
is "$rc" 124 "unconfined, groff runs the .while loop until timeout(1) stops it"
run timeout 2 zcat bomb.gz
is "$rc" 124 "unconfined, zcat expands the bomb until timeout(1) stops it"
run timeout 2 xzcat bomb.xz
is "$rc" 124 "unconfined, xzcat expands the bomb until timeout(1) stops it"
run timeout 2 sh -c 'read x' < never
is "$rc" 124 "unconfined, a read of a FIFO nobody writes waits until timeout(1) stops it"

origin() { printf '%s' "$1.d/90-test.ini:$2"; }
for runner in $(runners); do
	run $runner "$SANDBOX_RUN" -p "$gs" gs -q -dNODISPLAY -dBATCH -dNOPAUSE loop.ps
	is "$rc" 137 "$runner: gs: the cpu limit stops the loop (SIGKILL, 137)"
	is "$err" "sandbox-run: gs: stopped after 1 s of CPU time ([limits] cpu = 1 in $(origin "$gs" 2))" \
		"$runner: gs: ... and one line names the limit and where it is set"

	run $runner "$SANDBOX_RUN" -p "$groff" groff -Tutf8 loop.tr
	like "$err" "^sandbox-run: groff: troff stopped after 1 s of CPU time \(\[limits\] cpu = 1 in $(origin "$groff" 2)\)" \
		"$runner: groff: troff, its child, is stopped by the cpu limit and named"
	ok $((rc == 0)) "$runner: groff: ... and groff fails (status $rc)"

	run $runner "$SANDBOX_RUN" -p "$zcat" zcat bomb.gz
	is "$rc" 137 "$runner: zcat: the cpu limit stops the bomb (137)"
	is "$err" "sandbox-run: zcat: gzip stopped after 1 s of CPU time ([limits] cpu = 1 in $(origin "$zcat" 2))" \
		"$runner: zcat: ... and names gzip, which the zcat script runs"

	run $runner "$SANDBOX_RUN" -p "$xzcat" xzcat bomb.xz
	is "$rc" 137 "$runner: xzcat: the cpu limit stops the bomb (137)"
	like "$err" "^sandbox-run: xzcat: (xz )?stopped after 1 s of CPU time \(\[limits\] cpu = 1 in $(origin "$xzcat" 2)\)$" \
		"$runner: xzcat: ... with the line"

	# The bomb into a file: file-size stops the writer at the limit (SIGXFSZ).
	out=$(tap_tmp)
	chmod 777 "$out"
	fsize=$(limited zcat fsize 'file-size = 1M')
	$runner "$SANDBOX_RUN" -p "$fsize" zcat bomb.gz > "$out/zeros" 2>"$out/err"
	is "$?" 153 "$runner: zcat > FILE: file-size ends it with SIGXFSZ (128+25)"
	is "$(stat -c %s "$out/zeros")" 1048576 "$runner: ... with the file at the limit, 1M"
	# The supervisor learns how the target ended from its pidfd from 6.15 on.
	# It writes once the shell has reaped the target, so it may come after.
	if [ "$(printf '%s\n' 6.15 "$(uname -r)" | sort -V | head -n 1)" = 6.15 ]; then
		for _ in $(seq 40); do grep -q 'file-size limit' "$out/err" && break; sleep 0.05; done
		like "$(cat "$out/err")" "^sandbox-run: zcat: stopped when a file it wrote reached the file-size limit \(\[limits\] file-size = 1M in $(origin "$fsize" 2)\)$" \
			"$runner: ... and the line names the limit and the file that sets it"
	else
		skip "$runner: ... the line naming the limit" "kernel $(uname -r): no PIDFD_INFO_EXIT before 6.15"
	fi

	# A default of sandbox-run.conf, for a profile without [limits].
	conf=$home/conf.$runner
	mkdir -p "$conf"
	cp "$top_srcdir/profiles/sandbox-run.conf" "$conf/sandbox-run.conf"
	sed -i 's/^cpu = infinity/cpu = 1/' "$conf/sandbox-run.conf"
	line=$(grep -n '^cpu = 1' "$conf/sandbox-run.conf" | cut -d: -f1)
	run $runner "$SANDBOX_RUN" --config "$conf/sandbox-run.conf" -p "$top_srcdir/tests/apply/sh.ini" \
		sh -c 'while :; do :; done'
	is "$rc" 137 "$runner: a cpu default of sandbox-run.conf stops a loop of a profile without one"
	like "$err" "cpu = 1 in $conf/sandbox-run.conf:$line\)$" "$runner: ... and the line names sandbox-run.conf:$line"

	# The timeout: a command waiting for ever, its child included.
	tshell=$home/shell-timeout.ini
	{ cat "$home/shell.ini"; printf '[limits]\ntimeout = 1\n'; } > "$tshell"
	chmod 644 "$tshell"
	marker=$((RANDOM + 9000))
	run $runner "$SANDBOX_RUN" -p "$tshell" sh -c "sleep $marker & read x" < never
	is "$rc" 137 "$runner: the timeout ends a command waiting for input (137)"
	ok $((secs > 5)) "$runner: ... after about 1 s (took ${secs} s)"
	tline=$(grep -n '^timeout' "$tshell" | cut -d: -f1)
	is "$err" "sandbox-run: sh: stopped after 1 s of wall-clock time ([limits] timeout = 1 in $tshell:$tline)" \
		"$runner: ... with the line naming the timeout"
	sleep 0.2
	is "$(pgrep -fx "sleep $marker" | wc -l)" 0 "$runner: ... and its child (sleep) is gone too"
	run $runner "$SANDBOX_RUN" --log=none -p "$tshell" sh -c 'read x' < never
	is "$rc" 137 "$runner: with --log=none a supervisor still keeps the timeout"

	# The target cannot raise its limits (unconfined, root can: below).
	raise=$home/raise.ini
	{ cat "$home/shell.ini"; printf '[limits]\ncpu = 100\n'; } > "$raise"
	chmod 644 "$raise"
	run $runner "$SANDBOX_RUN" -p "$raise" sh -c 'ulimit -S -t 200 && echo raised'
	unlike "$err" "raised" "$runner: the target cannot raise its cpu limit"
	ok $((rc == 0)) "$runner: ... ulimit fails (status $rc)"
	cores=$( (ulimit -c 1000; $runner "$SANDBOX_RUN" -p "$raise" sh -c 'ulimit -c') 2>&1)
	is "$cores" 0 "$runner: core files are off under the sandbox (RLIMIT_CORE 0)"
done
exec 3>&-

for runner in $(runners); do
	out=$($runner sh -c 'ulimit -S -t 100; ulimit -S -t 200 && echo raised' 2>&1)
	is "$out" raised "$runner: unconfined, a soft cpu limit is raised (the probe works)"
	if [ "$(ulimit -H -c)" = 0 ]; then
		skip "$runner: unconfined, core files are the caller's" "the hard core limit here is 0"
		continue
	fi
	cores=$( (ulimit -c 1000; $runner sh -c 'ulimit -c') 2>&1)
	ok $((cores == 0)) "$runner: unconfined, core files are the caller's ($cores blocks)"
done

# --explain shows them; a bad value is file:line, exit 125; --check says so.
explain=$("$SANDBOX_RUN" --explain -p "$gs" gs loop.ps)
like "$explain" "cpu = 1 \($(origin "$gs" 2)\): 1 seconds of CPU time" "--explain shows the cpu limit and its origin"
like "$explain" "address-space = 4G \($home/p-low/gs.ini:[0-9]+\): 4294967296 bytes" \
	"--explain shows the shipped address-space limit, as written and in bytes"
explain=$("$SANDBOX_RUN" --explain groff loop.tr)
like "$explain" "cpu = 2m \($top_srcdir/profiles/groff.ini:[0-9]+\): 120 seconds" "--explain shows 2m as 120 seconds"
like "$explain" "core files off" "--explain says core files are off"
bad=$(limited gs bad 'cpu = 2 s' 'address-space = 12Q')
run "$SANDBOX_RUN" -p "$bad" gs loop.ps
is "$rc" 125 "a bad [limits] value is exit 125"
like "$err" "^sandbox-run: $bad.d/90-test.ini:2: cpu takes one value, not \"2 s\"" "... naming file:line"
check=$("$SANDBOX_RUN" --check "$bad.d/90-test.ini")
like "$check" "90-test.ini:3: bad value \"12Q\" for address-space \(expected bytes" "--check names a bad size"
badconf=$home/badconf
mkdir -p "$badconf"
printf '[limits]\ntimeout = 1x\n' > "$badconf/sandbox-run.conf"
run "$SANDBOX_RUN" --config "$badconf/sandbox-run.conf" -p "$top_srcdir/tests/apply/sh.ini" sh -c 'exit 0'
is "$rc" 125 "a bad [limits] value in sandbox-run.conf is exit 125"
like "$err" "^sandbox-run: $badconf/sandbox-run.conf:2: bad value \"1x\" for timeout" "... naming its file:line"
done_testing
