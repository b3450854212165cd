#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Bootstrap the build system from a fresh clone: configure and Makefile.in
# are generated, never committed.
set -e
cd "$(dirname "$0")"
mkdir -p m4
autoreconf -fi
