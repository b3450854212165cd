# Shipped profiles and preload rules, installed as data; the administrator's
# directory is created empty for their own and for drop-ins.
profilesdir = $(pkgdatadir)/profiles
dist_profiles_DATA = \
	profiles/file.ini

include profiles/preload.d/local.mk

confdir = $(sysconfdir)/sandbox-run
dist_conf_DATA = profiles/sandbox-run.conf

install-data-local:
	$(MKDIR_P) '$(DESTDIR)$(sysconfdir)/sandbox-run/profiles/preload.d'
