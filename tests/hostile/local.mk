# SPDX-License-Identifier: GPL-2.0-or-later
# tests/hostile: sandbox-run under hostile environments and failing kernels.
#
# Sanitizers (./configure --enable-sanitizers, CI's second build): sandbox-run
# and everything linking src/libsandbox.a get ASan + UBSan. LeakSanitizer
# runs where sandbox-run returns from main (--explain, --check, --list-*):
# confined runs exec the target or _exit, so nothing is left to check, and
# LSan (which needs ptrace) never runs inside a sandbox. Helpers that run
# INSIDE the sandbox (probe, procstate, fileops, ...) are built with
# $(NOSAN_CFLAGS): the ASan runtime's start-up (setrlimit, /proc/self/maps)
# would be denied there. leaks.t runs valgrind (plain build) or LSan.

# fault: runs a command under an outer seccomp filter that makes chosen
# syscalls fail or fakes the Landlock ABI (usage at the top of fault.c).
# Other suites use it as $(top_builddir)/tests/lib/fault.
check_PROGRAMS += tests/lib/fault
tests_lib_fault_SOURCES = tests/lib/fault.c
tests_lib_fault_CFLAGS = $(AM_CFLAGS) $(SECCOMP_CFLAGS)
tests_lib_fault_LDADD = $(SECCOMP_LIBS)

# procstate: prints inherited descriptors and signal dispositions; runs
# inside the sandbox, so it is built without sanitizers.
check_PROGRAMS += tests/hostile/procstate
tests_hostile_procstate_SOURCES = tests/hostile/procstate.c
tests_hostile_procstate_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS)
tests_hostile_procstate_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS)

TESTS += tests/hostile/failclosed.t tests/hostile/malformed.t tests/hostile/fds.t \
	tests/hostile/env.t tests/hostile/path.t tests/hostile/inputs.t tests/hostile/signals.t \
	tests/hostile/concurrency.t tests/hostile/leaks.t
EXTRA_DIST += tests/hostile/lib.sh tests/hostile/failclosed.t tests/hostile/malformed.t \
	tests/hostile/fds.t tests/hostile/env.t tests/hostile/path.t tests/hostile/inputs.t \
	tests/hostile/signals.t tests/hostile/concurrency.t tests/hostile/leaks.t

# sandbox-run-dynamic: sandbox-run linked against the shared C library, the
# one leaks.t gives valgrind (memcheck replaces malloc through the dynamic
# loader, so it cannot check a static launcher). Same code as sandbox-run.
check_PROGRAMS += tests/lib/sandbox-run-dynamic
tests_lib_sandbox_run_dynamic_SOURCES = src/main.c
tests_lib_sandbox_run_dynamic_CFLAGS = $(src_sandbox_run_CFLAGS)
tests_lib_sandbox_run_dynamic_LDADD = src/libsandbox.a $(SR_LIBS)
tests_lib_sandbox_run_dynamic_LDFLAGS = $(AM_LDFLAGS) $(RELRO_LDFLAGS)

# seccomp-shim.so: lets valgrind run sandbox-run --explain (leaks.t).
check_PROGRAMS += tests/hostile/seccomp-shim.so
tests_hostile_seccomp_shim_so_SOURCES = tests/hostile/seccomp-shim.c
tests_hostile_seccomp_shim_so_CFLAGS = $(AM_CFLAGS) $(NOSAN_CFLAGS) -fPIC
tests_hostile_seccomp_shim_so_LDFLAGS = $(AM_LDFLAGS) $(NOSAN_CFLAGS) -shared
tests_hostile_seccomp_shim_so_LDADD = -ldl

if SANITIZERS
# A preloaded library (fakeroot, snoopy, ...) stands before the ASan runtime
# in sandbox-run's library list, and ASan would refuse to start; the preload
# and compat suites run sandbox-run under such libraries on purpose.
AM_TESTS_ENVIRONMENT += export ASAN_OPTIONS=verify_asan_link_order=0;
endif
