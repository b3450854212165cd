#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Fail closed: whenever sandbox-run cannot confine as the profile asks, the
# target never runs (it would create a marker file), sandbox-run exits 125
# and says why in one line. Each case first shows the same command runs
# when nothing is wrong, as root and as nobody.
source "$top_srcdir/tests/hostile/lib.sh"

for runner in $(runners); do
	marker_run control $runner
	is "$rc:$err" "0:" "$runner: control: the marker target runs when nothing is wrong"
	[ -e "$tmp/mark/control" ]
	ok $? "$runner: control: and creates its marker"
done

# --- the profile itself --------------------------------------------------
printf '[profile]\npromises = stdio\nthis line is not ini\n' >"$tmp/bad.ini"
for runner in $(runners); do
	PROFILE=$tmp/bad.ini marker_run bad $runner
	refused "$runner: bad profile" "bad\.ini:3: syntax error" bad
done

for runner in $(runners); do
	PROFILE=$tmp/missing.ini marker_run missing $runner
	refused "$runner: missing profile file" "missing\.ini: cannot read: No such file" missing
done

# A command without a profile: a name no profile directory knows.
ln -s "$(command -v tee)" "$tmp/sr-hostile-noprofile"
for runner in $(runners); do
	run $runner env SANDBOX_RUN_PROFILE_PATH="$tmp/none" "$SANDBOX_RUN" \
		"$tmp/sr-hostile-noprofile" "$tmp/mark/noprofile"
	refused "$runner: no profile for the command" "no profile for sr-hostile-noprofile.*--profile" noprofile
done

cp "$tmp/marker.ini" "$tmp/secret.ini"
chmod 600 "$tmp/secret.ini"
PROFILE=$tmp/secret.ini marker_run secret as_nobody
refused "nobody: profile readable by root only" "secret\.ini: cannot read: Permission denied" secret

# Writable by others or owned by someone else: refused like ssh StrictModes,
# with the command that fixes it.
mkdir -p "$tmp/gw" "$tmp/ow" "$tmp/dirw" "$tmp/nobodydir" "$tmp/dropin"
cp "$tmp/marker.ini" "$tmp/gw/p.ini"
chmod 664 "$tmp/gw/p.ini"
cp "$tmp/marker.ini" "$tmp/ow/p.ini"
chmod 646 "$tmp/ow/p.ini"
cp "$tmp/marker.ini" "$tmp/dirw/p.ini"
chmod 777 "$tmp/dirw"
cp "$tmp/marker.ini" "$tmp/nobody.ini"
chown nobody "$tmp/nobody.ini"
cp "$tmp/marker.ini" "$tmp/nobodydir/p.ini"
chown nobody "$tmp/nobodydir"
cp "$tmp/marker.ini" "$tmp/dropin/p.ini"
mkdir -p "$tmp/dropin/p.ini.d"
printf '[profile]\npromises = inet\n' >"$tmp/dropin/p.ini.d/net.ini"
chmod 666 "$tmp/dropin/p.ini.d/net.ini"
cases=(
	"gw/p.ini|group-writable profile|p\.ini: the file is writable by group or others.*chmod go-w"
	"ow/p.ini|world-writable profile|p\.ini: the file is writable by group or others.*chmod go-w"
	"dirw/p.ini|profile in a world-writable directory|p\.ini: its directory [^ ]*dirw is writable by group or others.*chmod go-w"
	"nobody.ini|profile owned by another user|nobody\.ini: the file is owned by uid [0-9]+.*chown root"
	"nobodydir/p.ini|profile in a directory owned by another user|p\.ini: its directory [^ ]*nobodydir is owned by uid [0-9]+.*chown root"
	"dropin/p.ini|world-writable drop-in|net\.ini: the file is writable by group or others.*chmod go-w"
)
for c in "${cases[@]}"; do
	IFS='|' read -r file desc regex <<<"$c"
	PROFILE=$tmp/$file marker_run strict as_root
	refused "root: $desc" "$regex" strict
done
# A FIFO planted under a profile's name is refused as anybody's file is,
# without waiting for a writer: reading it unconfined waits (timeout).
mkdir -p "$tmp/fifo"
mkfifo "$tmp/fifo/p.ini"
chown nobody "$tmp/fifo/p.ini"
timeout 2 cat "$tmp/fifo/p.ini"
is "$?" 124 "a FIFO: reading it waits for a writer"
PROFILE=$tmp/fifo/p.ini marker_run strict as_root timeout 20
refused "root: a FIFO owned by another user, refused at once" \
	"p\.ini: the file is owned by uid [0-9]+.*chown root" strict

# An ordinary user trusts root's files and its own, nobody else's.
PROFILE=$tmp/nobody.ini marker_run own as_nobody
is "$rc" 0 "nobody: a profile nobody owns itself is accepted"
cp "$tmp/marker.ini" "$tmp/rootonly.ini"
PROFILE=$tmp/gw/p.ini marker_run strict as_nobody
refused "nobody: group-writable profile" "chmod go-w" strict

# --- the kernel refuses a layer (simulated with tests/lib/fault) -----------
for runner in $(runners); do
	marker_run nolandlock $runner "$FAULT" --errno landlock_create_ruleset=ENOSYS --
	refused "$runner: Landlock missing, landlock = required" \
		"Landlock is unavailable: kernel [^ ]+ has no Landlock.*Hint: .*best-effort" nolandlock
	marker_run lsmoff $runner "$FAULT" --errno landlock_create_ruleset=EOPNOTSUPP --
	refused "$runner: Landlock disabled, landlock = required" "lsm=" lsmoff
	marker_run restrict $runner "$FAULT" --errno landlock_restrict_self=EPERM --
	refused "$runner: landlock_restrict_self fails" "landlock: cannot restrict" restrict
	marker_run addrule $runner "$FAULT" --errno landlock_add_rule=ENOMEM --
	refused "$runner: landlock_add_rule fails" "landlock: cannot grant" addrule
	marker_run nnp $runner "$FAULT" --errno prctl:38=EINVAL --
	refused "$runner: no_new_privs cannot be set" "no_new_privs" nnp
	marker_run seccomp $runner "$FAULT" --errno seccomp=EINVAL --
	refused "$runner: seccomp unavailable" "seccomp" seccomp
	marker_run seccompload $runner "$FAULT" --errno seccomp:1=ENOMEM --
	refused "$runner: seccomp filter load fails" "seccomp" seccompload
done

# libcap-ng: root must lose every capability, the bounding set included.
marker_run capset as_root "$FAULT" --errno capset=EPERM --
refused "root: capset fails" "libcap-ng: cannot drop capabilities" capset
marker_run bounding as_root "$FAULT" --errno prctl:24=EPERM --
refused "root: the bounding set cannot be emptied (PR_CAPBSET_DROP fails)" "capabilit" bounding
marker_run capget as_root "$FAULT" --errno capget=EPERM --
refused "root: capabilities cannot be read" "libcap-ng" capget

# --- out of memory ----------------------------------------------------------
# Address-space limits from what barely loads to what is plenty: at each,
# sandbox-run either works or refuses with 125 and one line; never a crash,
# never the target without its sandbox. (A dynamically linked sandbox-run's
# loader may fail first: 127 with its own message, and the target did not
# run either.) The filter cache is off: compiling the filter is where the
# launcher needs memory; the static launcher gets that far in 3 MiB, and
# its supervisor's stack is what 2 MiB cannot map. Below 2 MiB the kernel
# itself cannot finish the exec.
if asan_build; then
	skip "out of memory" "AddressSanitizer reserves terabytes of address space: RLIMIT_AS cannot apply"
else
	bad=0 refusals=0 runs=0
	printf '[settings]\nfilter-cache = none\n' >"$tmp/nocache.conf"
	for mb in 2 3 4 5 6 7 8 9 10 11 12 14 16 20 24 32 48 64; do
		SR_ARGS="--config $tmp/nocache.conf" marker_run oom as_root prlimit --as=$((mb * 1024 * 1024)) --
		if [ "$rc" = 125 ] && [ ! -e "$tmp/mark/oom" ] && [ "$(printf '%s\n' "$err" | grep -c .)" = 1 ] &&
			[[ $err == sandbox-run:* ]]; then
			refusals=$((refusals + 1))
		elif [ "$rc" = 0 ] && [ -e "$tmp/mark/oom" ] && [ -z "$err" ]; then
			runs=$((runs + 1))
		elif [ "$rc" = 127 ] && [ ! -e "$tmp/mark/oom" ] && [[ $err == *"error while loading shared libraries"* ]]; then
			:
		else
			bad=$((bad + 1))
			diag "RLIMIT_AS ${mb}M: status $rc, marker $([ -e "$tmp/mark/oom" ] && echo made || echo absent): $err"
		fi
	done
	is "$bad" 0 "low RLIMIT_AS: every run either works or is refused with 125 and one line"
	[ "$refusals" -gt 0 ]
	ok $? "low RLIMIT_AS: some limit makes sandbox-run itself refuse ($refusals times)"
	[ "$runs" -gt 0 ]
	ok $? "low RLIMIT_AS: a generous limit runs the target ($runs times)"
fi
done_testing
