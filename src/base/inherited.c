/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "base/inherited.h"

#include <errno.h>
#include <linux/seccomp.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/util.h"

/* The phrase an administrator searches for; man-db is by far the most
 * likely parent to have left a filter that refuses seccomp(). */
#define UNDER_FILTER "already under a seccomp filter (man-db's? set MAN_DISABLE_SECCOMP=1)"

/* PR_GET_SECCOMP: 0 with no filter, 2 in filter mode; an error other than
 * EINVAL (a kernel without seccomp) means a filter refuses even the
 * question, which is also a filter. */
static bool under_filter(void)
{
	int mode = prctl(PR_GET_SECCOMP, 0, 0, 0, 0);
	return mode > 0 || (mode < 0 && errno != EINVAL);
}

void inherited_filter_check(const char *command)
{
	if (!under_filter())
		return;
	/* The cheapest seccomp() there is, and one every kernel since 4.14
	 * answers 0: a filter that refuses it refuses SET_MODE_FILTER too. */
	uint32_t action = SECCOMP_RET_ALLOW;
	if (syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &action) == 0)
		return;
	die("cannot confine %s: " UNDER_FILTER " that refuses seccomp(): %s", command,
	    strerror(errno));
}

const char *inherited_filter_hint(void)
{
	int saved = errno;
	bool under = under_filter();
	errno = saved;
	return under ? " (" UNDER_FILTER ")" : "";
}
