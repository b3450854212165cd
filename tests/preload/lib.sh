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
