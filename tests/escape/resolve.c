/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Compatibility: getaddrinfo(NAME) with AI_ADDRCONFIG, which makes glibc
 * open a NETLINK_ROUTE socket to learn the configured address families;
 * the dns promise grants that socket and nothing else of netlink. Prints
 * each address once, in glibc's order. */
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: resolve NAME\n");
		return 2;
	}
	struct addrinfo hints = { .ai_flags = AI_ADDRCONFIG, .ai_socktype = SOCK_STREAM };
	struct addrinfo *res;
	int e = getaddrinfo(argv[1], NULL, &hints, &res);
	if (e) {
		fprintf(stderr, "resolve: %s: %s\n", argv[1], gai_strerror(e));
		return 1;
	}
	for (struct addrinfo *a = res; a; a = a->ai_next) {
		char host[NI_MAXHOST];
		if (getnameinfo(a->ai_addr, a->ai_addrlen, host, sizeof host, NULL, 0,
				NI_NUMERICHOST) == 0)
			printf("%s %s\n", argv[1], host);
	}
	freeaddrinfo(res);
	return 0;
}
