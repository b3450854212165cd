# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by tests/hostile/*.t: source it after nothing else.
source "$top_srcdir/tests/lib/tap.sh"
FAULT=$top_builddir/tests/lib/fault
PROCSTATE=$top_builddir/tests/hostile/procstate
tmp=$(tap_tmp)
# A directory everyone may create files in: markers of targets that ran.
mkdir -p "$tmp/mark"
chmod 1777 "$tmp/mark"

# The marker profile: the target (tee) may create files in $tmp/mark only.
# If sandbox-run refuses to run, no marker appears.
cat >"$tmp/marker.ini" <<'INI'
[profile]
description = tee, allowed to create its output (tests/hostile)
promises = stdio rpath wpath cpath
landlock = required
[arguments]
operands = output
create-outputs = directory
INI

# run CMD...: runs it with standard input from /dev/null; sets rc, out, err.
run() {
	"$@" </dev/null >"$tmp/.out" 2>"$tmp/.err"
	rc=$?
	out=$(cat "$tmp/.out")
	err=$(cat "$tmp/.err")
}

# marker_run NAME RUNNER [ENV...] -- PREFIX...: runs PREFIX... sandbox-run
# ($SR_ARGS: options for sandbox-run itself, split on blanks)
# -p marker.ini tee $tmp/mark/NAME, as RUNNER. PREFIX may be fault or
# prlimit; the profile may be changed with PROFILE=.
marker_run() {
	local name=$1 runner=$2
	shift 2
	rm -f "$tmp/mark/$name"
	run $runner "$@" "$SANDBOX_RUN" ${SR_ARGS:-} -p "${PROFILE:-$tmp/marker.ini}" tee "$tmp/mark/$name"
}

# refused DESCRIPTION REGEX: the last run exited 125 with one line on
# standard error, "sandbox-run: " and matching REGEX, and its marker NAME
# (from marker_run) does not exist.
refused() {
	local desc=$1 regex=$2 name=${3:-}
	is "$rc" 125 "$desc: exit 125"
	is "$(printf '%s\n' "$err" | grep -c .)" 1 "$desc: one line on standard error"
	like "$err" "^sandbox-run: .*$regex" "$desc: the line says why"
	[ -z "$name" ] || { [ ! -e "$tmp/mark/$name" ]; ok $? "$desc: the target did not run"; }
}

# Whether sandbox-run is built with AddressSanitizer (which reserves
# terabytes of address space, so RLIMIT_AS cannot apply to it).
asan_build() { ldd "$SANDBOX_RUN" 2>/dev/null | grep -q libasan; }
