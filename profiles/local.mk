# SPDX-License-Identifier: GPL-2.0-or-later
# Shipped profiles and preload rules, installed as data; the administrator's
# directory is created empty for their own and for drop-ins.
profilesdir = $(pkgdatadir)/profiles
dist_profiles_DATA = \
	profiles/7z.ini \
	profiles/antiword.ini \
	profiles/bsdtar.ini \
	profiles/bunzip2.ini \
	profiles/bzcat.ini \
	profiles/bzip2.ini \
	profiles/cabextract.ini \
	profiles/catdoc.ini \
	profiles/col.ini \
	profiles/default.ini \
	profiles/djvutxt.ini \
	profiles/eqn.ini \
	profiles/exiftool.ini \
	profiles/exiv2.ini \
	profiles/file.ini \
	profiles/groff.ini \
	profiles/grops.ini \
	profiles/grotty.ini \
	profiles/gs.ini \
	profiles/gunzip.ini \
	profiles/gzip.ini \
	profiles/identify.ini \
	profiles/jq.ini \
	profiles/less.ini \
	profiles/lzip.ini \
	profiles/manconv.ini \
	profiles/mediainfo.ini \
	profiles/nm.ini \
	profiles/nroff.ini \
	profiles/objdump.ini \
	profiles/odt2txt.ini \
	profiles/pdfimages.ini \
	profiles/pdfinfo.ini \
	profiles/pdftocairo.ini \
	profiles/pdftoppm.ini \
	profiles/pdftotext.ini \
	profiles/pic.ini \
	profiles/preconv.ini \
	profiles/readelf.ini \
	profiles/refer.ini \
	profiles/size.ini \
	profiles/soelim.ini \
	profiles/strings.ini \
	profiles/tbl.ini \
	profiles/troff.ini \
	profiles/unrtf.ini \
	profiles/unxz.ini \
	profiles/unzip.ini \
	profiles/unzstd.ini \
	profiles/xmllint.ini \
	profiles/xz.ini \
	profiles/xzcat.ini \
	profiles/zcat.ini \
	profiles/zsoelim.ini \
	profiles/zstd.ini \
	profiles/zstdcat.ini

# Guides backed by tests/compat (man.t, less.t, package-build.t).
EXTRA_DIST += docs/guides/man-db.md docs/guides/package-builds.md

include profiles/preload.d/local.mk

confdir = $(sysconfdir)/sandbox-run
dist_conf_DATA = profiles/sandbox-run.conf

install-data-local:
	$(MKDIR_P) '$(DESTDIR)$(sysconfdir)/sandbox-run/profiles/preload.d'
