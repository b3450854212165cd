/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "base/fdpass.h"

#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

union fd_control {
	struct cmsghdr align;
	char buf[CMSG_SPACE(sizeof(int))];
};

int fd_send(int sock, int fd)
{
	char byte = 'F';
	union fd_control u;
	memset(&u, 0, sizeof u);
	struct iovec iov = { &byte, 1 };
	struct msghdr m = { .msg_iov = &iov,
			    .msg_iovlen = 1,
			    .msg_control = u.buf,
			    .msg_controllen = sizeof u.buf };
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof fd);
	/* MSG_NOSIGNAL: a reader already gone is EPIPE, not death by SIGPIPE */
	return sendmsg(sock, &m, MSG_NOSIGNAL) == 1 ? 0 : -1;
}

int fd_receive(int sock)
{
	char byte;
	union fd_control u;
	struct iovec iov = { &byte, 1 };
	struct msghdr m = { .msg_iov = &iov,
			    .msg_iovlen = 1,
			    .msg_control = u.buf,
			    .msg_controllen = sizeof u.buf };
	if (recvmsg(sock, &m, MSG_CMSG_CLOEXEC) != 1)
		return -1;
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	int fd = -1;
	if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
		memcpy(&fd, CMSG_DATA(c), sizeof fd);
	return fd;
}
