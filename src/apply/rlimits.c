/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "apply/rlimits.h"

#include <errno.h>
#include <string.h>
#include <sys/resource.h>

/* The kernel's resource of each key; -1: kept by the supervisor
 * (supervise/limitwatch.h). */
static const int kernel_resource[N_LIMITS] = {
	[LIMIT_CPU] = RLIMIT_CPU,       [LIMIT_AS] = RLIMIT_AS,       [LIMIT_FSIZE] = RLIMIT_FSIZE,
	[LIMIT_NOFILE] = RLIMIT_NOFILE, [LIMIT_NPROC] = RLIMIT_NPROC, [LIMIT_TIMEOUT] = -1,
};

/* Soft and hard alike: without CAP_SYS_RESOURCE (dropped) the target can
 * lower a hard limit but never raise it, nor a soft one above it. A limit
 * the caller already has lower stays as it is: limits only ever narrow. */
static void set_limit(int resource, uint64_t value, const char *name)
{
	struct rlimit r;
	if (getrlimit(resource, &r) < 0)
		die("[limits] %s: cannot read the current limit: %s", name, strerror(errno));
	rlim_t v = value < (uint64_t)r.rlim_max ? (rlim_t)value : r.rlim_max;
	r.rlim_cur = r.rlim_max = v;
	if (setrlimit(resource, &r) < 0)
		die("[limits] %s: cannot set the limit: %s; refusing to run without it", name,
		    strerror(errno));
}

void limits_apply(const struct limits *l)
{
	/* 0 is below any limit: no need to read the current one. */
	if (setrlimit(RLIMIT_CORE, &(struct rlimit){ 0, 0 }) < 0)
		die("[limits] cannot turn core files off: %s; refusing to run with them",
		    strerror(errno));
	for (int i = 0; i < N_LIMITS; i++)
		if (kernel_resource[i] >= 0 && l->value[i] != LIMIT_UNSET)
			set_limit(kernel_resource[i], l->value[i], limit_names[i]);
}
