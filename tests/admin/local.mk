# tests/admin: man pages against the option and key tables, --list-profiles,
# layered configuration in an installed tree, bash completion.
ADMIN_TESTS = \
	tests/admin/man-pages.t \
	tests/admin/completion.t
TESTS += $(ADMIN_TESTS)
EXTRA_DIST += $(ADMIN_TESTS)
