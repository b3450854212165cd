#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Huge and strange environments and argument lists: the target gets exactly
# what it would get without sandbox-run. Compared with the same command run
# directly, as root and as nobody.
source "$top_srcdir/tests/hostile/lib.sh"
printf '[profile]\ndescription = echo and env (tests/hostile)\npromises = stdio\n[arguments]\noperands = none\n' \
	>"$tmp/plain.ini"
P=$tmp/plain.ini
ECHO=/bin/echo
ENV=/usr/bin/env

# same DESCRIPTION RUNNER [VAR=VALUE]... -- CMD...: output and status of CMD
# with that environment (only), with and without sandbox-run, are equal.
same() {
	local desc=$1 runner=$2 vars=() drc crc
	shift 2
	while [ "$1" != -- ]; do vars+=("$1"); shift; done
	shift
	$runner "$ENV" -i "${vars[@]}" "$@" >"$tmp/.direct" 2>/dev/null
	drc=$?
	$runner "$ENV" -i "${vars[@]}" "$SANDBOX_RUN" -p "$P" "$@" >"$tmp/.confined" 2>"$tmp/.err"
	crc=$?
	is "$crc:$(md5sum <"$tmp/.confined")" "$drc:$(md5sum <"$tmp/.direct")" \
		"$runner: $desc: same output and status as unconfined"
	[ "$crc" = "$drc" ] || diag "$(head -c 300 "$tmp/.err")"
}

# --- argv near ARG_MAX ------------------------------------------------------
# The largest number of 1000-byte arguments with which sandbox-run can still
# be executed (found per runner: setpriv's own arguments count too); the
# target then gets fewer bytes than sandbox-run did.
kb=$(head -c 1000 /dev/zero | tr '\0' a)
args=()
for i in $(seq 2300); do args+=("$kb$i"); done
fits() { $runner "$ENV" -i "$SANDBOX_RUN" -p "$P" /bin/true "${args[@]:0:$1}" 2>/dev/null; [ $? != 126 ]; }
for runner in $(runners); do
	lo=1 hi=${#args[@]}
	fits "$hi" && bail "2300 KB of arguments fit: ARG_MAX is larger than this test assumes"
	while [ $((hi - lo)) -gt 1 ]; do
		mid=$(((lo + hi) / 2))
		if fits "$mid"; then lo=$mid; else hi=$mid; fi
	done
	[ "$lo" -gt 1500 ]
	ok $? "$runner: about ARG_MAX of arguments reach sandbox-run ($lo KB; ARG_MAX $(getconf ARG_MAX))"
	same "$lo arguments of 1 KB (the most that can be passed)" $runner -- "$ECHO" "${args[@]:0:$lo}"
done
big=$(head -c 131071 /dev/zero | tr '\0' b)
for runner in $(runners); do
	same "two arguments of 128 KiB - 1 (MAX_ARG_STRLEN)" $runner -- "$ECHO" "$big" "$big"
done

# --- environment --------------------------------------------------------------
vars=()
for i in $(seq 10000); do vars+=("V$i=value $i"); done
for runner in $(runners); do
	same "10,000 environment variables" $runner "${vars[@]}" -- "$ENV"
	n=$($runner "$ENV" -i "${vars[@]}" "$SANDBOX_RUN" -p "$P" "$ENV" | grep -c '^V')
	is "$n" 10000 "$runner: 10,000 environment variables: all reach the target"
done
odd=("EMPTY=" "EQ=a=b=c" $'BYTES=\xff\xfe\x80' $'NL=line1\nline2' "SPACE= x " "A-B=dash" "LD_LIBRARY_PATH=" "BIG=$big")
for runner in $(runners); do
	same "odd variables (empty, =, non-UTF-8, newline, 128 KiB)" $runner "${odd[@]}" -- "$ENV"
	same "an empty environment" $runner -- "$ENV"
	# ARG_MAX filled by arguments and variables together
	same "half ARG_MAX in arguments, half in variables" $runner "${vars[@]:0:$((lo * 40))}" -- \
		"$ECHO" "${args[@]:0:$((lo / 2))}"
done

# Hostile profile search paths never crash: refused (no profile) or found.
mkdir -p "$tmp/rel"
cp "$P" "$tmp/rel/echo.ini"
long=$(printf '/x%.0s' $(seq 3000))
for value in "" ":" ":::" "rel" "rel:" ":rel" "$long" "$long:$tmp/rel" "/nonexistent:$tmp/rel" $'\xff:'; do
	for runner in $(runners); do
		(cd "$tmp" && SANDBOX_RUN_PROFILE_PATH=$value $runner "$SANDBOX_RUN" echo hello >"$tmp/.out" 2>"$tmp/.err")
		rc=$?
		if [ "$rc" = 0 ]; then
			is "$(cat "$tmp/.out")" hello "$runner: SANDBOX_RUN_PROFILE_PATH='${value:0:40}': found a profile and ran"
		else
			is "$rc:$(grep -c . "$tmp/.err")" "125:1" "$runner: SANDBOX_RUN_PROFILE_PATH='${value:0:40}': refused with one line"
		fi
	done
done
done_testing
