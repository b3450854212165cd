/* SPDX-License-Identifier: GPL-2.0-or-later */
/* netops: one network or signal operation, to prove what Landlock scopes.
 *
 *   netops connect-tcp PORT | bind-tcp PORT | connect-abstract NAME | kill PID
 *
 * Prints "OP ARG: ok" or "OP ARG: ERRNO"; exit 0, or 2 for a usage error. */
#include <arpa/inet.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int tcp(const char *port, int do_bind)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0)
		return errno;
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(port)) };
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	int r = do_bind ? bind(fd, (struct sockaddr *)&a, sizeof a)
			: connect(fd, (struct sockaddr *)&a, sizeof a);
	int err = r < 0 ? errno : 0;
	close(fd);
	return err;
}

static int abstract(const char *name)
{
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0)
		return errno;
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	size_t len = strlen(name);
	if (len + 1 > sizeof a.sun_path)
		return ENAMETOOLONG;
	memcpy(a.sun_path + 1, name, len); /* sun_path[0] = 0: abstract */
	int r = connect(fd, (struct sockaddr *)&a, (socklen_t)(sizeof a.sun_family + 1 + len));
	int err = r < 0 ? errno : 0;
	close(fd);
	return err;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: netops connect-tcp PORT | bind-tcp PORT | connect-abstract NAME | kill PID\n");
		return 2;
	}
	const char *op = argv[1], *arg = argv[2];
	int err;
	if (strcmp(op, "connect-tcp") == 0)
		err = tcp(arg, 0);
	else if (strcmp(op, "bind-tcp") == 0)
		err = tcp(arg, 1);
	else if (strcmp(op, "connect-abstract") == 0)
		err = abstract(arg);
	else if (strcmp(op, "kill") == 0)
		err = kill(atoi(arg), 0) < 0 ? errno : 0;
	else
		return 2;
	printf("%s %s: %s\n", op, arg, err ? strerrorname_np(err) : "ok");
	return 0;
}
