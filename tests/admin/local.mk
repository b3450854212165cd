# SPDX-License-Identifier: GPL-2.0-or-later
# tests/admin: man pages against the option and key tables, --list-profiles,
# layered configuration in an installed tree, bash completion, how the
# launcher is linked, the messages an administrator meets first, man-db
# set up machine-wide, and the licence in the distribution.
ADMIN_TESTS = \
	tests/admin/man-pages.t \
	tests/admin/completion.t \
	tests/admin/installed-tree.t \
	tests/admin/linking.t \
	tests/admin/messages.t \
	tests/admin/under-filter.t \
	tests/admin/licence.t \
	tests/admin/includes.t \
	tests/admin/format.t \
	tests/admin/explain.t \
	tests/admin/check.t \
	tests/admin/man-db-system.t
TESTS += $(ADMIN_TESTS)
EXTRA_DIST += $(ADMIN_TESTS) \
	tests/admin/explain-file.golden tests/admin/check-broken.golden \
	tests/admin/layering/shipped.golden \
	tests/admin/layering/admin-override.golden \
	tests/admin/layering/two-dropins.golden \
	tests/admin/layering/dropin-shadowed.golden \
	tests/admin/layering/reset.golden \
	tests/admin/layering/user-path.golden \
	tests/admin/layering/preload-override.golden
