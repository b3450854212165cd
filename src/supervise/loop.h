/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The notification loop of a sidecar (sidecar.h): it waits for the
 * target's seccomp notifications, its end, and any other descriptors its
 * owner watches, and calls the owner for each. The supervisor and the
 * learner's observer run it with their own ops. */
#ifndef SR_LOOP_H
#define SR_LOOP_H

#include <poll.h>
#include <seccomp.h>
#include <stdbool.h>
#include <stddef.h>

/* Descriptors an owner may watch beside the listener and the target. */
#define LOOP_WATCH_MAX 24

struct loop_ops {
	/* Sets the descriptors to watch this round in pfd (at most max);
	 * returns how many. NULL: none. */
	size_t (*watch)(void *ctx, struct pollfd *pfd, size_t max);
	/* After each poll that did not time out, with what watch set; returns
	 * true when the round is over (poll again before the listener). */
	bool (*watched)(void *ctx, struct pollfd *pfd, size_t n);
	/* A notification: fills resp, returns whether it is still to be sent
	 * (false: answered already, as by a descriptor the broker installed). */
	bool (*notified)(void *ctx, const struct seccomp_notif *req,
			 struct seccomp_notif_resp *resp);
	/* The target has exited (its pidfd is readable). NULL: not watched. */
	void (*target_ended)(void *ctx);
};

struct loop {
	int listener;
	int pidfd; /* the target's, readable once it has exited; -1: none */
	/* Allocated by the launcher (loop_alloc), before the sidecar starts:
	 * their size comes from seccomp(), which a filter the launcher
	 * inherited (a tracer's, another sandbox's) may refuse the sidecar,
	 * not being traced itself. */
	struct seccomp_notif *req;
	struct seccomp_notif_resp *resp;
	bool unprivileged; /* capabilities dropped (at the first notification) */
	const struct loop_ops *ops;
	void *ctx;
};

/* In the launcher, before sidecar_start; exits 125 (naming who) when the
 * kernel will not say the notifications' size. */
void loop_alloc(struct loop *lp, const char *who);
/* In the sidecar: returns once no sandboxed process is left. */
void loop_run(struct loop *lp);

#endif
