# Preload rules shipped in $(pkgdatadir)/profiles/preload.d
preloaddir = $(pkgdatadir)/profiles/preload.d
dist_preload_DATA =
