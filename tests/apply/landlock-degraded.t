# SPDX-License-Identifier: GPL-2.0-or-later
# Landlock on a kernel that lacks it, or has an older ABI (simulated with
# tests/lib/fault's outer filter): "required" refuses with exit 125 and a
# hint, "best-effort" runs and says so once on stderr, "off" runs silently.
source "$top_srcdir/tests/lib/tap.sh"

FAULT=$top_builddir/tests/lib/fault
tmp=$(tap_tmp)
target=/usr/lib/os-release
want=$(file "$target")

profile() { # NAME MODE [EXTRA-LINES]
	sed "s/^landlock = .*/landlock = $2/" "$top_srcdir/profiles/file.ini" > "$tmp/$1.ini"
	[ -n "${3:-}" ] && printf '%b\n' "$3" >> "$tmp/$1.ini"
	echo "$tmp/$1.ini"
}
required=$(profile required required)
best=$(profile best best-effort)
off=$(profile off off)
# a TCP port rule needs Landlock ABI 4
ports=$(profile ports required "[network]\nconnect-tcp = 5555")
ports_best=$(profile ports-best best-effort "[network]\nconnect-tcp = 5555")

# The older ABI simulated: 3, or the kernel's own when that is older
# (fault can only lower what the kernel has).
real_abi=$("$SANDBOX_RUN" --explain -p "$required" file "$target" 2>/dev/null |
	sed -n 's/.*(kernel ABI \([0-9]*\),.*/\1/p')
sim=3
[ "${real_abi:-0}" -lt 3 ] && sim=${real_abi:-0}

for runner in $(runners); do
	out=$($runner "$FAULT" --errno landlock_create_ruleset=ENOSYS -- file "$target" 2>&1)
	is "$out" "$want" "$runner: the simulated kernel still runs file unconfined (the fault is Landlock only)"

	err=$($runner "$FAULT" --errno landlock_create_ruleset=ENOSYS -- "$SANDBOX_RUN" -p "$required" file "$target" 2>&1 >/dev/null); rc=$?
	is "$rc" 125 "$runner: no Landlock + landlock = required: exit 125"
	like "$err" "^sandbox-run: Landlock is unavailable: .*CONFIG_SECURITY_LANDLOCK.*landlock = best-effort" \
		"$runner: ... with a hint naming the kernel option and the way out"
	is "$(echo "$err" | wc -l)" 1 "$runner: ... in one line"

	err=$($runner "$FAULT" --errno landlock_create_ruleset=EOPNOTSUPP -- "$SANDBOX_RUN" -p "$required" file "$target" 2>&1 >/dev/null); rc=$?
	is "$rc" 125 "$runner: Landlock disabled at boot + required: exit 125"
	like "$err" "lsm=" "$runner: ... with the lsm= hint"

	out=$($runner "$FAULT" --errno landlock_create_ruleset=ENOSYS -- "$SANDBOX_RUN" -p "$best" file "$target" 2>"$tmp/err"); rc=$?
	is "$rc:$out" "0:$want" "$runner: no Landlock + best-effort: file runs with its usual output"
	like "$(cat "$tmp/err")" "^sandbox-run: warning: Landlock is unavailable .*without filesystem confinement" \
		"$runner: ... and stderr says it runs without filesystem confinement"
	is "$(wc -l < "$tmp/err")" 1 "$runner: ... once"

	out=$($runner "$FAULT" --errno landlock_create_ruleset=ENOSYS -- "$SANDBOX_RUN" -p "$off" file "$target" 2>"$tmp/err"); rc=$?
	is "$rc:$out:$(cat "$tmp/err")" "0:$want:" "$runner: landlock = off runs without a word"

	# A TCP port rule is Landlock's from ABI 4; below it the filter (no
	# inet promise: no socket) or the supervisor (inet: it compares the
	# port) keeps it, so required runs (tests/apply/old-abi.t attacks it).
	out=$($runner "$FAULT" --landlock-abi $sim -- "$SANDBOX_RUN" -p "$ports" file "$target" 2>"$tmp/err"); rc=$?
	is "$rc:$out" "0:$want" "$runner: ABI $sim and a profile with a TCP port rule (ABI 4) + required: runs"
	is "$(cat "$tmp/err")" "" "$runner: ... without a word: the guarantee is kept"
	out=$(ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		$runner "$FAULT" --landlock-abi $sim -- "$SANDBOX_RUN" --explain -p "$ports" file "$target" 2>&1)
	like "$out" "this policy needs 1\)" "$runner: ... --explain: any Landlock ABI keeps it"

	out=$($runner "$FAULT" --landlock-abi $sim -- "$SANDBOX_RUN" -p "$ports_best" file "$target" 2>"$tmp/err"); rc=$?
	is "$rc:$out" "0:$want" "$runner: ABI $sim + best-effort runs"
	is "$(cat "$tmp/err")" "" "$runner: ... and has nothing to warn of"

	out=$($runner "$FAULT" --landlock-abi $sim -- "$SANDBOX_RUN" -p "$required" file "$target" 2>&1); rc=$?
	is "$rc:$out" "0:$want" "$runner: ABI $sim is enough for file's profile"
	# and ABI $sim's ruleset still confines: an undeclared read is refused
	out=$(ALSO_READ=/etc/shadow $runner "$FAULT" --landlock-abi $sim -- "$SANDBOX_RUN" -p "$required" \
		"$top_builddir/tests/apply/fileops" "$target" 2>&1)
	like "$out" "read /etc/shadow: EACCES" "$runner: ... and under ABI $sim an undeclared file is still unreadable"
done
done_testing
