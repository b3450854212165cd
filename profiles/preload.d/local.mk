# SPDX-License-Identifier: GPL-2.0-or-later
# Preload rules shipped in $(pkgdatadir)/profiles/preload.d
preloaddir = $(pkgdatadir)/profiles/preload.d
dist_preload_DATA = \
	profiles/preload.d/antivirus.ini \
	profiles/preload.d/eatmydata.ini \
	profiles/preload.d/fakeroot-sysv.ini \
	profiles/preload.d/fakeroot-tcp.ini \
	profiles/preload.d/faketime.ini \
	profiles/preload.d/firebuild.ini \
	profiles/preload.d/gtk3-nocsd.ini \
	profiles/preload.d/jemalloc.ini \
	profiles/preload.d/snoopy.ini \
	profiles/preload.d/stdbuf.ini \
	profiles/preload.d/tcmalloc.ini \
	profiles/preload.d/valgrind.ini
