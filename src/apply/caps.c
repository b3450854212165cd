/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "apply/caps.h"

#include <cap-ng.h>
#include <errno.h>
#include <linux/capability.h>
#include <stdbool.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/util.h"

/* The effective, permitted and inheritable sets, in one capget(). */
static bool read_caps(struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3])
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	return syscall(SYS_capget, &h, d) == 0;
}

/* The ambient set is a subset of the permitted and inheritable ones, so a
 * process whose permitted, effective and inheritable sets are empty holds
 * nothing (the bounding set only limits what an exec could add, and
 * no_new_privs stops that). */
static bool holds_nothing(const struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3])
{
	for (int i = 0; i < _LINUX_CAPABILITY_U32S_3; i++)
		if (d[i].permitted | d[i].effective | d[i].inheritable)
			return false;
	return true;
}

/* One PR_CAPBSET_DROP per capability, up to the first the kernel does not
 * know (EINVAL). Done here rather than by capng_apply(CAPNG_SELECT_BOUNDS):
 * libcap-ng 0.8 reads /proc/self/status twice around it and ignores a
 * failing drop; each failure here is fatal. */
static void empty_bounding_set(void)
{
	for (int cap = 0;; cap++) {
		if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) == 0)
			continue;
		if (errno == EINVAL && cap > CAP_LAST_CAP / 2)
			return;
		die("cannot drop capability %d from the bounding set: %s; refusing to run with it",
		    cap, strerror(errno));
	}
}

void caps_drop(void)
{
	/* The common case, an ordinary user: one system call. */
	struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3];
	bool read = read_caps(d); /* unreadable counts as holding something */
	if (read && holds_nothing(d))
		return;
	/* The bounding set can only be emptied with CAP_SETPCAP, so first;
	 * without it, no_new_privs already keeps exec from raising
	 * capabilities. */
	if (read && (d[CAP_TO_INDEX(CAP_SETPCAP)].effective & CAP_TO_MASK(CAP_SETPCAP)))
		empty_bounding_set();
	/* Emptying the permitted set empties the ambient one with it (the
	 * kernel keeps ambient within permitted and inheritable). */
	capng_clear(CAPNG_SELECT_CAPS);
	int r = capng_apply(CAPNG_SELECT_CAPS);
	if (r < 0)
		die("libcap-ng: cannot drop capabilities (capng_apply returned %d); "
		    "refusing to run with them",
		    r);
	if (!read_caps(d) || !holds_nothing(d))
		die("capabilities are still held after dropping them; refusing to run with them");
}
