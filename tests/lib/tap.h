/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Minimal TAP for C unit tests. */
#ifndef SR_TEST_TAP_H
#define SR_TEST_TAP_H

#include <stdio.h>
#include <string.h>

static int tap_count, tap_failures;

#define ok(cond, ...)                                                                        \
	do {                                                                                 \
		int ok_ = !!(cond);                                                          \
		printf("%sok %d - ", ok_ ? "" : "not ", ++tap_count);                        \
		printf(__VA_ARGS__);                                                         \
		printf("\n");                                                                \
		if (!ok_) {                                                                  \
			tap_failures++;                                                      \
			printf("#   failed at %s:%d: %s\n", __FILE__, __LINE__, #cond);       \
		}                                                                            \
	} while (0)

#define is_str(got, want, ...)                                                               \
	do {                                                                                 \
		const char *g_ = (got), *w_ = (want);                                        \
		ok(g_ && w_ && strcmp(g_, w_) == 0, __VA_ARGS__);                            \
		if (!(g_ && w_ && strcmp(g_, w_) == 0))                                      \
			printf("#   got:      %s\n#   expected: %s\n", g_ ? g_ : "(null)",   \
			       w_ ? w_ : "(null)");                                          \
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failures ? 1 : 0;
}

#endif
