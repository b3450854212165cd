#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The filter cache (filtercache.h, sandbox-run.conf(5) filter-cache): a run
# records its compiled filter, a later run with the same rules reads it
# back, and an entry that was not written by the launcher itself (no valid
# tag under the keyring key) is never used: the denial it would lift stays.
# The key lives in the kernel keyring, which no confined program may reach,
# not even under on-violation = report. Entries written a month ago or
# more go when a new one is written.
source "$top_srcdir/tests/lib/tap.sh"
tmp=$(tap_tmp)
cat >"$tmp/probe.ini" <<'INI'
[profile]
description = the escape probe with stdio and rpath only
promises = stdio rpath
[arguments]
operands = none
INI
sed 's/^promises = .*/promises = stdio rpath inet/' "$tmp/probe.ini" >"$tmp/inet.ini"

cache=$tmp/cache
mkdir -m 0700 "$cache"
printf '[settings]\nfilter-cache = %s\n' "$cache" >"$tmp/cache.conf"
printf '[settings]\nfilter-cache = none\n' >"$tmp/none.conf"
sr() { "$SANDBOX_RUN" --config "$tmp/cache.conf" "$@"; }
entries() { find "$1" -maxdepth 1 -name '*.bpf' | wc -l; }
inode() { stat -c %i "$(find "$cache" -maxdepth 1 -name '*.bpf' | head -1)"; }

# Built with --disable-filter-cache: nothing is read or written, and -v
# says why. The rest of this file is about a cache, so it ends here.
if grep -q '^#define ENABLE_FILTER_CACHE 0' "$top_builddir/config.h"; then
	out=$(sr -v --profile "$tmp/probe.ini" "$PROBE" socket-inet 2>&1)
	like "$out" "filter cache: not built in \(configure --disable-filter-cache\)" \
		"without the cache, -v says it is not built in"
	is "$(entries "$cache")" 0 "without the cache, no entry is written"
	out=$(sr -v --profile "$tmp/probe.ini" "$PROBE" socket-inet 2>&1)
	is "$(entries "$cache")" 0 "and none on a second run"
	done_testing
	exit 0
fi

out=$("$PROBE" socket-inet)
is "$out" "socket-inet: allowed" "unconfined, the probe's socket call succeeds"

# A kernel without keyrings (CONFIG_KEYS), or a container whose own filter
# refuses keyctl, has no cache: sandbox-run confines all the same.
if sr -v --explain -p "$tmp/probe.ini" "$PROBE" 2>&1 | grep -q "no kernel keyring"; then
	out=$(sr --log=none -p "$tmp/probe.ini" "$PROBE" socket-inet 2>&1)
	is "$out" "socket-inet: denied (EPERM)" "without a keyring the call is denied all the same"
	skip "the filter cache" "no kernel keyring here (keyctl refused or CONFIG_KEYS off)"
	done_testing
	exit 0
fi

out=$(sr --log=none -p "$tmp/probe.ini" "$PROBE" socket-inet 2>&1)
is "$out" "socket-inet: denied (EPERM)" "first run: the call is denied"
is "$(entries "$cache")" 1 "first run: it recorded one compiled filter"
is "$(stat -c '%a %u' "$(find "$cache" -name '*.bpf')")" "600 $(id -u)" \
	"the entry is the user's own, mode 600"
first=$(inode)

out=$(sr --log=none -p "$tmp/probe.ini" "$PROBE" socket-inet 2>&1)
is "$out" "socket-inet: denied (EPERM)" "second run: the call is still denied"
is "$(inode)" "$first" "second run: the entry was read back, not rewritten"
out=$(sr -p "$tmp/probe.ini" "$PROBE" socket-inet 2>&1)
like "$out" "denied socket" "supervised run from the same entry: the supervisor reports the call"
is "$(entries "$cache")" 1 "deny, kill and the supervisor share one entry (the action is patched in)"
out=$(sr --on-violation=kill --log=none -p "$tmp/probe.ini" "$PROBE" socket-inet 2>&1)
rc=$?
is "$rc" 159 "on-violation = kill from the same entry: the probe dies of SIGSYS (128+31)"
is "$(inode)" "$first" "... and the entry is still the first one"

out=$(sr --log=none -p "$tmp/inet.ini" "$PROBE" socket-inet 2>&1)
is "$out" "socket-inet: allowed" "other promises: the call is allowed"
is "$(entries "$cache")" 2 "other rules make a second entry"
rm -f "$cache"/*.bpf

# A forged entry: the same id, every instruction "return ALLOW", and a tag
# that is not the launcher's. It must be refused and rebuilt.
sr --log=none -p "$tmp/probe.ini" "$PROBE" socket-inet >/dev/null 2>&1
entry=$(find "$cache" -name '*.bpf')
perl -e '
	local $/; open(my $f, "+<", $ARGV[0]) or die; binmode $f; my $e = <$f>;
	my $idlen = unpack("V", substr($e, 16, 4));
	my $off = 24 + $idlen; my $n = (length($e) - $off) / 8;
	substr($e, $off) = pack("vCCV", 6, 0, 0, 0x7fff0000) x $n;
	seek($f, 0, 0); print $f $e; close $f;' "$entry"
forged=$(stat -c %i "$entry")
out=$(sr -v --log=none -p "$tmp/probe.ini" "$PROBE" socket-inet 2>&1)
like "$out" "socket-inet: denied \(EPERM\)" "forged entry: the call is still denied"
like "$out" "filter cache: entry [0-9a-f]+\.bpf is stale or not ours: rebuilt" \
	"forged entry: -v says it was refused"
isnt_forged=$([ "$(stat -c %i "$entry")" != "$forged" ]; echo $?)
ok "$isnt_forged" "forged entry: replaced by a valid one"

# The keyring holds the key: refused in the kernel, even where report mode
# lets every other denied call through.
out=$("$PROBE" keyctl)
is "$out" "keyctl: allowed" "unconfined, keyctl reaches the kernel"
for call in keyctl add-key request-key; do
	out=$(sr --on-violation=report -p "$tmp/probe.ini" "$PROBE" $call 2>/dev/null)
	is "$out" "$call: denied (EPERM)" "on-violation = report: $call is still refused"
done
out=$(sr --on-violation=report -p "$tmp/probe.ini" "$PROBE" socket-inet 2>/dev/null)
is "$out" "socket-inet: allowed" "on-violation = report lets other denied calls through"

# No keyring (simulated: keyctl refused, as a container's filter would):
# no cache, the same confinement.
FAULT=$top_builddir/tests/lib/fault
nokey=$tmp/nokey
mkdir -m 0700 "$nokey"
printf '[settings]\nfilter-cache = %s\n' "$nokey" >"$tmp/nokey.conf"
out=$("$FAULT" --errno keyctl=ENOSYS -- "$SANDBOX_RUN" -v --config "$tmp/nokey.conf" --log=none \
	-p "$tmp/probe.ini" "$PROBE" socket-inet 2>&1)
like "$out" "socket-inet: denied \(EPERM\)" "keyctl refused: the call is denied all the same"
like "$out" "filter cache: no kernel keyring" "keyctl refused: -v says the cache is not used"
is "$(entries "$nokey")" 0 "keyctl refused: nothing is written"

# Old entries go: a run that writes a new entry removes those written 30
# days ago or more (and writers' leftovers), nothing else, at most once a
# day. A hit removes nothing.
aged=$tmp/aged
mkdir -m 0700 "$aged"
printf '[settings]\nfilter-cache = %s\n' "$aged" >"$tmp/aged.conf"
sra() { "$SANDBOX_RUN" --config "$tmp/aged.conf" --log=none "$@" >/dev/null 2>&1; }
sra -p "$tmp/probe.ini" "$PROBE" socket-inet
old_entry=0123456789abcdef.bpf old_tmp=.0123456789abcdef.bpf.4242.tmp
for f in $old_entry $old_tmp fedcba9876543210.bpf notes.txt; do echo x >"$aged/$f"; done
touch -d '40 days ago' "$aged/$old_entry" "$aged/$old_tmp" "$aged/notes.txt"
touch -d '29 days ago' "$aged/fedcba9876543210.bpf"
touch -d '2 days ago' "$aged/.pruned" # the first run's look, a while back
sra -p "$tmp/probe.ini" "$PROBE" socket-inet
ok "$([ -e "$aged/$old_entry" ] && [ -e "$aged/$old_tmp" ]; echo $?)" \
	"a run that reads its entry back leaves a 40-day-old entry alone"
sra -p "$tmp/inet.ini" "$PROBE" socket-inet
ok "$([ ! -e "$aged/$old_entry" ] && [ ! -e "$aged/$old_tmp" ]; echo $?)" \
	"a run that writes an entry removes one written 40 days ago, and a leftover"
ok "$([ -e "$aged/fedcba9876543210.bpf" ]; echo $?)" "... but not one written 29 days ago"
ok "$([ -e "$aged/notes.txt" ]; echo $?)" "... nor a file that is not an entry"
is "$(entries "$aged")" 3 "... and both runs' own entries stay"
echo x >"$aged/$old_entry"
touch -d '40 days ago' "$aged/$old_entry"
sed 's/^promises = .*/promises = stdio rpath unix/' "$tmp/probe.ini" >"$tmp/unix.ini"
sra -p "$tmp/unix.ini" "$PROBE" socket-inet
ok "$([ -e "$aged/$old_entry" ]; echo $?)" "the same day, another new entry does not look again"
touch -d '2 days ago' "$aged/.pruned"
sed 's/^promises = .*/promises = stdio rpath unix inet/' "$tmp/probe.ini" >"$tmp/unix-inet.ini"
sra -p "$tmp/unix-inet.ini" "$PROBE" socket-inet
ok "$([ ! -e "$aged/$old_entry" ]; echo $?)" "a day later it does"

# Where the cache is not used.
open=$tmp/open
mkdir -m 0755 "$open"
printf '[settings]\nfilter-cache = %s\n' "$open" >"$tmp/open.conf"
out=$("$SANDBOX_RUN" -v --config "$tmp/open.conf" --log=none -p "$tmp/probe.ini" "$PROBE" socket-inet 2>&1)
like "$out" "socket-inet: denied \(EPERM\)" "a directory open to others: the run is confined all the same"
like "$out" "filter cache $open: not used: .*mode 0700" "... the cache is not used, and -v says why"
is "$(entries "$open")" 0 "... and nothing is written there"
mkdir -m 0700 "$tmp/xdg"
XDG_RUNTIME_DIR=$tmp/xdg "$SANDBOX_RUN" --config "$tmp/none.conf" --log=none \
	-p "$tmp/probe.ini" "$PROBE" socket-inet >/dev/null 2>&1
ok "$([ ! -e "$tmp/xdg/sandbox-run" ]; echo $?)" "filter-cache = none: no cache directory is made"

# An ordinary user: "auto" is $XDG_RUNTIME_DIR/sandbox-run.
if [ "$(id -u)" = 0 ]; then
	mkdir -m 0700 "$tmp/run-nobody"
	chown nobody "$tmp/run-nobody"
	for round in first second; do
		out=$(XDG_RUNTIME_DIR=$tmp/run-nobody as_nobody "$SANDBOX_RUN" --log=none \
			-p "$tmp/probe.ini" "$PROBE" socket-inet 2>&1)
		is "$out" "socket-inet: denied (EPERM)" "as nobody, $round run: the call is denied"
		is "$(entries "$tmp/run-nobody/sandbox-run")" 1 \
			"as nobody, $round run: one entry in \$XDG_RUNTIME_DIR/sandbox-run"
	done
	is "$(stat -c '%U %a' "$tmp/run-nobody/sandbox-run")" "nobody 700" \
		"as nobody: the directory is nobody's, mode 700"
fi
done_testing
