# SPDX-License-Identifier: GPL-2.0-or-later
# Unit tests of the catalogue (src/catalogue).
check_PROGRAMS += tests/catalogue/test-sysrule
tests_catalogue_test_sysrule_SOURCES = tests/catalogue/test-sysrule.c tests/lib/tap.h
tests_catalogue_test_sysrule_CFLAGS = $(unit_cflags)
tests_catalogue_test_sysrule_LDADD = $(unit_ldadd)
TESTS += tests/catalogue/test-sysrule
