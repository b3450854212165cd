/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The notification loop (loop.h): poll, receive, answer, until the last
 * sandboxed process is gone; the sidecar's memory is given back once it
 * has been idle a while, and its privileges at the first notification. */
#include "supervise/loop.h"

#include <cap-ng.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "apply/caps.h"
#include "base/util.h"
#include "supervise/sidecar.h"

void loop_alloc(struct loop *lp, const char *who)
{
	if (seccomp_notify_alloc(&lp->req, &lp->resp) < 0)
		die("%s: cannot size seccomp notifications (is seccomp() refused by a "
		    "filter sandbox-run runs under?); refusing to run without it",
		    who);
}

/* It reads untrusted memory: it holds no privilege from the first
 * notification on. Not before, when it has read nothing: dropping costs
 * root CPU time (docs/performance.md), which would compete with a short target
 * for nothing. libcap-ng still works on the launcher's pid, which only
 * fork resets (pthread_atfork): name ours. */
static void drop_privileges(struct loop *lp)
{
	if (lp->unprivileged)
		return;
	capng_setpid(getpid());
	caps_drop();
	lp->unprivileged = true;
}

void loop_run(struct loop *lp)
{
	struct seccomp_notif *req = lp->req;
	struct seccomp_notif_resp *resp = lp->resp;
	const struct loop_ops *ops = lp->ops;
	/* The listener, the target's pidfd, what the owner watches */
	enum {
		WATCH = 2
	};
	struct pollfd pfd[WATCH + LOOP_WATCH_MAX] = { { lp->listener, POLLIN, 0 },
						      { lp->pidfd, POLLIN, 0 } };
	int timeout = sidecar_idle_timeout();
	for (;;) {
		size_t watched = ops->watch ? ops->watch(lp->ctx, pfd + WATCH, LOOP_WATCH_MAX) : 0;
		int n = poll(pfd, WATCH + watched, timeout);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		if (n == 0) {
			sidecar_release_memory();
			timeout = -1;
			continue;
		}
		if (ops->watched && ops->watched(lp->ctx, pfd + WATCH, watched))
			continue;
		if (pfd[0].revents & POLLIN) {
			memset(req, 0, sizeof *req);
			if (seccomp_notify_receive(lp->listener, req) < 0)
				continue; /* the caller died meanwhile */
			drop_privileges(lp);
			if (ops->notified(lp->ctx, req, resp))
				seccomp_notify_respond(lp->listener, resp);
			continue;
		}
		if (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL))
			break; /* no sandboxed process is left */
		if (pfd[1].revents) {
			if (ops->target_ended)
				ops->target_ended(lp->ctx);
			pfd[1].fd = -1;
		}
	}
}
