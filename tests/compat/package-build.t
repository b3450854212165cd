# SPDX-License-Identifier: GPL-2.0-or-later
# Package builds run file under fakeroot (dpkg-buildpackage -rfakeroot runs
# debian/rules binary under it, and the tools it calls run file). With a
# directory in front of PATH whose "file" runs sandbox-run /usr/bin/file,
# as docs/guides/package-builds.md describes, fakeroot's preload library is
# recognised by its preload rule and file prints what it prints without
# sandbox-run: for both fakeroot flavours, and inside a real
# dpkg-buildpackage run.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"

command -v fakeroot >/dev/null || { plan 1; skip "package builds" "fakeroot is not installed"; exit 0; }
mkdir "$CT/wrap"
printf '#!/bin/sh\nexec %s /usr/bin/file "$@"\n' "$SANDBOX_RUN" >"$CT/wrap/file"
chmod 755 "$CT/wrap/file"
mapfile -d '' files < <(real_files 300 /usr/lib/x86_64-linux-gnu /usr/share/doc/file /usr/bin -size -5M)

libdir=/usr/lib/x86_64-linux-gnu/libfakeroot
for flavour in sysv tcp; do
	if [ ! -e "$libdir/libfakeroot-$flavour.so" ]; then
		skip "fakeroot ($flavour)" "$libdir/libfakeroot-$flavour.so is not installed"
		continue
	fi
	fr=(fakeroot -f "/usr/bin/faked-$flavour" -l "$libdir/libfakeroot-$flavour.so" --)
	compat_run "$CT/want" "${fr[@]}" file -- "${files[@]}"
	compat_run "$CT/got" "${fr[@]}" env PATH="$CT/wrap:$PATH" file -- "${files[@]}"
	why=$(compat_why)
	is "$why" "" "fakeroot ($flavour) file over ${#files[@]} files through the PATH wrapper: same output, nothing reported"
	grep -q 'fakeroot' <("${fr[@]}" "$SANDBOX_RUN" --explain file /etc/passwd 2>&1)
	ok $? "fakeroot ($flavour): sandbox-run --explain names fakeroot's preload rule"
done

# A real package build: debian/rules binary runs file on what it installs.
if ! command -v dpkg-buildpackage >/dev/null; then
	skip "dpkg-buildpackage" "dpkg-dev is not installed"
	done_testing
	exit 0
fi
src=$CT/srtest-1.0
mkdir -p "$src/debian/source"
echo '3.0 (native)' >"$src/debian/source/format"
printf 'Source: srtest\nMaintainer: T <t@example.org>\nRules-Requires-Root: binary-targets\n\nPackage: srtest\nArchitecture: all\nDescription: t\n t\n' \
	>"$src/debian/control"
printf 'srtest (1.0) unstable; urgency=low\n\n  * t\n\n -- T <t@example.org>  Thu, 01 Jan 2026 00:00:00 +0000\n' \
	>"$src/debian/changelog"
cat >"$src/debian/rules" <<'RULES'
#!/usr/bin/make -f
build build-arch build-indep:
clean:
	rm -rf debian/tmp debian/files
binary binary-arch binary-indep:
	mkdir -p debian/tmp/DEBIAN debian/tmp/usr/share/doc/srtest
	cp /usr/share/doc/file/copyright /usr/bin/file debian/tmp/usr/share/doc/srtest/
	chown -R root:root debian/tmp
	file debian/tmp/usr/share/doc/srtest/* > ../file-output.txt
	dpkg-gencontrol -psrtest -Pdebian/tmp
	dpkg-deb --build debian/tmp .. > /dev/null
RULES
chmod 755 "$src/debian/rules"
build() { # build PATH: dpkg-buildpackage in the source tree, file's output
	(cd "$src" && env PATH="$1" dpkg-buildpackage -b -uc -us -d -rfakeroot >"$CT/build.log" 2>&1)
	local rc=$?
	cat "$CT/file-output.txt" 2>/dev/null
	rm -f "$CT/file-output.txt"
	return $rc
}
want=$(build "$PATH")
wrc=$?
like "$wrc/$want" "^0/.*copyright: .*text" "dpkg-buildpackage -rfakeroot builds the package and runs file"
got=$(build "$CT/wrap:$PATH")
grc=$?
is "$grc/$got" "$wrc/$want" "dpkg-buildpackage -rfakeroot: file in debian/rules prints the same under sandbox-run"
unlike "$(cat "$CT/build.log")" "sandbox-run:" "dpkg-buildpackage: nothing reported"
done_testing
