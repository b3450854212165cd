/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SipHash-2-4 against the reference test vectors (Aumasson and Bernstein,
 * vectors.h of the reference code: key 00 01 .. 0f, message 00 01 .. n-1),
 * since a wrong MAC would accept what the filter cache must refuse. */
#include <stdint.h>

#include "filter/siphash.h"
#include "../lib/tap.h"

static const struct {
	size_t len;
	uint64_t tag;
} vectors[] = {
	{ 0, UINT64_C(0x726fdb47dd0e0e31) },  { 1, UINT64_C(0x74f839c593dc67fd) },
	{ 7, UINT64_C(0xab0200f58b01d137) },  { 8, UINT64_C(0x93f5f5799a932462) },
	{ 9, UINT64_C(0x9e0082df0ba9e4b0) },  { 15, UINT64_C(0xa129ca6149be45e5) },
	{ 16, UINT64_C(0x3f2acc7f57c29bdb) }, { 63, UINT64_C(0x958a324ceb064572) },
};

int main(void)
{
	uint8_t key[SIPHASH_KEY_SIZE], msg[64];
	for (int i = 0; i < SIPHASH_KEY_SIZE; i++)
		key[i] = (uint8_t)i;
	for (int i = 0; i < 64; i++)
		msg[i] = (uint8_t)i;
	for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++)
		ok(siphash24(key, msg, vectors[i].len) == vectors[i].tag,
		   "SipHash-2-4 of a %zu-byte message is the reference tag", vectors[i].len);
	uint64_t tag = siphash24(key, msg, 15);
	key[0] ^= 1;
	ok(siphash24(key, msg, 15) != tag, "another key gives another tag");
	key[0] ^= 1;
	msg[3] ^= 0x80;
	ok(siphash24(key, msg, 15) != tag, "one flipped message bit gives another tag");
	return tap_done();
}
