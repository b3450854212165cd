/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed 64-bit MAC for short
 * messages. It authenticates the filter cache (filtercache.h): an entry
 * that a confined program rewrote cannot carry a valid tag without the key,
 * which only unconfined code can read. */
#ifndef SR_SIPHASH_H
#define SR_SIPHASH_H

#include <stddef.h>
#include <stdint.h>

#define SIPHASH_KEY_SIZE 16

uint64_t siphash24(const uint8_t key[SIPHASH_KEY_SIZE], const void *data, size_t len);

#endif
