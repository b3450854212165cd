# tests/kernels: the kernel matrix. matrix.t boots Debian's own kernels
# (bullseye's 5.10, bookworm's 6.1, trixie's 6.12) under qemu and runs the
# live tests, the escape suite, fakeroot, compat/file.t and tools.t in each
# (see matrix.t for what runs and why). Not yet part of make check, so not
# of CI: a whole run of it has not been timed against CI's hour on a fresh
# machine (docs/kernel-matrix.md). `make check-kernels` runs it, in any
# build (KERNELS="bookworm" to pick suites); it needs qemu-system-x86,
# busybox-static and cpio.
kernels_files = tests/kernels/fetch-kernel tests/kernels/make-initramfs tests/kernels/init \
	tests/kernels/boot tests/kernels/guest-tests tests/kernels/tools.t
EXTRA_DIST += tests/kernels/matrix.t $(kernels_files) docs/kernel-matrix.md
CLEANFILES += tests/kernels/console-*.log tests/kernels/console-*.log.qemu tests/kernels/fetch-*.log

.PHONY: check-kernels
check-kernels:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS=tests/kernels/matrix.t
