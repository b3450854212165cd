# tests/hostile: sandbox-run under hostile environments and failing kernels.

# fault: runs a command under an outer seccomp filter that makes chosen
# syscalls fail or fakes the Landlock ABI (usage at the top of fault.c).
# Other suites use it as $(top_builddir)/tests/lib/fault.
check_PROGRAMS += tests/lib/fault
tests_lib_fault_SOURCES = tests/lib/fault.c
tests_lib_fault_CFLAGS = $(AM_CFLAGS) $(SECCOMP_CFLAGS)
tests_lib_fault_LDADD = $(SECCOMP_LIBS)
