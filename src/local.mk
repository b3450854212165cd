# SPDX-License-Identifier: GPL-2.0-or-later
# One folder per part of the data flow (src/README.md). The parts live in a
# library so unit tests can link them without main(); sandbox-run is main.c
# plus that library.
noinst_LIBRARIES += src/libsandbox.a
src_libsandbox_a_CFLAGS = $(AM_CFLAGS) $(SECCOMP_CFLAGS) $(CAPNG_CFLAGS) $(INIH_CFLAGS)
# base/: messages, allocation, INI loading, descriptor passing
src_base = src/base/fdpass.c \
	src/base/fdpass.h \
	src/base/inherited.c \
	src/base/inherited.h \
	src/base/inifile.c \
	src/base/inifile.h \
	src/base/pidfd.h \
	src/base/trusted.c \
	src/base/trusted.h \
	src/base/util.c \
	src/base/util.h
# catalogue/: promises as data, the never-granted list, syscall rules, the one
# "which promise grants this call" query (grants.c), the calls Landlock
# judges by path (pathcalls.c)
src_catalogue = src/catalogue/grants.c \
	src/catalogue/grants.h \
	src/catalogue/pathcalls.c \
	src/catalogue/pathcalls.h \
	src/catalogue/promises.c \
	src/catalogue/promises.h \
	src/catalogue/sysrule.c \
	src/catalogue/sysrule.h
# decide/: command line, settings, target, profile, preload, arguments, policy
src_decide = src/decide/args.c \
	src/decide/args.h \
	src/decide/cli.c \
	src/decide/cli.h \
	src/decide/facts.c \
	src/decide/facts.h \
	src/decide/ipc.c \
	src/decide/ipc.h \
	src/decide/ldso.c \
	src/decide/ldso.h \
	src/decide/limits.c \
	src/decide/limits.h \
	src/decide/policy.c \
	src/decide/policy.h \
	src/decide/preload.c \
	src/decide/preload.h \
	src/decide/profile.c \
	src/decide/profile.h \
	src/decide/settings.c \
	src/decide/settings.h \
	src/decide/target.c \
	src/decide/target.h
# filter/: the seccomp filter compiler and its cache (an optimisation)
src_filter = src/filter/bpfcompile.c \
	src/filter/bpfcompile.h \
	src/filter/filtercache.c \
	src/filter/filtercache.h \
	src/filter/peephole.c \
	src/filter/peephole.h \
	src/filter/prologue.c \
	src/filter/prologue.h \
	src/filter/siphash.c \
	src/filter/siphash.h
# apply/: Landlock, capabilities, the seccomp filter, the private tmp
src_apply = src/apply/caps.c \
	src/apply/caps.h \
	src/apply/landlock.c \
	src/apply/landlock.h \
	src/apply/rlimits.c \
	src/apply/rlimits.h \
	src/apply/seccomp.c \
	src/apply/seccomp.h \
	src/apply/tmpdir.c \
	src/apply/tmpdir.h
# supervise/: the supervisor: its sidecar start, the loop, reports, the broker
src_supervise = src/supervise/broker.c \
	src/supervise/broker.h \
	src/supervise/decode.c \
	src/supervise/decode.h \
	src/supervise/limitwatch.c \
	src/supervise/limitwatch.h \
	src/supervise/loop.c \
	src/supervise/loop.h \
	src/supervise/pathcheck.c \
	src/supervise/pathcheck.h \
	src/supervise/report.c \
	src/supervise/report.h \
	src/supervise/sidecar.c \
	src/supervise/sidecar.h \
	src/supervise/supervisor.c \
	src/supervise/supervisor.h
# learn/: --learn: observe, draft, merge
src_learn = src/learn/draft.c \
	src/learn/learn.c \
	src/learn/learn.h \
	src/learn/learnargs.c \
	src/learn/learnargs.h \
	src/learn/learner.h \
	src/learn/learnmerge.c \
	src/learn/learnmerge.h \
	src/learn/masks.c \
	src/learn/observe.c \
	src/learn/paths.c \
	src/learn/write.c
# admin/: --explain, --check, --list-profiles
src_admin = src/admin/admin.c \
	src/admin/admin.h \
	src/admin/check.c \
	src/admin/check.h \
	src/admin/explain.c \
	src/admin/explain.h
src_libsandbox_a_SOURCES = $(src_base) $(src_catalogue) $(src_decide) $(src_filter) $(src_apply) $(src_supervise) $(src_learn) $(src_admin)
EXTRA_DIST += src/README.md

bin_PROGRAMS += src/sandbox-run
src_sandbox_run_SOURCES = src/main.c
src_sandbox_run_CFLAGS = $(src_libsandbox_a_CFLAGS)
# A static PIE where configure could link one (LAUNCHER_LDFLAGS): see there.
src_sandbox_run_LDADD = src/libsandbox.a $(LAUNCHER_LIBS)
src_sandbox_run_LDFLAGS = $(AM_LDFLAGS) $(LAUNCHER_LDFLAGS) $(RELRO_LDFLAGS)

