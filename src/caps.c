#include "caps.h"

#include <cap-ng.h>
#include <sys/prctl.h>

#include "util.h"

void caps_drop(void)
{
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
	/* libcap-ng 0.8 ignores a failing PR_CAPBSET_DROP: believe the kernel. */
	for (capng_select_t s = CAPNG_SELECT_CAPS; s <= CAPNG_SELECT_AMBIENT; s <<= 1)
		if ((sets & s) && (capng_get_caps_process() < 0 ||
				   capng_have_capabilities(s) != CAPNG_NONE))
			die("libcap-ng: capabilities are still held after dropping them "
			    "(%s set); refusing to run with them",
			    s == CAPNG_SELECT_CAPS ? "effective/permitted/inheritable"
			    : s == CAPNG_SELECT_BOUNDS ? "bounding" : "ambient");
}
