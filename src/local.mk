# The deciding and applying stages live in a library so unit tests can link
# them without main(); sandbox-run is main.c plus that library.
noinst_LIBRARIES += src/libsandbox.a
src_libsandbox_a_CFLAGS = $(AM_CFLAGS) $(SECCOMP_CFLAGS) $(CAPNG_CFLAGS) $(INIH_CFLAGS)
src_libsandbox_a_SOURCES = \
	src/util.c src/util.h \
	src/cli.c src/cli.h \
	src/target.c src/target.h \
	src/settings.c src/settings.h \
	src/inifile.c src/inifile.h \
	src/profile.c src/profile.h \
	src/preload.c src/preload.h \
	src/ldso.c src/ldso.h \
	src/sysrule.c src/sysrule.h \
	src/args.c src/args.h \
	src/policy.c src/policy.h \
	src/explain.c src/explain.h \
	src/admin.c src/admin.h \
	src/check.c src/check.h \
	src/promises.c src/promises.h \
	src/landlock.c src/landlock.h \
	src/caps.c src/caps.h \
	src/seccomp.c src/seccomp.h \
	src/bpfcompile.c src/bpfcompile.h \
	src/prologue.c src/prologue.h \
	src/peephole.c src/peephole.h \
	src/filtercache.c src/filtercache.h \
	src/siphash.c src/siphash.h \
	src/supervisor.c src/supervisor.h \
	src/broker.c src/broker.h \
	src/pathcheck.c src/pathcheck.h \
	src/pidfd.h \
	src/tmpdir.c src/tmpdir.h \
	src/ipc.c src/ipc.h \
	src/fdpass.c src/fdpass.h \
	src/decode.c src/decode.h \
	src/learn.c src/learn.h

bin_PROGRAMS += src/sandbox-run
src_sandbox_run_SOURCES = src/main.c
src_sandbox_run_CFLAGS = $(src_libsandbox_a_CFLAGS)
# A static PIE where configure could link one (LAUNCHER_LDFLAGS): see there.
src_sandbox_run_LDADD = src/libsandbox.a $(LAUNCHER_LIBS)
src_sandbox_run_LDFLAGS = $(AM_LDFLAGS) $(LAUNCHER_LDFLAGS) $(RELRO_LDFLAGS)

