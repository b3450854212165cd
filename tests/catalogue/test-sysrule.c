/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of the [syscalls] and preload allow syntax (sysrule.c): parsing
 * and the check against the promise catalogue. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/ipc.h>
#include <sys/socket.h>

#include "catalogue/sysrule.h"
#include "../lib/tap.h"

static int parse(const char *text, struct call_pattern *r)
{
	char err[256];
	return sysrule_parse(text, r, err, sizeof err);
}

static void test_parse(void)
{
	struct call_pattern r;
	ok(parse("connect", &r) == 0 && r.ncond == 0 && strcmp(r.name, "connect") == 0,
	   "a bare name: no conditions");
	ok(parse("socket(AF_INET, SOCK_STREAM, 0)", &r) == 0 && r.ncond == 3 &&
	   r.cond[0].value == AF_INET && r.cond[1].value == SOCK_STREAM && r.cond[2].arg == 2,
	   "positional equal conditions");
	ok(parse("socket(AF_UNIX, SOCK_DGRAM/0xf)", &r) == 0 && r.ncond == 2 &&
	   r.cond[1].op == COND_MASKED_EQ && r.cond[1].mask == 0xf, "VALUE/MASK");
	ok(parse("msgget(*, IPC_CREAT|0600)", &r) == 0 && r.ncond == 1 && r.cond[0].arg == 1 &&
	   r.cond[0].value == (IPC_CREAT | 0600), "'*' skips an argument; '|' and octal");
	ok(parse("msgget(!IPC_PRIVATE, 0)", &r) == 0 && r.cond[0].op == COND_NE, "!VALUE");
	ok(parse("fcntl(-100/0xffffffff)", &r) == 0 && r.cond[0].value == 0xffffff9c,
	   "a negative int under a 32-bit mask");
	const char *bad[] = { "socket(", "socket(AF_INET", "socket(AF_INET))", "socket(FOO)",
			      "socket(1/0)", "socket(SOCK_STREAM/0x0)", "Socket", "",
			      "socket(1,2,3,4,5,6,7)", "socket(1 2)", "socket(1)x" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		ok(parse(bad[i], &r) < 0, "rejected: \"%s\"", bad[i]);
}

static int validate(const char *entry)
{
	struct strlist l = { 0 }, errors = { 0 };
	strlist_add(&l, entry, "test:1");
	int n = sysrule_validate(&l, &errors);
	if (n)
		printf("#   %s\n", errors.item[0]);
	strlist_free(&l);
	strlist_free(&errors);
	return n;
}

static void test_validate(void)
{
	ok(validate("socket(AF_INET, SOCK_STREAM, IPPROTO_IP)") == 0, "socket AF_INET: part of inet");
	ok(validate("socket(AF_UNIX, SOCK_DGRAM/0xf, 0)") == 0, "socket AF_UNIX: part of unix");
	ok(validate("msgget(*, IPC_CREAT|0600)") == 0, "msgget: whole in ipc");
	ok(validate("openat(*, *, O_RDWR|O_NOFOLLOW)") == 0, "openat without O_CREAT: part of wpath");
	ok(validate("openat(*, *, O_RDWR|O_CREAT, 0600)") == 0, "openat O_CREAT 0600: part of cpath");
	ok(validate("ioctl(*, 0x541B)") == 0, "ioctl FIONREAD: part of stdio");
	ok(validate("socket") != 0, "socket without conditions: refused");
	ok(validate("socket(*, SOCK_STREAM)") != 0, "socket of any family: refused");
	ok(validate("socket(!AF_UNIX)") != 0, "socket not-equal: refused");
	ok(validate("ioctl(*, *)") != 0, "ioctl(*, *): refused");
	ok(validate("ioctl(*, 0x5412)") != 0, "ioctl TIOCSTI: refused");
	ok(validate("clone(0x10000000)") != 0, "clone(CLONE_NEWUSER): refused");
	ok(validate("openat(*, *, O_RDWR|O_CREAT)") != 0, "openat O_CREAT, any mode: refused");
	ok(validate("openat(*, *, O_RDWR|O_CREAT, 04755)") != 0, "openat set-id mode: refused");
	ok(validate("bpf(1)") != 0, "never-granted call with conditions: refused");
	ok(validate("sockte(1)") != 0, "unknown call: refused");
	struct strlist l = { 0 };
	split_words("socket(AF_INET, SOCK_STREAM) connect setsockopt(*, SOL_TCP,", &l, "f:1");
	split_words("TCP_NODELAY)", &l, "f:2");
	sysrule_join(&l);
	ok(l.n == 3, "words split inside parentheses are joined (%zu entries)", l.n);
	is_str(l.n ? l.item[0] : NULL, "socket(AF_INET, SOCK_STREAM)", "first entry");
	is_str(l.n > 2 ? l.item[2] : NULL, "setsockopt(*, SOL_TCP, TCP_NODELAY)", "continued entry");
	is_str(l.n > 2 ? l.origin[2] : NULL, "f:1", "an entry keeps its first line");
	strlist_free(&l);
}

int main(void)
{
	test_parse();
	test_validate();
	return tap_done();
}
