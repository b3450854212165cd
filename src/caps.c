#include "caps.h"

#include <cap-ng.h>
#include <linux/capability.h>
#include <stdbool.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "util.h"

/* The ambient set is a subset of the permitted one, so a process whose
 * permitted, effective and inheritable sets are empty holds nothing (the
 * bounding set only limits what an exec could add, and no_new_privs stops
 * that). One capget() says so; libcap-ng would read every bounding and
 * ambient bit with a prctl() each, hundreds of calls for the common case of
 * an ordinary user. */
static bool holds_no_capability(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3];
	if (syscall(SYS_capget, &h, d) < 0)
		return false;
	for (int i = 0; i < _LINUX_CAPABILITY_U32S_3; i++)
		if (d[i].permitted | d[i].effective | d[i].inheritable)
			return false;
	return true;
}

static const char *set_name(capng_select_t s)
{
	return s == CAPNG_SELECT_CAPS ? "effective/permitted/inheritable"
	       : s == CAPNG_SELECT_BOUNDS ? "bounding" : "ambient";
}

void caps_drop(void)
{
	if (holds_no_capability())
		return;
	if (capng_get_caps_process() < 0)
		die("libcap-ng: cannot read this process's capabilities");
	/* An ordinary user has nothing to clear but perhaps inherited ambient
	 * capabilities, and may not touch the bounding set. */
	if (capng_have_capabilities(CAPNG_SELECT_CAPS) == CAPNG_NONE &&
	    capng_have_capabilities(CAPNG_SELECT_AMBIENT) == CAPNG_NONE)
		return;
	/* The bounding set can only be emptied with CAP_SETPCAP; without it,
	 * no_new_privs already keeps exec from raising capabilities. */
	capng_select_t sets = capng_have_capability(CAPNG_EFFECTIVE, CAP_SETPCAP)
				      ? CAPNG_SELECT_ALL
				      : CAPNG_SELECT_CAPS | CAPNG_SELECT_AMBIENT;
	capng_clear(sets);
	int r = capng_apply(sets);
	if (r < 0)
		die("libcap-ng: cannot drop capabilities (capng_apply returned %d); "
		    "refusing to run with them", r);
	/* libcap-ng 0.8 ignores a failing PR_CAPBSET_DROP: believe the kernel,
	 * read once more. */
	if (capng_get_caps_process() < 0)
		die("libcap-ng: cannot read this process's capabilities after dropping them");
	for (capng_select_t s = CAPNG_SELECT_CAPS; s <= CAPNG_SELECT_AMBIENT; s <<= 1)
		if ((sets & s) && capng_have_capabilities(s) != CAPNG_NONE)
			die("libcap-ng: capabilities are still held after dropping them "
			    "(%s set); refusing to run with them", set_name(s));
}
