/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Passing one descriptor over a unix socket (SCM_RIGHTS): how the launcher
 * hands its seccomp listener to the supervisor or the learning observer.
 * sendmsg is in stdio, so the filter already loaded allows it. */
#ifndef SR_FDPASS_H
#define SR_FDPASS_H

/* 0, or -1 with errno set. */
int fd_send(int sock, int fd);
/* The descriptor received (close-on-exec), or -1. */
int fd_receive(int sock);

#endif
