# SPDX-License-Identifier: GPL-2.0-or-later
# tests/kernels: the kernel matrix. matrix.t boots Debian's own kernels
# (bullseye's 5.10, bookworm's 6.1, trixie's 6.12) under qemu and runs the
# live tests, the escape suite, fakeroot and tools.t in each (see matrix.t
# for what runs and why). In the plain build's make check only (so in CI
# once): the sanitizer build would run the same guests again, slower, for
# nothing a kernel adds. `make check-kernels` runs it alone, in any build
# (KERNELS="bookworm" to pick suites); `make bench-kernels` measures in each
# guest what sandbox-run costs there (cost.t). It needs qemu-system-x86,
# busybox-static and cpio (.ci/packages).
kernels_files = tests/kernels/fetch-kernel tests/kernels/make-initramfs tests/kernels/init \
	tests/kernels/boot tests/kernels/guest-tests tests/kernels/tools.t tests/kernels/cost.t
EXTRA_DIST += tests/kernels/matrix.t $(kernels_files) docs/kernel-matrix.md
CLEANFILES += tests/kernels/console-*.log tests/kernels/console-*.log.qemu tests/kernels/fetch-*.log
if !SANITIZERS
TESTS += tests/kernels/matrix.t
endif

.PHONY: check-kernels bench-kernels
check-kernels:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS=tests/kernels/matrix.t
bench-kernels: tests/bench/creates
	$(MAKE) $(AM_MAKEFLAGS) check TESTS=tests/kernels/matrix.t KERNEL_TESTS=tests/kernels/cost.t KERNEL_JOBS=1
