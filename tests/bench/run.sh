#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# make bench: what sandbox-run costs beside the exec floor and its peers.
#
# Every group is measured with hyperfine (no shell, -N) in ROUNDS rounds; a
# round runs each command of the group RUNS times, one command after the
# other in an order drawn anew for each round, and the medians are taken
# over all rounds. Rounds interleave the commands, so a busy minute on a
# shared machine hits every row alike.
# Absolute times vary five-fold between machines; the ratios are the result.
#
# Environment: SANDBOX_RUN, top_srcdir, top_builddir (set by `make bench`);
# BENCH_ROUNDS (default 20), BENCH_RUNS (default 10) to trade time for noise.
# Beside the wall time each row shows the CPU time (user + system of the
# command and the children it waits for; the supervisor, detached, is not
# counted): on a busy machine it is the steadier figure.
set -u
: "${SANDBOX_RUN:?run through make bench}" "${top_srcdir:?}" "${top_builddir:?}"
SR=$SANDBOX_RUN
here=$top_srcdir/tests/bench
bin=$top_builddir/tests/bench
ROUNDS=${BENCH_ROUNDS:-20}
RUNS=${BENCH_RUNS:-10}
F=/etc/os-release
work=$(mktemp -d "${TMPDIR:-/tmp}/sr-bench.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
rows=$work/rows.tsv # group, name, median ms, × first row, × reference row, CPU ms
: >"$rows"
export LC_ALL=C.UTF-8

note() { printf '  (%s)\n' "$*"; }
need() { # need TOOL PACKAGE: the suite cannot run without it
	command -v "$1" >/dev/null && return
	echo "make bench: $1 is missing; install it with: apt-get install $2" >&2
	exit 1
}
have() { # have TOOL PACKAGE: a row that needs it is left out, and said so
	command -v "$1" >/dev/null && return
	note "$1 is not installed (apt-get install $2): its rows are left out"
	return 1
}
need hyperfine hyperfine
need jq jq
need /usr/bin/time time

# measure GROUP RUNS REF NAME CMD [NAME CMD]...: median wall time of each
# command over ROUNDS hyperfine runs of RUNS each; ratios to the first row
# and to row REF (counted from 0).
measure() {
	local group=$1 runs=$2 ref=$3
	shift 3
	local names=() cmds=() args i r
	while [ $# -gt 0 ]; do
		names+=("$1")
		cmds+=("$2")
		shift 2
	done
	for ((r = 0; r < ROUNDS; r++)); do
		# A new order every round: a row always run after the same other
		# one inherits what that one leaves behind (firejail's teardown,
		# a supervisor still exiting), which a fixed order turns into a
		# bias of its ratio (tests/bench/alternate.c found 45 µs).
		args=()
		for i in $(shuf -i 0-$((${#names[@]} - 1))); do
			args+=(-n "${names[i]}" "${cmds[i]}")
		done
		hyperfine -N --style none --warmup 1 --runs "$runs" \
			--export-json "$work/round.json" "${args[@]}" >/dev/null 2>"$work/err" || {
			echo "make bench: hyperfine failed in group \"$group\":" >&2
			cat "$work/err" >&2
			exit 1
		}
		jq -r '.results[] | .command as $c | .times[] | "\($c)\t\(.)"' \
			"$work/round.json" >>"$work/$group.times"
		jq -r '.results[] | "\(.command)\t\(.user + .system)"' \
			"$work/round.json" >>"$work/$group.cpu"
	done
	local med=() cpu=()
	for i in "${!names[@]}"; do
		med[i]=$(median_ms "${names[i]}" <"$work/$group.times")
		cpu[i]=$(median_ms "${names[i]}" <"$work/$group.cpu")
	done
	local title="$group: ratios to \"${names[0]}\""
	[ "$ref" = 0 ] || title="$title and \"${names[ref]}\""
	printf '\n%-58s %10s %8s %8s %8s\n' "$title" "median ms" "× first" "× ref" "CPU ms"
	for i in "${!names[@]}"; do
		local r0 rr
		r0=$(awk -v a="${med[i]}" -v b="${med[0]}" 'BEGIN { printf "%.3f", a / b }')
		rr=$(awk -v a="${med[i]}" -v b="${med[ref]}" 'BEGIN { printf "%.3f", a / b }')
		printf '%-58s %10.3f %8s %8s %8.3f\n' "${names[i]}" "${med[i]}" "$r0" "$rr" "${cpu[i]}"
		printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$group" "${names[i]}" "${med[i]}" "$r0" "$rr" \
			"${cpu[i]}" >>"$rows"
	done
}

median_ms() { # median_ms NAME < "NAME<TAB>seconds" lines
	awk -F'\t' -v n="$1" '$1 == n { print $2 * 1000 }' | sort -g | awk '{ v[NR] = $1 }
		END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

median_of() { # median_of GROUP NAME: a median measured above, in ms
	awk -F'\t' -v g="$1" -v n="$2" '$1 == g && $2 == n { print $3 }' "$rows"
}

verdict() { # verdict WHAT GOT-RATIO LIMIT
	local ok
	ok=$(awk -v a="$2" -v b="$3" 'BEGIN { print (a <= b) ? "met" : "MISSED" }')
	printf '  %-62s %6.3f × (target ≤ %s): %s\n' "$1" "$2" "$3" "$ok"
	printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$ok" >>"$work/verdicts.tsv"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

echo "sandbox-run benchmarks: $("$SR" --version | head -1), $(uname -r), $(nproc) CPUs"
echo "hyperfine $(hyperfine --version | cut -d' ' -f2), $ROUNDS rounds × $RUNS runs per command"
echo "\"no supervisor\" = --log=none: denied calls get EPERM (on-violation = deny) or kill"
echo "the process (kill) in the kernel and nobody reports them; reports need the supervisor."
echo "Compiled filters come from the filter cache (sandbox-run.conf(5)), as in everyday use;"
echo "the per-profile table at the end shows what compiling them anew costs."

# Startup: one small file through file(1).
startup=("file F" "file $F" "env file F" "env file $F"
	"sandbox-run file F" "$SR file $F"
	"sandbox-run --log=none file F (no supervisor)" "$SR --log=none file $F"
	"sandbox-run --on-violation=kill --log=none file F" "$SR --on-violation=kill --log=none file $F")
if have bwrap bubblewrap; then
	startup+=("bwrap --ro-bind / / --dev /dev file F" "bwrap --ro-bind / / --dev /dev file $F"
		"bwrap --unshare-all --ro-bind / / --dev /dev file F"
		"bwrap --unshare-all --ro-bind / / --dev /dev file $F")
fi
if have firejail firejail; then
	startup+=("firejail --quiet --noprofile file F" "firejail --quiet --noprofile file $F"
		"firejail --quiet file F" "firejail --quiet file $F")
fi
measure startup "$RUNS" 1 "${startup[@]}"

# The smallest program: the launcher's own cost beyond one more exec.
measure true "$RUNS" 1 "/bin/true" "/bin/true" "env /bin/true" "env /bin/true" \
	"sandbox-run /bin/true" "$SR -p $here/true.ini /bin/true" \
	"sandbox-run --log=none /bin/true" "$SR --log=none -p $here/true.ini /bin/true"
true_us=$(awk -v a="$(median_of true "sandbox-run /bin/true")" \
	-v b="$(median_of true "env /bin/true")" 'BEGIN { printf "%.0f", (a - b) * 1000 }')
true_ns_us=$(awk -v a="$(median_of true "sandbox-run --log=none /bin/true")" \
	-v b="$(median_of true "env /bin/true")" 'BEGIN { printf "%.0f", (a - b) * 1000 }')
echo "  the launcher's own cost beyond env: ${true_us} µs with the supervisor," \
	"${true_ns_us} µs without"

# Steady state: the cost per call once the target runs.
find /usr/share/doc /usr/share/man /usr/lib/x86_64-linux-gnu /usr/share/locale \
	-type f -size +0 -readable 2>/dev/null | sort | head -2000 >"$work/files"
nfiles=$(wc -l <"$work/files")
# The floor row: any seccomp filter at all (one instruction, allow) sends
# every call through the kernel's seccomp entry path; what sandbox-run adds
# beyond that row is its own.
measure files 1 0 "file -f LIST ($nfiles files)" "file -f $work/files" \
	"sandbox-run file -f LIST" "$SR file -f $work/files" \
	"floor: file -f LIST under any seccomp filter" "$bin/any-filter file -f $work/files"
measure loop 3 0 "syscall-loop 20000" "$bin/syscall-loop 20000" \
	"sandbox-run syscall-loop 20000" "$SR -p $here/syscall-loop.ini $bin/syscall-loop 20000" \
	"floor: syscall-loop 20000 under any seccomp filter" "$bin/any-filter $bin/syscall-loop 20000"

# The broker: COUNT files created through a declared output pattern (each
# open served by the supervisor), against the same creates bare and in a
# directory Landlock grants (how patterns were granted before the broker).
# The difference to the Landlock row, over COUNT, is one brokered open.
ncreates=200
creates_dir=$work/creates
creates() { # creates DIR PREFIX...: a fresh directory, then the workload
	local dir=$1
	shift
	printf 'rm -rf %s && mkdir %s && %s %s -o %s/f-%%d %s' "$creates_dir" "$creates_dir" "$*" \
		"$bin/creates" "$dir" "$ncreates"
}
measure_shell() { # as measure, but the commands run under bash -c
	local group=$1 runs=$2 ref=$3 args=() 
	shift 3
	while [ $# -gt 0 ]; do args+=("$1" "bash -c '$2'"); shift 2; done
	measure "$group" "$runs" "$ref" "${args[@]}"
}
mkdir -p "$creates_dir"
measure_shell broker 1 1 "creates $ncreates files" "$(creates "$creates_dir")" \
	"sandbox-run creates, Landlock-granted directory" \
	"$(creates TMPDIR "$SR -p $here/creates-landlock.ini")" \
	"sandbox-run creates, each open brokered" "$(creates "$creates_dir" "$SR -p $here/creates.ini")"

# A man page through man-db, with sandbox-run in front of each filter it
# lets us name (DEFINE): tbl and nroff (which runs groff, troff, grotty).
man_ok=0
if have man man-db && have nroff groff-base; then
	page=$(man -w ls 2>/dev/null)
	conf=$work/man.conf
	cp /etc/manpath.config "$conf"
	# The floor: the same DEFINE lines with env in front, one more exec per
	# filter and nothing else.
	envconf=$work/man-env.conf
	cp /etc/manpath.config "$envconf"
	for prog in nroff tbl; do
		prof=
		if ! "$SR" --explain "$prog" >/dev/null 2>&1; then
			prof="-p $here/profiles/$prog.ini "
			note "no shipped $prog profile: using tests/bench/profiles/$prog.ini"
		fi
		args=
		[ "$prog" = nroff ] && args=" -mandoc"
		printf 'DEFINE\t%s\t%s %s%s%s\n' "$prog" "$SR" "$prof" "$prog" "$args" >>"$conf"
		printf 'DEFINE\t%s\tenv %s%s\n' "$prog" "$prog" "$args" >>"$envconf"
	done
	# man-db's own seccomp filter is off in both rows alike: a filter that
	# forbids landlock_create_ruleset would stop the launcher.
	export MAN_DISABLE_SECCOMP=1 MANWIDTH=100
	if [ -n "$page" ] && man -C "$conf" -l "$page" >"$work/man.sr" 2>"$work/man.err" &&
		man -l "$page" >"$work/man.bare" && cmp -s "$work/man.sr" "$work/man.bare" &&
		man -C "$envconf" -l "$page" 2>/dev/null | cmp -s - "$work/man.bare"; then
		man_ok=1
		measure man "$RUNS" 0 "man -l ls.1.gz" "man -l $page" \
			"floor: man -C DEFINEs -l ls.1.gz (env tbl, env nroff)" "man -C $envconf -l $page" \
			"man -C DEFINEs -l ls.1.gz (tbl, nroff sandboxed)" "man -C $conf -l $page"
	else
		note "man-db with sandboxed filters failed or differed; see below"
		head -5 "$work/man.err"
	fi
fi

# Peak memory: the launcher (VmHWM survives exec, so /bin/true adds nothing
# it would not have alone) and the supervisor, read while its target sleeps.
# A peak differs from run to run by ±5 % (the kernel maps up to 16 cached
# pages around each page fault, more or fewer depending on what is cached):
# the median of RSS_SAMPLES runs, with the smallest and largest.
RSS_SAMPLES=9
supervisor_peak() {
	local target sup
	setsid "$SR" -p "$here/true.ini" /bin/sleep 0.6 &
	target=$!
	sleep 0.3
	sup=$(ps -o pid=,comm= --sid "$target" | awk '$2 == "sandbox-run" { print $1; exit }')
	awk '/^VmHWM/ { print $2 }' "/proc/${sup:-0}/status" 2>/dev/null
	wait "$target"
}
sampled() { # sampled COMMAND...: "median min max" of RSS_SAMPLES outputs
	local i
	for ((i = 0; i < RSS_SAMPLES; i++)); do "$@"; done |
		sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)], v[1], v[NR] }'
}
broker_us=$(awk -v a="$(median_of broker "sandbox-run creates, each open brokered")" \
	-v b="$(median_of broker "sandbox-run creates, Landlock-granted directory")" -v n="$ncreates" \
	'BEGIN { printf "%.1f", (a - b) * 1000 / n }')
printf '\none open served by the broker costs %s µs more than the same open in a Landlock-granted directory\n' \
	"$broker_us"

rss_true=$(/usr/bin/time -f %M /bin/true 2>&1)
read -r rss_launcher rss_launcher_min rss_launcher_max < <(sampled \
	sh -c '/usr/bin/time -f %M "$@" 2>&1 | tail -1' sh "$SR" -p "$here/true.ini" /bin/true)
read -r rss_sup rss_sup_min rss_sup_max < <(sampled supervisor_peak)
printf '\n%-58s %10s\n' "peak RSS (median of $RSS_SAMPLES runs, min–max)" "KiB"
printf '%-58s %10s\n' "/bin/true alone" "$rss_true" \
	"launcher (sandbox-run /bin/true)" "$rss_launcher ($rss_launcher_min–$rss_launcher_max)" \
	"supervisor" "${rss_sup:-?} (${rss_sup_min:-?}–${rss_sup_max:-?})"

# Each shipped profile: the size of its filters and the time to build them.
printf '\n%-58s %10s %8s %9s\n' "filters of the shipped profiles" "BPF insns" "build µs" "cached µs"
: >"$work/profiles.tsv"
for ini in "$top_srcdir"/profiles/*.ini; do
	name=$(basename "$ini" .ini)
	[ "$name" = sandbox-run ] && continue
	cmd=$name
	command -v "$cmd" >/dev/null || cmd=/bin/true # not on PATH (zsoelim) or not a command
	insns=$("$SR" --explain -p "$ini" "$cmd" 2>/dev/null | sed -n 's/^seccomp: \([0-9]*\) BPF.*/\1/p')
	read -r _ build_us cached_us < <("$bin/filter-time" "$ini" "$cmd" 2>/dev/null)
	printf '%-58s %10s %8s %9s\n' "$name" "${insns:-?}" "${build_us:-?}" "${cached_us:-?}"
	[ "${cached_us:--}" = - ] && cached_us=0
	printf '%s\t%s\t%s\t%s\n' "$name" "${insns:-0}" "${build_us:-0}" "${cached_us:-0}" \
		>>"$work/profiles.tsv"
done

echo
echo "targets (issue 13):"
: >"$work/verdicts.tsv"
env_file=$(median_of startup "env file F")
verdict "sandbox-run file F / env file F (supervisor on)" \
	"$(ratio "$(median_of startup "sandbox-run file F")" "$env_file")" 1.20
verdict "sandbox-run file F / env file F (no supervisor)" \
	"$(ratio "$(median_of startup "sandbox-run --log=none file F (no supervisor)")" "$env_file")" 1.10
verdict "file over $nfiles files, sandboxed / bare" \
	"$(awk -F'\t' '$1 == "files" && $2 == "sandbox-run file -f LIST" { print $4 }' "$rows")" 1.03
verdict "syscall loop, sandboxed / bare" \
	"$(ratio "$(median_of loop "sandbox-run syscall-loop 20000")" \
		"$(median_of loop "syscall-loop 20000")")" 1.03
[ $man_ok = 1 ] && verdict "man-db pipeline, sandboxed filters / man-db alone" \
	"$(awk -F'\t' '$1 == "man" && $2 ~ /sandboxed/ { print $4 }' "$rows")" 1.10
# The floors: what any wrapper of the kind costs here, measured in the
# same groups. A verdict is sandbox-run's only for what lies above them.
floors="any seccomp filter: $(ratio "$(median_of files "floor: file -f LIST under any seccomp filter")" \
	"$(median_of files "file -f LIST ($nfiles files)")") × on file -f, $(ratio \
	"$(median_of loop "floor: syscall-loop 20000 under any seccomp filter")" \
	"$(median_of loop "syscall-loop 20000")") × on the loop"
[ $man_ok = 1 ] && floors="$floors; env in front of the man filters: $(awk -F'\t' \
	'$1 == "man" && $2 ~ /^floor/ { print $4 }' "$rows") ×"
echo "  (floors, $floors)"
verdict "supervisor peak RSS / 2 MiB" "$(ratio "${rss_sup:-0}" 2048)" 1
verdict "launcher peak RSS / 4 MiB" "$(ratio "$rss_launcher" 4096)" 1
# How far this run's host noise reaches: the two rows without a supervisor
# do the same work until a call is denied, which file on F never is, so any
# difference between them is the machine's. A verdict closer to its target
# than this could have gone either way.
noise=$(awk -v a="$(median_of startup "sandbox-run --log=none file F (no supervisor)")" \
	-v b="$(median_of startup "sandbox-run --on-violation=kill --log=none file F")" \
	-v e="$env_file" 'BEGIN { d = (a - b) / e; printf "%.3f", d < 0 ? -d : d }')
echo "  this run's noise: the two rows doing the same work (deny and kill, no supervisor)"
echo "  differ by $noise × env file F; read a verdict that close to its target as a toss-up"

json=$bin/results.json
jq -n --rawfile rows "$rows" --rawfile prof "$work/profiles.tsv" \
	--rawfile verdicts "$work/verdicts.tsv" \
	--arg version "$("$SR" --version | head -1)" --arg kernel "$(uname -r)" \
	--arg date "$(date -u +%FT%TZ)" --argjson rounds "$ROUNDS" --argjson runs "$RUNS" \
	--argjson noise "$noise" \
	--argjson rss_true "${rss_true:-0}" --argjson rss_launcher "${rss_launcher:-0}" \
	--argjson rss_supervisor "${rss_sup:-0}" --argjson true_us "$true_us" \
	--argjson rss_samples "$RSS_SAMPLES" \
	--argjson rss_launcher_min "${rss_launcher_min:-0}" --argjson rss_launcher_max "${rss_launcher_max:-0}" \
	--argjson rss_sup_min "${rss_sup_min:-0}" --argjson rss_sup_max "${rss_sup_max:-0}" \
	--argjson true_ns_us "$true_ns_us" '
	def tsv($s): $s | split("\n") | map(select(length > 0) | split("\t"));
	{ version: $version, kernel: $kernel, date: $date, rounds: $rounds, runs: $runs,
	  same_work_difference: $noise,
	  times: [tsv($rows)[] | { group: .[0], name: .[1], median_ms: (.[2] | tonumber),
	          ratio_to_first: (.[3] | tonumber), ratio_to_reference: (.[4] | tonumber),
	          cpu_ms: (.[5] | tonumber) }],
	  launcher_cost_us: { supervised: $true_us, unsupervised: $true_ns_us },
	  peak_rss_kib: { bin_true: $rss_true, launcher: $rss_launcher, supervisor: $rss_supervisor,
	                  samples: $rss_samples, launcher_range: [$rss_launcher_min, $rss_launcher_max],
	                  supervisor_range: [$rss_sup_min, $rss_sup_max] },
	  profiles: [tsv($prof)[] | { profile: .[0], bpf_instructions: (.[1] | tonumber),
	             build_us: (.[2] | tonumber), cached_us: (.[3] | tonumber) }],
	  targets: [tsv($verdicts)[] | { what: .[0], ratio: (.[1] | tonumber),
	            limit: (.[2] | tonumber), verdict: .[3] }] }' >"$json"
echo "figures written to $json"
