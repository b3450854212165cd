/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Shared by the libFuzzer harnesses and their replay driver. */
#ifndef SR_FUZZ_H
#define SR_FUZZ_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

/* die() and die_status() are linked with -Wl,--wrap: instead of exiting,
 * they jump back here, so that a rejected input is an ordinary result. */
extern jmp_buf fuzz_died;
extern int fuzz_die_armed;

/* A private directory for the files the parsers read. */
const char *fuzz_dir(void);
/* Writes n bytes to fuzz_dir()/name (mode 0644); returns the path. */
const char *fuzz_write(const char *name, const uint8_t *data, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
