#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The supervisor keeps no end of the pipeline: `yes | sandbox-run cat | head
# -1` and `sandbox-run groff ... | head -1` finish at once with the exit
# statuses the shell has without sandbox-run, and nothing is left running. A
# parent that reads the target's stderr to its end before reaping it does
# not hang on the supervisor's copy.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/supervise/lib.sh"

tmp=$(tap_tmp)
catprof=$tmp/cat.ini
write_profile "$catprof" "stdio rpath"
groffprof=$tmp/groff.ini
write_profile "$groffprof" "stdio rpath proc exec" "[filesystem]" \
	"read = /usr/share/groff /etc/groff" \
	"exec = /usr/bin/groff /usr/bin/troff /usr/bin/grotty"
# A page long enough that groff is still writing when head has gone.
{
	printf '.TH PIPELINE 1\n.SH NAME\npipeline \\- a long page\n.SH DESCRIPTION\n'
	for i in $(seq 3000); do
		printf '.PP\nParagraph %d, written so that the pipe fills before the end.\n' "$i"
	done
} >"$tmp/page.1"
chmod 644 "$tmp/page.1"

export -f as_root as_nobody
# A bounded run (60 s) of a pipeline, printing its output and PIPESTATUS.
pipeline() {
	timeout 60 bash -c "$1"' ; echo "status ${PIPESTATUS[*]}"'
}

for runner in $(runners); do
	sr="$runner $SANDBOX_RUN"
	want=$(pipeline 'yes | cat | head -1')
	got=$(pipeline "yes | $sr -p $catprof cat | head -1")
	is "$got" "$want" "$runner: yes | sandbox-run cat | head -1: output and PIPESTATUS as without it"
	wait_no_sandbox_processes "$tmp/"
	ok $? "$runner: ... and no sandbox-run process is left"

	if command -v groff >/dev/null; then
		want=$(pipeline "groff -mandoc -Tutf8 $tmp/page.1 | head -1")
		got=$(pipeline "$sr -p $groffprof groff -mandoc -Tutf8 $tmp/page.1 | head -1")
		is "$got" "$want" "$runner: sandbox-run groff ... | head -1: output and PIPESTATUS as without it"
		is "$($sr -p "$groffprof" groff -mandoc -Tutf8 "$tmp/page.1" 2>&1 | md5sum)" \
			"$(groff -mandoc -Tutf8 "$tmp/page.1" 2>&1 | md5sum)" \
			"$runner: the whole page is formatted as without it"
		wait_no_sandbox_processes "$tmp/"
		ok $? "$runner: ... and no sandbox-run process is left"
	else
		skip "$runner: sandbox-run groff | head -1" "groff is not installed"
		skip "$runner: the whole page" "groff is not installed"
		skip "$runner: no process left" "groff is not installed"
	fi
done

# The target's own pid is sandbox-run's.
"$SANDBOX_RUN" -p "$catprof" "$DENIER" pid >"$tmp/pid" &
launched=$!
wait $launched
is "$(cat "$tmp/pid")" "pid: $launched" "the target keeps sandbox-run's PID"

# subprocess.run() reads stdout and stderr to their end, then reaps: the
# supervisor must let go of stderr when the target exits, not when it is
# reaped.
if command -v python3 >/dev/null; then
	got=$(python3 - "$SANDBOX_RUN" -p "$catprof" "$DENIER" socket <<'PY'
import subprocess, sys
try:
    r = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    print(r.returncode, r.stdout.decode().strip(), r.stderr.decode().count("denied socket"))
except subprocess.TimeoutExpired:
    print("hung")
PY
)
	is "$got" "0 socket: denied (EPERM) 1" "a parent reading stderr to its end before reaping does not hang"
else
	skip "a parent reading stderr to its end before reaping does not hang" "no python3"
fi
wait_no_sandbox_processes "$tmp/"
ok $? "no sandbox-run process is left"

done_testing
