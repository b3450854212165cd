/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --learn=FILE: run COMMAND permissively but observed, then write (or merge
 * into) FILE the smallest profile that would have allowed what it did.
 *
 * The launcher keeps its PID, as in a confined run: an observer process is
 * started outside, a sidecar like the supervisor (supervise/sidecar.h) that
 * runs the supervisor's loop (supervise/loop.h); a seccomp filter sends it
 * every call beyond what stdio and rpath allow unconditionally, and it lets
 * each one proceed. No Landlock: what the command opens is recorded
 * instead. */
#ifndef SR_LEARN_H
#define SR_LEARN_H

#include "decide/preload.h"
#include "decide/settings.h"
#include "decide/target.h"

struct learn_input {
	const struct settings *settings;
	const char *out; /* the profile to write or merge into */
	const struct target *target;
	const struct preloads *preloads; /* their needs are left to their rules */
	int argc;
	char *const *argv;
};

/* Starts the observer and installs the observing filter; the caller then
 * execs the target. Exits 125 when FILE cannot be merged or a step fails. */
void learn_start(const struct learn_input *in);

#endif
