#!/bin/bash
# A target may narrow itself further, in every profile and unreported:
# Landlock (create_ruleset, add_rule, restrict_self: xz 5.6 does it) and a
# further seccomp filter, by prctl and by seccomp() with TSYNC. Each
# narrowing must hold afterwards. A filter with a listener of its own
# (NEW_LISTENER: the kernel would hand it the calls the launcher's filter
# sends to the supervisor) and SPEC_ALLOW are refused and reported; both
# install unconfined. And (promise tty, for ncurses 6.5 in less) setfsuid
# and setfsgid to its own ids, never to another.
source "$top_srcdir/tests/lib/tap.sh"
probe=$top_builddir/tests/escape/selfrestrict
home=$(tap_home)
# The probe reads itself: every profile grants its target (the command).
cp "$probe" "$home/selfrestrict"
probe=$home/selfrestrict
want="landlock: readable before restrict_self, EACCES after
seccomp-prctl: getppid answers errno 77
seccomp-tsync: getpgrp answers errno 78"

cd "$home" || bail "cannot enter $home"
for runner in $(runners); do
	out=$($runner "$probe" "$probe" 2>&1)
	is "$? $out" "0 $want" "$runner: unconfined, each narrowing holds"
	for prof in "$top_srcdir"/profiles/*.ini; do
		name=$(basename "$prof" .ini)
		out=$($runner "$SANDBOX_RUN" -p "$prof" "$probe" "$probe" 2>&1)
		is "$? $out" "0 $want" "$runner: under $name.ini, unreported, each narrowing holds"
	done
	# the same in report mode: nothing to report either
	printf '[profile]\ndescription = report\npromises = stdio rpath\non-violation = report\n' \
		>"$home/report.ini"
	out=$($runner "$SANDBOX_RUN" -p "$home/report.ini" "$probe" "$probe" 2>&1)
	is "$? $out" "0 $want" "$runner: on-violation = report: nothing reported"

	# ncurses 6.5 sets its file-system ids to its own ones around opens:
	# promise tty (less) grants that
	out=$($runner "$SANDBOX_RUN" -p "$top_srcdir/profiles/less.ini" "$probe" fsids 2>&1)
	is "$? $out" "0 fsids: setfsuid and setfsgid to its own ids answer them" \
		"$runner: under less.ini, setfsuid/setfsgid to its own ids, unreported"
	out=$($runner "$SANDBOX_RUN" -p "$top_srcdir/profiles/less.ini" "$probe" fsuid-other 2>&1)
	like "$out" "denied setfsuid" "$runner: setfsuid to another id is still reported"

	for how in listener spec-allow; do
		out=$($runner "$probe" $how 2>&1)
		is "$? $out" "0 $how: installed" "$runner: unconfined, a filter with $how installs"
		out=$($runner "$SANDBOX_RUN" -p "$top_srcdir/profiles/default.ini" "$probe" $how 2>&1)
		like "$out" "^sandbox-run: selfrestrict\[[0-9]+\]: denied seccomp\(0x1, " \
			"$runner: $how under default.ini is reported"
		like "$out" "$how: refused \(Operation not permitted\)" \
			"$runner: $how under default.ini is refused"
	done
done
done_testing
