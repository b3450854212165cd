# SPDX-License-Identifier: GPL-2.0-or-later
# The kernel matrix: sandbox-run's tests on the kernels its users run.
# Debian's own kernels (linux-image-amd64 of bookworm, trixie and
# bullseye: 6.1, 6.12 and 5.10), fetched from the archive (fetch-kernel),
# each booted under qemu with this machine's root shared read-only under an
# overlay on a scratch ext4 disk (make-initramfs, init, boot); inside, as root, tests of
# this build tree run (guest-tests; they run parts as nobody themselves),
# and their results come out here as one TAP stream, each prefixed with
# its kernel ("ok 12 - [6.1] tests/apply/landlock.t: ..."). Per kernel also:
# it booted, ran the tests and powered off, and each test file ran to its
# plan and exited 0. Skips as a whole only when qemu cannot run at all.
#
# KVM is tried once (a nested host may offer /dev/kvm and still not boot a
# stock kernel: qemu stops at once, or nothing happens); otherwise TCG,
# several times slower: an exec costs ~50 ms, sandbox-run file ~0.2 s.
# Two guests run at a time (the machine has 2 cores; a guest keeps about
# one busy), 2 vCPUs and 2 GiB each.
#
# What runs inside, and why only this (CI must stay under an hour; times
# under TCG here): on a kernel with Landlock the tests/apply/*.t but three
# (~5 min: Landlock, the filter, the supervisor, exit statuses, refusals,
# the older-ABI attacks), the escape suite (~7 min), fakeroot (30 s) and tools.t
# (45 s: file, file -z on zstd, man -l through man-db, gs to PNG,
# fakeroot-tcp and -sysv: each confined as unconfined); on one without
# (bullseye's 5.10) no-landlock.t and tools.t. Left out: compat/file.t
# (~13 min of file's own matching: KERNEL_TESTS_bookworm=tests/compat/file.t
# adds it), the unit tests and the fuzz replays (no kernel in them), the
# other compat, preload, hostile, supervisor, learn and admin tests (the
# host runs them all; what they add over the ones above is the tools' and
# libraries' behaviour, not the kernel's), and the sanitizer and fuzzing
# builds (this test is in the plain build's TESTS only).
#
# KERNELS (suites, default "bookworm trixie bullseye"); KERNEL_TESTS (test
# files for every kernel) and KERNEL_TESTS_<suite> (more for one);
# KERNEL_JOBS (guests at a time, 2); KERNEL_ACCEL (auto, kvm or tcg);
# KVM_PROBE (seconds KVM gets to run a guest's /init, 30); KERNEL_TIMEOUT
# (seconds per guest, 2700), KERNEL_TEST_TIMEOUT (per test file, 2400);
# KERNEL_CPUS, KERNEL_MEMORY, KERNEL_SCRATCH (see boot); KERNEL_CACHE (see fetch-kernel);
# KERNEL_KEEP=1 keeps each guest's job directory (its tests' output).
# Console logs: tests/kernels/console-SUITE.log in the build directory.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/lib/tapmerge.sh"
here=$top_srcdir/tests/kernels

command -v qemu-system-x86_64 >/dev/null ||
	{ echo "1..0 # SKIP qemu-system-x86_64 is not installed (apt-get install qemu-system-x86)"; exit 0; }
qemu-system-x86_64 -device help 2>/dev/null </dev/null | grep -q '"virtio-9p-pci"' ||
	{ echo "1..0 # SKIP qemu-system-x86_64 does not run here, or has no virtio-9p"; exit 0; }

suites=${KERNELS:-bookworm trixie bullseye}
# A kernel with Landlock runs the live tests, the escape suite, fakeroot
# and tools.t; one without (bullseye's 5.10) runs what is true there:
# no-landlock.t (required refuses; best-effort keeps what the filter and
# the supervisor keep) and tools.t (with best-effort copies).
# Left out of the live tests: tmpdir.t and file-output.t (8 minutes under
# TCG of directory and file handling that no kernel feature changes),
# no-landlock.t, which simulates what bullseye's guest shows for real, and
# limits.t, whose one-second CPU limits an emulated guest on a busy host
# does not keep to the half second (a line was missed once).
landlock_tests="$(cd "$top_srcdir" && ls tests/apply/*.t |
	grep -v -e /tmpdir.t -e /file-output.t -e /no-landlock.t -e /limits.t) tests/escape/escape.t \
	tests/preload/fakeroot.t tests/kernels/tools.t"
no_landlock_tests="tests/apply/no-landlock.t tests/kernels/tools.t"
tests_for() { # tests_for KERNEL-DIR: the test files its guest runs
	if [ -n "${KERNEL_TESTS:-}" ]; then
		echo "$KERNEL_TESTS"
	elif grep -q '^CONFIG_SECURITY_LANDLOCK=y' "$1/config" 2>/dev/null; then
		echo "$landlock_tests"
	else
		echo "$no_landlock_tests"
	fi
}
export KERNEL_TIMEOUT=${KERNEL_TIMEOUT:-2700}
if [ -z "${KERNEL_CACHE:-}" ]; then
	KERNEL_CACHE=/var/cache/sandbox-run-kernels
	mkdir -p "$KERNEL_CACHE" 2>/dev/null && [ -w "$KERNEL_CACHE" ] ||
		KERNEL_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/sandbox-run-kernels
fi
export KERNEL_CACHE
logs=$top_builddir/tests/kernels
mkdir -p "$logs"
work=$(mktemp -d "${TMPDIR:-/tmp}/sr-kernels.XXXXXX")
chmod 755 "$work"
[ -n "${KERNEL_KEEP:-}" ] || trap 'rm -rf "$work" "$TAP_ROOT" "$TAP_HOMES"' EXIT

# A guest's job directory: what make check gives a test, the tests to run,
# the command /init runs; the guest adds out/ (see guest-tests).
make_job() { # make_job DIR TEST...
	local dir=$1 v
	shift
	mkdir -p "$dir"
	chmod 755 "$dir"
	for v in SANDBOX_RUN top_srcdir top_builddir TESTBIN LAUNCHER_LDFLAGS; do
		printf '%s=%q\n' "$v" "${!v:-}"
	done >"$dir/env"
	printf '%s\n' LC_ALL=C.UTF-8 "TEST_TIMEOUT=${KERNEL_TEST_TIMEOUT:-2400}" >>"$dir/env"
	printf '%s\n' "$@" >"$dir/tests"
	printf 'exec bash %q /run/sandbox-run-job\n' "$here/guest-tests" >"$dir/command"
}

# 1. the kernels and their initramfs, one after the other (the network)
declare -A kdir label
for suite in $suites; do
	if kdir[$suite]=$("$here/fetch-kernel" "$suite" 2>"$logs/fetch-$suite.log") &&
		"$here/make-initramfs" "${kdir[$suite]}" "$work/$suite.initrd.gz" 2>>"$logs/fetch-$suite.log"; then
		label[$suite]=$(sed -E 's/^([0-9]+\.[0-9]+).*/\1/' "${kdir[$suite]}/release")
	else
		kdir[$suite]=
	fi
done

# 2. KVM or TCG: once, with the first kernel, a guest that only starts
accel=${KERNEL_ACCEL:-auto}
if [ "$accel" = auto ]; then
	accel=tcg
	for suite in $suites; do
		[ -n "${kdir[$suite]}" ] || continue
		if [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
			make_job "$work/kvm-probe"
			echo 'exit 0' >"$work/kvm-probe/command"
			if KERNEL_ACCEL=kvm KERNEL_TIMEOUT=${KVM_PROBE:-30} "$here/boot" "${kdir[$suite]}" \
				"$work/$suite.initrd.gz" "$work/kvm-probe" "$logs/console-kvm-probe.log" 2>/dev/null; then
				accel=kvm
			else
				diag "KVM did not run a guest in ${KVM_PROBE:-30}s ($(grep -m1 -v warning: \
					"$logs/console-kvm-probe.log.qemu" 2>/dev/null || echo 'nothing on the console')): TCG"
			fi
		else
			diag "/dev/kvm is not usable here: TCG"
		fi
		break
	done
fi

# 3. the guests, KERNEL_JOBS at a time; each leaves $work/SUITE/{out/,took,boot}
run_guest() { # run_guest SUITE
	local suite=$1 var=KERNEL_TESTS_$1 start
	# shellcheck disable=SC2086 # lists of test files
	make_job "$work/$suite" $(tests_for "${kdir[$suite]}") ${!var:-}
	start=$(date +%s)
	KERNEL_ACCEL=$accel "$here/boot" "${kdir[$suite]}" "$work/$suite.initrd.gz" "$work/$suite" \
		"$logs/console-$suite.log" 2>"$work/$suite/boot.err"
	echo $? >"$work/$suite/boot"
	echo $(($(date +%s) - start)) >"$work/$suite/took"
}
for suite in $suites; do
	[ -n "${kdir[$suite]}" ] || continue
	while [ "$(jobs -rp | wc -l)" -ge "${KERNEL_JOBS:-2}" ]; do wait -n; done
	run_guest "$suite" &
done
wait

# 4. the results, kernel by kernel
for suite in $suites; do
	if [ -z "${kdir[$suite]}" ]; then
		ok 1 "[$suite] $suite's linux-image-amd64, fetched and made into a guest"
		tail -n 15 "$logs/fetch-$suite.log" | sed 's/^/#   /'
		continue
	fi
	l=${label[$suite]} job=$work/$suite
	s=$(cat "$job/boot") took=$(cat "$job/took")
	what="boots $(cat "${kdir[$suite]}/release") ($(cat "${kdir[$suite]}/version")) under ${accel^^}, runs the tests, powers off"
	case $s in
	0) ok 0 "[$l] $what (${took}s)" ;;
	124) ok 1 "[$l] $what: still running after ${KERNEL_TIMEOUT}s" ;;
	*) ok 1 "[$l] $what" ;;
	esac
	if [ "$s" != 0 ]; then
		sed 's/^/#   /' "$job/boot.err" "$logs/console-$suite.log.qemu"
		diag "last lines of $logs/console-$suite.log:"
		tail -n 25 "$logs/console-$suite.log" | sed 's/^/#   /'
	fi
	[ -f "$job/out/kernel" ] && sed "s/^/# [$l] /" "$job/out/kernel"
	diag "[$l] kernel command line: $(cat "$job/cmdline")"
	while read -r t; do
		name=$(echo "$t" | tr / _)
		if [ ! -f "$job/out/$name.rc" ]; then
			ok 1 "[$l] $t ran"
			continue
		fi
		tap_merge "[$l] $t" "$job/out/$name.tap"
		tap_merge_verdict "[$l] $t" "$(cat "$job/out/$name.rc")" "$(cat "$job/out/$name.time")" \
			"$job/out/$name.err"
	done <"$job/tests"
done
[ -n "${KERNEL_KEEP:-}" ] && diag "kept $work"
done_testing
