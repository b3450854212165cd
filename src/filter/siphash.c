/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "filter/siphash.h"

#include <string.h>

/* No maintained Debian library offers SipHash for C (OpenSSL's is not a
 * dependency of this program); the reference algorithm is 40 lines. */

static uint64_t rotl(uint64_t x, int b)
{
	return (x << b) | (x >> (64 - b));
}

/* One 8-byte load on little-endian machines (memcpy is how C says an
 * unaligned load); the filter cache hashes a policy's inputs at every
 * run. */
static uint64_t le64(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

struct sip {
	uint64_t v0, v1, v2, v3;
};

static void round_(struct sip *s)
{
	s->v0 += s->v1;
	s->v1 = rotl(s->v1, 13);
	s->v1 ^= s->v0;
	s->v0 = rotl(s->v0, 32);
	s->v2 += s->v3;
	s->v3 = rotl(s->v3, 16);
	s->v3 ^= s->v2;
	s->v0 += s->v3;
	s->v3 = rotl(s->v3, 21);
	s->v3 ^= s->v0;
	s->v2 += s->v1;
	s->v1 = rotl(s->v1, 17);
	s->v1 ^= s->v2;
	s->v2 = rotl(s->v2, 32);
}

static void compress(struct sip *s, uint64_t m, int rounds)
{
	s->v3 ^= m;
	for (int i = 0; i < rounds; i++)
		round_(s);
	s->v0 ^= m;
}

uint64_t siphash24(const uint8_t key[SIPHASH_KEY_SIZE], const void *data, size_t len)
{
	const uint8_t *in = data;
	uint64_t k0 = le64(key), k1 = le64(key + 8);
	struct sip s = { k0 ^ UINT64_C(0x736f6d6570736575), k1 ^ UINT64_C(0x646f72616e646f6d),
			 k0 ^ UINT64_C(0x6c7967656e657261), k1 ^ UINT64_C(0x7465646279746573) };
	size_t whole = len - len % 8;
	for (size_t i = 0; i < whole; i += 8)
		compress(&s, le64(in + i), 2);
	/* The last block: the remaining bytes, and the length in the top byte. */
	uint8_t last[8] = { 0 };
	memcpy(last, in + whole, len % 8);
	last[7] = (uint8_t)len;
	compress(&s, le64(last), 2);
	s.v2 ^= 0xff;
	for (int i = 0; i < 4; i++)
		round_(&s);
	return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}
