#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --learn on file(1): a profile learned from a few runs classifies new files
# exactly as file does unconfined, is no larger than the shipped one, and
# still denies the attack probe.
source "$top_srcdir/tests/learn/lib.sh"

learn_set="/etc/passwd /usr/bin/ls /usr/share/man/man1/ls.1.gz /etc/ssl/certs/ca-certificates.crt"
new_set="/usr/bin/gzip /etc/services /usr/share/common-licenses/GPL-3 /usr/share/man/man1/cp.1.gz
	/usr/lib/x86_64-linux-gnu/libc.so.6 /etc/hostname"

for runner in $(runners); do
	d=$(learn_dir "$runner")
	mkdir "$d/in" "$d/new"
	# shellcheck disable=SC2086
	cp $learn_set "$d/in/" && cp $new_set "$d/new/" || bail "cannot copy the corpus"
	mkdir "$d/new/a-directory"
	echo "victim" >"$d/victim"
	chmod -R a+rX "$d/in" "$d/new"
	[ "$runner" = as_nobody ] && chown nobody:nogroup "$d/victim"
	p=$d/file.ini

	learn "$runner" "$p" file "$d"/in/*
	learn "$runner" "$p" file -b -i "$d"/in/*
	learn "$runner" "$p" file -L "$d/in/ls"
	well_formed "$runner" "$p" 1
	like "$(sed -n '/^\[arguments\]/,$p' "$p")" "# run: file $d/in/" \
		"[arguments] shows the command line it was learned from ($runner)"

	shipped=$(promises_of "$top_srcdir/profiles/file.ini" | wc -w)
	learned=$(promises_of "$p" | wc -w)
	[ "$learned" -le "$shipped" ]
	ok $? "the learned profile has no more promises ($(promises_of "$p")) than the shipped file.ini ($shipped) ($runner)"
	unlike "$(grep -v '^#' "$p")" "^allow" "no single calls beyond the promises ($runner)"

	confined "$runner" "$p" file "$d"/in/*
	confined "$runner" "$p" file -b -i "$d"/in/*
	confined "$runner" "$p" file "$d"/new/*
	confined "$runner" "$p" file -b -i "$d"/new/*
	confined "$runner" "$p" file -L "$d/new/gzip"

	for attempt in socket-inet exec-sh "write-file $d/victim"; do
		# shellcheck disable=SC2086
		out=$($runner "$PROBE" $attempt 2>&1)
		like "$out" "allowed" "probe $attempt is allowed unconfined ($runner)"
		# shellcheck disable=SC2086
		out=$($runner "$SANDBOX_RUN" -p "$p" --on-violation=deny "$PROBE" $attempt 2>&1)
		like "$out" "${attempt%% *}: denied" "probe $attempt is denied under the learned profile ($runner)"
	done
	is "$(cat "$d/victim")" "victim" "the probe changed nothing ($runner)"
done
done_testing
