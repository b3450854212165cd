/* SPDX-License-Identifier: GPL-2.0-or-later */
/* nettry: one network operation, to prove what a preload rule opens.
 *
 *   nettry listen            listen on a free loopback TCP port, print it,
 *                            accept until killed
 *   nettry connect PORT [ADDR]  TCP connect to ADDR (127.0.0.1):PORT
 *   nettry tcp6 | udp        open an AF_INET6 stream / AF_INET datagram socket
 *   nettry logd PATH         a syslog stand-in: bind a unix datagram socket
 *                            at PATH, print "ready", then each message
 *                            received until none came for 5 seconds
 *   nettry unix-listen PATH  bind a unix stream socket at PATH, print
 *                            "ready", then one line per accepted connection
 *                            ("accepted: FIRST-BYTES") until killed
 *   nettry unix-dgram PATH [TEXT]   connect a unix datagram socket to PATH
 *                            and send TEXT ("nettry")
 *   nettry unix-stream PATH [TEXT]  connect a unix stream socket to PATH
 *                            and send TEXT
 *   nettry unix-dgram-named PATH OTHER TEXT  connect a unix datagram socket
 *                            to PATH, then sendmsg TEXT with OTHER as its
 *                            name (a connected datagram socket still
 *                            sends where the name says)
 *
 * Prints "OP: ok" or "OP: ERRNO-NAME" and exits 0 or 1; 2 is a usage error. */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

static int report(const char *op, int err)
{
	printf("%s: %s\n", op, err ? strerrorname_np(err) : "ok");
	return err ? 1 : 0;
}

static struct sockaddr_in loopback(int port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

static int do_listen(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = loopback(0);
	socklen_t len = sizeof a;
	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) < 0 || listen(fd, 16) < 0 ||
	    getsockname(fd, (struct sockaddr *)&a, &len) < 0)
		return report("listen", errno);
	printf("%d\n", ntohs(a.sin_port));
	fflush(stdout);
	for (;;) {
		int c = accept(fd, NULL, NULL);
		if (c >= 0)
			close(c);
	}
}

static int do_connect(const char *port, const char *addr)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0)
		return report("connect", errno);
	struct sockaddr_in a = loopback(atoi(port));
	if (addr && inet_pton(AF_INET, addr, &a.sin_addr) != 1)
		return report("connect", EINVAL);
	return report("connect", connect(fd, (struct sockaddr *)&a, sizeof a) < 0 ? errno : 0);
}

static struct sockaddr_un unix_addr(const char *path)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	snprintf(a.sun_path, sizeof a.sun_path, "%s", path);
	return a;
}

/* Connects the way the preload libraries do (snoopy: datagram to
 * /dev/log; firebuild: stream to $FB_SOCKET) and sends one message. */
static int do_unix(const char *op, int type, const char *path, const char *text)
{
	struct sockaddr_un a = unix_addr(path);
	int fd = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return report(op, errno);
	if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0)
		return report(op, errno);
	return report(op, send(fd, text, strlen(text), 0) < 0 ? errno : 0);
}

static int do_unix_listen(const char *path)
{
	struct sockaddr_un a = unix_addr(path);
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) < 0 || chmod(path, 0666) < 0 ||
	    listen(fd, 16) < 0)
		return report("unix-listen", errno);
	printf("ready\n");
	fflush(stdout);
	for (;;) {
		int c = accept(fd, NULL, NULL);
		if (c < 0)
			continue;
		char msg[256];
		ssize_t n = recv(c, msg, sizeof msg - 1, 0);
		msg[n > 0 ? n : 0] = '\0';
		printf("accepted: %s\n", msg);
		fflush(stdout);
		close(c);
	}
}

static int do_dgram_named(const char *path, const char *other, const char *text)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX }, b = { .sun_family = AF_UNIX };
	snprintf(a.sun_path, sizeof a.sun_path, "%s", path);
	snprintf(b.sun_path, sizeof b.sun_path, "%s", other);
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) < 0)
		return report("unix-dgram-named", errno);
	struct iovec iov = { (void *)text, strlen(text) };
	struct msghdr m = { .msg_name = &b, .msg_namelen = sizeof b, .msg_iov = &iov, .msg_iovlen = 1 };
	return report("unix-dgram-named", sendmsg(fd, &m, 0) < 0 ? errno : 0);
}

static int do_socket(const char *op, int family, int type)
{
	return report(op, socket(family, type, 0) < 0 ? errno : 0);
}

static int do_logd(const char *path)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	struct timeval idle = { .tv_sec = 5 };
	int fd = socket(AF_UNIX, SOCK_DGRAM, 0);
	snprintf(a.sun_path, sizeof a.sun_path, "%s", path);
	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) < 0 || chmod(path, 0666) < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &idle, sizeof idle) < 0)
		return report("logd", errno);
	printf("ready\n");
	fflush(stdout);
	char msg[2048];
	ssize_t n;
	while ((n = recv(fd, msg, sizeof msg - 1, 0)) > 0) {
		msg[n] = '\0';
		printf("%s\n", msg);
		fflush(stdout);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "listen") == 0)
		return do_listen();
	if ((argc == 3 || argc == 4) && strcmp(argv[1], "connect") == 0)
		return do_connect(argv[2], argc == 4 ? argv[3] : NULL);
	if ((argc == 3 || argc == 4) && strcmp(argv[1], "unix-dgram") == 0)
		return do_unix("unix-dgram", SOCK_DGRAM, argv[2], argc == 4 ? argv[3] : "nettry");
	if ((argc == 3 || argc == 4) && strcmp(argv[1], "unix-stream") == 0)
		return do_unix("unix-stream", SOCK_STREAM, argv[2], argc == 4 ? argv[3] : "nettry");
	if (argc == 5 && strcmp(argv[1], "unix-dgram-named") == 0)
		return do_dgram_named(argv[2], argv[3], argv[4]);
	if (argc == 3 && strcmp(argv[1], "unix-listen") == 0)
		return do_unix_listen(argv[2]);
	if (argc == 2 && strcmp(argv[1], "tcp6") == 0)
		return do_socket("tcp6", AF_INET6, SOCK_STREAM);
	if (argc == 3 && strcmp(argv[1], "logd") == 0)
		return do_logd(argv[2]);
	if (argc == 2 && strcmp(argv[1], "udp") == 0)
		return do_socket("udp", AF_INET, SOCK_DGRAM);
	fprintf(stderr, "usage: nettry listen | connect PORT [ADDR] | tcp6 | udp | logd PATH |\n"
			"       unix-listen PATH | unix-dgram PATH [TEXT] | unix-stream PATH [TEXT]\n");
	return 2;
}
