/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --learn: the catalogue, read the way the kernel evaluates the filter:
 * for a call with its arguments, the set of promises whose rules allow it,
 * as a mask. */
#include <stdint.h>
#include <sys/types.h>

#include "catalogue/grants.h"
#include "catalogue/sysrule.h"
#include "learn/learner.h"

uint32_t learn_implicit_mask(void)
{
	uint32_t m = 0;
	for (size_t i = 0; i < promise_count(); i++)
		if (promise_is_implicit(i))
			m |= 1u << i;
	return m;
}

uint32_t learn_mask_of(const struct strlist *promises)
{
	uint32_t m = 0;
	for (size_t i = 0; i < promises->n; i++) {
		int p = promise_lookup(promises->item[i]);
		if (p >= 0)
			m |= 1u << p;
	}
	return m;
}

/* Which promises would allow this call with these arguments. */
uint32_t learn_promise_mask(int nr, const uint64_t *args, pid_t self)
{
	struct catalogue_answer a;
	catalogue_grants(nr, args, self, &a);
	return (uint32_t)a.holds;
}
