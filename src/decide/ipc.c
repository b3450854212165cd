/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "decide/ipc.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>

/* Keys and ids are C ints that the kernel reads from the low 32 bits of
 * a 64-bit register (glibc sign-extends them): every condition on them is
 * masked, so that neither sign nor high bits make a second way in. */
#define INT_MASK "/0xffffffff"

/* What the library does with each kind of object, as libfakeroot-sysv
 * does it (communicate.c, strace): msgget(KEY, IPC_CREAT|0600) and
 * msgsnd(id, buf, size, 0) on KEY; msgget(KEY+1, ...) and
 * msgrcv(id, buf, size, 0, 0) on KEY+1; semget(KEY+2, 1, IPC_CREAT|0600)
 * and semop(id, ops, 1), which glibc makes as semtimedop(id, ops, 1, NULL).
 * Flags and sizes stay free: the id alone decides what is reached, and
 * the key what msgget/semget may open (or create, should faked's object
 * vanish: under that key only). No msgctl, semctl or shmget: removing or
 * reconfiguring an object is never granted. */
struct ipc_call {
	const char *name, *rest; /* name(KEY or ID, rest) */
};
static const struct ipc_kind {
	const char *what;
	size_t list; /* offsetof the rule's list of offsets */
	struct ipc_call get;
	struct ipc_call use[2];
} kinds[] = {
	{ "message queue (send)",
	  offsetof(struct preload_rule, ipc_send_queues),
	  { "msgget", ", *" },
	  { { "msgsnd", "" } } },
	{ "message queue (receive)",
	  offsetof(struct preload_rule, ipc_receive_queues),
	  { "msgget", ", *" },
	  { { "msgrcv", "" } } },
	{ "semaphore set",
	  offsetof(struct preload_rule, ipc_semaphores),
	  { "semget", ", *, *" },
	  { { "semop", "" }, { "semtimedop", "" } } },
};

static bool is_queue(const struct ipc_kind *k)
{
	return k != &kinds[2];
}

/* The base key: a fixed one, or the value of the variable, whole and
 * decimal as libfakeroot's atoi reads it when it is well formed (anything
 * else is refused, not guessed at). IPC_PRIVATE (0) would make a new
 * object on every call. Unset, the library talks to no one (libfakeroot
 * without $FAKEROOTKEY makes no IPC call): 1, nothing to grant. */
static int base_key(const struct preload_rule *r, int32_t *key, char *err, size_t errsize)
{
	if (r->ipc_key.n) {
		*key = (int32_t)(uint32_t)strtoll(r->ipc_key.item[0], NULL, 0);
		return 0;
	}
	const char *var = r->ipc_key_env.item[0];
	const char *value = getenv(var);
	if (!value || !*value)
		return 1;
	char *end;
	errno = 0;
	long long v = strtoll(value, &end, 10);
	if (errno || *end || v < INT32_MIN || v > INT32_MAX || v == IPC_PRIVATE) {
		snprintf(err, errsize, "$%s=%.40s is not a System V key (a non-zero decimal int)",
			 var, value);
		return -1;
	}
	*key = (int32_t)v;
	return 0;
}

static int resolve(const struct ipc_kind *k, int32_t key)
{
	return is_queue(k) ? msgget(key, 0) : semget(key, 0, 0);
}

static void add_line(struct strlist *allow, const struct ipc_call *c, long long value,
		     const char *origin)
{
	char *line = xasprintf("%s(%lld" INT_MASK "%s)", c->name, value, c->rest);
	if (!strlist_contains(allow, line))
		strlist_add(allow, line, origin);
	free(line);
}

static int add_object(const struct preload_rule *r, const struct ipc_kind *k, int32_t base,
		      const char *offset_text, struct strlist *allow, const char *origin, char *err,
		      size_t errsize)
{
	unsigned offset = (unsigned)strtoul(offset_text, NULL, 10);
	/* libfakeroot adds in int; the kernel takes the int it gets. */
	int32_t key = (int32_t)((uint32_t)base + offset);
	int id = resolve(k, key);
	if (id < 0) {
		char base_text[64];
		if (r->ipc_key.n)
			snprintf(base_text, sizeof base_text, "key %s", r->ipc_key.item[0]);
		else
			snprintf(base_text, sizeof base_text, "%s=%.40s", r->ipc_key_env.item[0],
				 getenv(r->ipc_key_env.item[0]));
		snprintf(err, errsize, "%s%s %s for %s (key %d = %d + %u) %s; is %s running?",
			 r->ipc_daemon ? r->ipc_daemon : "the", r->ipc_daemon ? "'s" : "", k->what,
			 base_text, key, base, offset,
			 errno == ENOENT ? "does not exist" : strerror(errno),
			 r->ipc_daemon ? r->ipc_daemon : "the program that creates it");
		return -1;
	}
	/* Keys as the kernel compares them: the low 32 bits, unsigned. */
	add_line(allow, &k->get, (long long)(uint32_t)key, origin);
	for (size_t i = 0; i < sizeof k->use / sizeof k->use[0] && k->use[i].name; i++)
		add_line(allow, &k->use[i], id, origin);
	return 0;
}

int ipc_allow_rules(const struct preload_rule *r, struct strlist *allow, const char *origin,
		    char *err, size_t errsize)
{
	if (r->ipc_key_env.n == 0 && r->ipc_key.n == 0)
		return 0;
	int32_t base;
	int unset = base_key(r, &base, err, errsize);
	if (unset)
		return unset < 0 ? -1 : 0;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		const struct strlist *offsets = (const void *)((const char *)r + kinds[i].list);
		for (size_t j = 0; j < offsets->n; j++)
			if (add_object(r, &kinds[i], base, offsets->item[j], allow, origin, err,
				       errsize) < 0)
				return -1;
	}
	return 0;
}
