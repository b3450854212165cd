# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the tests/preload/*.t files (after tests/lib/tap.sh).
# A sanitizer build must not insist on being first among preloaded libraries.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
files="/etc/passwd /usr/bin/file /usr/share/misc/magic.mgc"

# same_file LABEL RUNNER WRAPPER...: "WRAPPER sandbox-run file FILES" prints
# what "WRAPPER file FILES" prints, and sandbox-run says nothing.
same_file() {
	local label=$1 runner=$2
	shift 2
	is "$($runner "$@" "$SANDBOX_RUN" file $files 2>"$tmp/err")" "$($runner "$@" file $files)" \
		"$label: file prints the same as unconfined"
	is "$(cat "$tmp/err")" "" "$label: file: no denial, no warning"
}

# devlog_run DIR CMD...: CMD in a private mount namespace whose /dev/log is
# a stand-in ($NETTRY logd; the machine may have no syslog), its device
# nodes bound from the real /dev; prints CMD's standard output (none with
# DEVLOG_QUIET=1), then each message the stand-in received. Needs root.
devlog_run() {
	unshare -m --propagation private bash -c '
		dir=$0 nettry=$1
		shift
		mkdir -p "$dir/dev" && rm -f "$dir/dev/log" "$dir/devlog.out"
		for n in null zero urandom random; do
			: > "$dir/dev/$n" && mount --bind "/dev/$n" "$dir/dev/$n" || exit 99
		done
		mount --rbind "$dir/dev" /dev || exit 99
		"$nettry" logd /dev/log > "$dir/devlog.out" &
		logd=$!
		for i in $(seq 50); do [ -s "$dir/devlog.out" ] && break; sleep 0.1; done
		if [ -n "${DEVLOG_QUIET:-}" ]; then "$@" >/dev/null 2>&1; else "$@" 2>/dev/null; fi
		sleep 0.3
		kill $logd
		sed 1d "$dir/devlog.out"' "$1" "$NETTRY" "${@:2}"
}
