/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Single system calls with argument conditions (syntax in sysrule.h). */
#include "catalogue/sysrule.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <netinet/in.h>
#include <signal.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>

#include "catalogue/grants.h"
#include "catalogue/promises.h"

/* The constants a rule may name: what preloaded libraries pass to the
 * calls they need (sockets, System V IPC, open flags). */
#define C(name)                         \
	{                               \
#name, (uint64_t)(name) \
	}
static const struct {
	const char *name;
	uint64_t value;
} constants[] = {
	C(AF_UNIX), C(AF_LOCAL), C(AF_INET), C(AF_INET6), C(AF_NETLINK), C(SOCK_STREAM),
	C(SOCK_DGRAM), C(SOCK_SEQPACKET), C(SOCK_RAW), C(SOCK_CLOEXEC), C(SOCK_NONBLOCK),
	C(IPPROTO_IP), C(IPPROTO_TCP), C(IPPROTO_UDP), C(SOL_SOCKET), C(SOL_TCP), C(TCP_NODELAY),
	C(SO_KEEPALIVE), C(SO_SNDBUF), C(SO_RCVBUF), C(SO_PASSCRED), C(MSG_DONTWAIT),
	C(MSG_NOSIGNAL), C(IPC_PRIVATE), C(IPC_CREAT), C(IPC_EXCL), C(IPC_NOWAIT), C(IPC_RMID),
	C(IPC_SET), C(IPC_STAT), C(GETVAL), C(SETVAL), C(GETALL), C(SETALL), C(GETPID), C(GETNCNT),
	C(GETZCNT), C(SEM_UNDO), C(SHM_RDONLY), C(MSG_NOERROR), C(O_RDONLY), C(O_WRONLY), C(O_RDWR),
	C(O_ACCMODE), C(O_CREAT), C(O_EXCL), C(O_TRUNC), C(O_APPEND), C(O_NONBLOCK), C(O_CLOEXEC),
	C(O_NOFOLLOW), C(O_DIRECTORY), C(O_NOCTTY), C(O_SYNC), C(O_DSYNC), C(O_LARGEFILE),
	/* clone's flags as fork() and posix_spawn() pass them (identify) */
	C(CLONE_VM), C(CLONE_VFORK), C(CLONE_CHILD_CLEARTID), C(CLONE_CHILD_SETTID), C(SIGCHLD),
	/* No AT_FDCWD: an int argument's upper register half is not defined
	 * (compare negative ints as VALUE/0xffffffff). */
};
#define N_CONSTANTS (sizeof constants / sizeof constants[0])

static const char *skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* TERM { "|" TERM }, TERM = number or constant; stops at ',' ')' '/'. */
static int parse_value(const char **pp, uint64_t *out, char *err, size_t errsize)
{
	const char *p = *pp;
	*out = 0;
	for (;;) {
		p = skip_blanks(p);
		size_t len = strspn(
			p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-");
		if (!len) {
			snprintf(err, errsize, "expected a number or a constant at \"%s\"", p);
			return -1;
		}
		char word[64];
		snprintf(word, sizeof word, "%.*s", (int)len, p);
		char *end;
		errno = 0;
		long long v = strtoll(word, &end, 0);
		if (*end == '\0' && !errno) {
			*out |= (uint64_t)v;
		} else {
			size_t i = 0;
			while (i < N_CONSTANTS && strcmp(constants[i].name, word) != 0)
				i++;
			if (i == N_CONSTANTS) {
				snprintf(err, errsize, "unknown constant \"%s\"", word);
				return -1;
			}
			*out |= constants[i].value;
		}
		p = skip_blanks(p + len);
		if (*p != '|')
			break;
		p++;
	}
	*pp = p;
	return 0;
}

static int parse_arg(const char **pp, unsigned arg, struct call_pattern *r, char *err,
		     size_t errsize)
{
	const char *p = skip_blanks(*pp);
	if (*p == '*') {
		*pp = skip_blanks(p + 1);
		return 0;
	}
	struct arg_cond c = { .arg = (uint8_t)arg, .op = COND_EQ };
	if (*p == '!') {
		c.op = COND_NE;
		p++;
	}
	if (parse_value(&p, &c.value, err, errsize) < 0)
		return -1;
	if (*p == '/' && c.op == COND_EQ) {
		p++;
		c.op = COND_MASKED_EQ;
		if (parse_value(&p, &c.mask, err, errsize) < 0)
			return -1;
		/* All upper bits set is a negative int: -100/0xffffffff. */
		uint64_t outside = c.value & ~c.mask;
		c.value &= c.mask;
		if (outside && outside != ~c.mask) {
			snprintf(err, errsize,
				 "argument %u: value 0x%llx has bits outside its mask "
				 "0x%llx and can never match",
				 arg, (unsigned long long)(c.value | outside),
				 (unsigned long long)c.mask);
			return -1;
		}
	}
	r->cond[r->ncond++] = c;
	*pp = p;
	return 0;
}

int sysrule_parse(const char *text, struct call_pattern *r, char *err, size_t errsize)
{
	memset(r, 0, sizeof *r);
	size_t len = strspn(text, "abcdefghijklmnopqrstuvwxyz0123456789_");
	if (!len || len >= sizeof r->name) {
		snprintf(err, errsize, "\"%s\": expected a system call name", text);
		return -1;
	}
	memcpy(r->name, text, len);
	const char *p = text + len;
	if (*p == '\0')
		return 0;
	if (*p != '(') {
		snprintf(err, errsize, "\"%s\": expected \"(\" after %s", text, r->name);
		return -1;
	}
	p++;
	for (unsigned arg = 0;; arg++) {
		if (arg == SYSRULE_MAX_ARGS) {
			snprintf(err, errsize, "\"%s\": at most %d arguments", text,
				 SYSRULE_MAX_ARGS);
			return -1;
		}
		char why[160];
		if (parse_arg(&p, arg, r, why, sizeof why) < 0) {
			snprintf(err, errsize, "\"%s\": %s", text, why);
			return -1;
		}
		if (*p == ')')
			break;
		if (*p != ',') {
			snprintf(err, errsize, "\"%s\": expected \",\" or \")\" at \"%s\"", text,
				 p);
			return -1;
		}
		p++;
	}
	if (p[1] != '\0') {
		snprintf(err, errsize, "\"%s\": unexpected \"%s\" after \")\"", text, p + 1);
		return -1;
	}
	return 0;
}

int sysrule_nr(const char *text)
{
	struct call_pattern r;
	char err[256];
	if (sysrule_parse(text, &r, err, sizeof err) < 0)
		return -1;
	return syscall_nr(r.name);
}

int sysrule_cmps(const char *text, struct scmp_arg_cmp cmp[SYSRULE_MAX_ARGS])
{
	struct call_pattern r;
	char err[256];
	if (sysrule_parse(text, &r, err, sizeof err) < 0)
		return -EINVAL;
	for (unsigned i = 0; i < r.ncond; i++) {
		const struct arg_cond *c = &r.cond[i];
		cmp[i] = c->op == COND_MASKED_EQ ?
				 (struct scmp_arg_cmp){ c->arg, SCMP_CMP_MASKED_EQ, c->mask,
							c->value } :
				 (struct scmp_arg_cmp){ c->arg,
							c->op == COND_NE ? SCMP_CMP_NE :
									   SCMP_CMP_EQ,
							c->value, 0 };
	}
	return (int)r.ncond;
}

static int depth(const char *s)
{
	int d = 0;
	for (; *s; s++)
		d += (*s == '(') - (*s == ')');
	return d;
}

void sysrule_join(struct strlist *l)
{
	struct strlist out = { 0 };
	for (size_t i = 0; i < l->n; i++) {
		const char *origin = l->origin[i];
		char *entry = xstrdup(l->item[i]);
		/* Arguments are numbers, constants, '*' or '!': a lowercase word
		 * starts the next call, so one unclosed parenthesis stays one error. */
		while (depth(entry) > 0 && i + 1 < l->n &&
		       !islower((unsigned char)l->item[i + 1][0])) {
			char *longer = xasprintf("%s %s", entry, l->item[++i]);
			free(entry);
			entry = longer;
		}
		strlist_add(&out, entry, origin);
		free(entry);
	}
	strlist_free(l);
	*l = out;
}

/* Does entry c imply catalogue condition k (every value c accepts, k
 * accepts too)? */
static bool implies(const struct arg_cond *c, const struct arg_cond *k)
{
	uint64_t kmask = k->op == COND_EQ ? UINT64_MAX : k->mask;
	if (c->op == COND_EQ)
		return (c->value & kmask) == k->value;
	if (c->op == COND_MASKED_EQ)
		return (kmask & ~c->mask) == 0 && (c->value & kmask) == k->value;
	return false;
}

static bool rule_implied(const struct promise_call *k, const void *pattern)
{
	const struct call_pattern *r = pattern;
	for (unsigned i = 0; i < k->ncond; i++) {
		bool held = false;
		for (unsigned j = 0; j < r->ncond && !held; j++)
			held = r->cond[j].arg == k->cond[i].arg &&
			       implies(&r->cond[j], &k->cond[i]);
		if (!held)
			return false;
	}
	return true;
}

/* A call the catalogue grants only with conditions (socket, openat,
 * ioctl, clone, mmap ...) may be allowed with conditions at least as
 * narrow as one promise's: the entry then grants a part of a promise,
 * never more (no TIOCSTI, no namespaces, no set-id files). */
static bool within_catalogue(const struct call_pattern *r)
{
	return catalogue_any_rule(r->name, rule_implied, r);
}

/* An entry's error ("origin: message", allocated), or NULL. */
typedef char *entry_check(const struct call_pattern *r, const char *text, const char *origin);

static int validate_each(const struct strlist *l, struct strlist *errors, entry_check *check)
{
	int n = 0;
	for (size_t i = 0; i < l->n; i++) {
		struct call_pattern r;
		char err[256];
		char *m =
			sysrule_parse(l->item[i], &r, err, sizeof err) < 0 ?
				xasprintf(
					"%s: %s (the syntax is at the top of preload.d/fakeroot-tcp.ini)",
					l->origin[i], err) :
				check(&r, l->item[i], l->origin[i]);
		if (m) {
			strlist_add(errors, m, NULL);
			free(m);
			n++;
		}
	}
	return n;
}

static char *allow_error(const struct call_pattern *r, const char *text, const char *origin)
{
	const char *why = NULL;
	if (syscall_allowable(r->name, &why) == 0)
		return NULL;
	bool conditioned = r->ncond && !never_lookup(r->name);
	if (conditioned && within_catalogue(r))
		return NULL;
	if (conditioned && syscall_nr(r->name) != -1)
		return xasprintf("%s: \"%s\": the conditions must be at least as narrow as a "
				 "promise's (sandbox-run --list-promises)",
				 origin, text);
	return xasprintf("%s: %s", origin, why);
}

int sysrule_validate(const struct strlist *l, struct strlist *errors)
{
	return validate_each(l, errors, allow_error);
}

/* Two comparisons of one argument that no value satisfies together. */
static bool contradict(const struct scmp_arg_cmp *x, const struct scmp_arg_cmp *y)
{
	if (x->op > y->op) {
		const struct scmp_arg_cmp *t = x;
		x = y;
		y = t;
	}
	/* enum scmp_compare: NE < ... < EQ < ... < MASKED_EQ */
	if (x->op == SCMP_CMP_EQ && y->op == SCMP_CMP_EQ)
		return x->datum_a != y->datum_a;
	if (x->op == SCMP_CMP_NE && y->op == SCMP_CMP_EQ)
		return x->datum_a == y->datum_a;
	if (x->op == SCMP_CMP_EQ && y->op == SCMP_CMP_MASKED_EQ)
		return (x->datum_a & y->datum_a) != y->datum_b;
	if (x->op == SCMP_CMP_MASKED_EQ && y->op == SCMP_CMP_MASKED_EQ)
		return ((x->datum_b ^ y->datum_b) & x->datum_a & y->datum_a) != 0;
	return false; /* NE with a mask, ranges: could meet */
}

bool sysrule_disjoint(const struct scmp_arg_cmp *a, unsigned na, const struct scmp_arg_cmp *b,
		      unsigned nb)
{
	for (unsigned i = 0; i < na; i++)
		for (unsigned j = 0; j < nb; j++)
			if (a[i].arg == b[j].arg && contradict(&a[i], &b[j]))
				return true;
	return false;
}

static char *refuse_error(const struct call_pattern *r, const char *text, const char *origin)
{
	(void)text;
	if (syscall_nr(r->name) == -1)
		return xasprintf("%s: refuse %s: no such system call", origin, r->name);
	if (!r->ncond)
		return xasprintf("%s: refuse %s: name the arguments of the call it makes, "
				 "as in %s(AF_UNIX, SOCK_STREAM, 0); refusing every %s unreported "
				 "would hide what denial reports are for",
				 origin, r->name, r->name, r->name);
	return NULL;
}

int sysrule_validate_refused(const struct strlist *l, struct strlist *errors)
{
	return validate_each(l, errors, refuse_error);
}

bool sysrule_matches(const char *text, int nr, const uint64_t args[6])
{
	struct call_pattern r;
	char err[256];
	return sysrule_parse(text, &r, err, sizeof err) == 0 && syscall_nr(r.name) == nr &&
	       conds_hold(r.cond, r.ncond, args, NULL);
}
