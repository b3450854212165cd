#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What sandbox-run costs on the kernel it runs on, measured in one run
# beside `env` (README's performance section quotes it for Debian's
# kernels): `make bench-kernels` boots each kernel of the matrix and runs
# this in it; it is not part of make check (times are reported, never
# judged). Rows: the startup (env file F, sandbox-run file F with and
# without the supervisor) and the broker (COUNT files created bare, in a
# directory Landlock grants, and through a declared output pattern, each
# open served by the supervisor: the difference over COUNT is one brokered
# open). Medians of hyperfine runs; the machine's other load hits every
# row alike (the rows of a group are interleaved).
source "$top_srcdir/tests/lib/tap.sh"
command -v hyperfine >/dev/null || { echo "1..0 # SKIP hyperfine is not installed"; exit 0; }
SR=$SANDBOX_RUN
here=$top_srcdir/tests/bench
bin=$top_builddir/tests/bench
F=/etc/os-release
runs=${COST_RUNS:-40}
count=200
w=$(tap_home)

median_ms() { # median_ms JSON INDEX
	python3 -c 'import json,sys,statistics
r=json.load(open(sys.argv[1]))["results"][int(sys.argv[2])]
print("%.3f" % (statistics.median(r["times"])*1000))' "$1" "$2"
}
# measure NAME JSON CMD...: hyperfine over the commands, interleaved runs
measure() {
	local json=$w/$1.json
	shift
	hyperfine -N --warmup 3 --runs "$runs" --export-json "$json" "$@" >/dev/null 2>"$w/hf.err" ||
		{ ok 1 "hyperfine ran: $(tail -n 1 "$w/hf.err")"; return 1; }
	ok 0 "measured: $*"
}

diag "kernel $(uname -r), Landlock ABI $(python3 -c 'import ctypes; print(ctypes.CDLL(None).syscall(444, 0, 0, 1))')"
# file F bare too: under TCG, env's own dynamic loading (sandbox-run is
# static) is a large part of "env file F".
if measure startup "env file $F" "$SR file $F" "$SR --log=none file $F" "file $F"; then
	e=$(median_ms "$w/startup.json" 0) s=$(median_ms "$w/startup.json" 1)
	n=$(median_ms "$w/startup.json" 2) f=$(median_ms "$w/startup.json" 3)
	diag "$(printf 'file F %s ms; env file F %s ms; sandbox-run file F %s ms (%.3f x env, %.3f x file); --log=none %s ms (%.3f x env, %.3f x file)' \
		"$f" "$e" "$s" "$(echo "$s / $e" | bc -l)" "$(echo "$s / $f" | bc -l)" \
		"$n" "$(echo "$n / $e" | bc -l)" "$(echo "$n / $f" | bc -l)")"
fi

creates() { # creates DIR [PREFIX...]: a fresh directory, then the workload
	local dir=$1
	shift
	printf 'rm -rf %s && mkdir %s && %s %s -o %s/f-%%d %s' "$w/c" "$w/c" "$*" "$bin/creates" "$dir" "$count"
}
if measure broker "bash -c '$(creates "$w/c")'" \
	"bash -c '$(creates TMPDIR "$SR -p $here/creates-landlock.ini")'" \
	"bash -c '$(creates "$w/c" "$SR -p $here/creates.ini")'"; then
	b=$(median_ms "$w/broker.json" 0) l=$(median_ms "$w/broker.json" 1) o=$(median_ms "$w/broker.json" 2)
	diag "$(printf '%d creates: bare %s ms; Landlock-granted %s ms; brokered %s ms: one brokered open costs %.0f us more (%.4f x env file F)' \
		"$count" "$b" "$l" "$o" "$(echo "($o - $l) * 1000 / $count" | bc -l)" \
		"$(echo "($o - $l) / $count / ${e:-0}" | bc -l 2>/dev/null)")"
fi
done_testing
