/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The promise catalogue: pledge-style names for sets of system calls with
 * their argument conditions. Data only; seccomp.c turns it into filters. */
#ifndef SR_PROMISES_H
#define SR_PROMISES_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h> /* pid_t */

/* The syscall number is looked up by name at run time (for calls newer than
 * the build's kernel headers); unknown names are skipped. */
#define NR_BY_NAME INT_MIN
/* Placeholder compared values, replaced when the filter is built. */
#define VALUE_SELF_PID UINT64_C(0xffffffff00000001)
/* its real user and group ids (those the launcher runs with) */
#define VALUE_SELF_UID UINT64_C(0xffffffff00000002)
#define VALUE_SELF_GID UINT64_C(0xffffffff00000003)
/* A placeholder's value in this process (the launcher, the supervisor and
 * the target share pid and ids); other values as they are. */
uint64_t value_of_self(uint64_t value, uint64_t self_pid);

/* A condition on one argument of a call, as the catalogue's rules and the
 * "allow" and "refuse" entries (sysrule.h) write it. COND_NE is written
 * only by those entries ("!VALUE"). */
enum cond_op {
	COND_EQ,
	COND_MASKED_EQ,
	COND_NE
};

struct arg_cond {
	uint8_t arg;
	uint8_t op; /* enum cond_op */
	uint64_t mask; /* COND_MASKED_EQ: (arg & mask) == value */
	uint64_t value;
};

/* The one check of conditions against a call's arguments: whether all n
 * hold (AND). self: the pid VALUE_SELF_PID stands for, or NULL where the
 * values are taken as written ("allow" and "refuse" entries, which the
 * filter compares as written too). */
bool conds_hold(const struct arg_cond *c, unsigned n, const uint64_t args[6], const pid_t *self);

/* Names and notes are arrays, not pointers: in a position-independent
 * executable every pointer of a table is rewritten at each start, a
 * relocation per pointer and a copied page per 4 KiB written (measurably
 * slower for this catalogue: docs/performance.md), where arrays stay in
 * read-only pages shared by every run. tests/escape/catalogue.c checks that each
 * string fits with its terminating NUL. */
#define RULE_NAME_MAX 32
#define RULE_NOTE_MAX 56

struct promise_call {
	char name[RULE_NAME_MAX];
	int nr; /* native number, negative when this architecture lacks it */
	uint8_t ncond; /* all conditions must hold (AND) */
	struct arg_cond cond[2];
	char note[RULE_NOTE_MAX]; /* the conditions in words ("" without), for --list-promises */
};

struct promise {
	const char *name;
	const char *help;
	const struct promise_call *rules;
	size_t nrules;
};

struct never_call {
	const char *name;
	int nr;
	const char *why;
};

/* A call answered with an errno by the kernel itself, unreported, where no
 * rule of the policy allows it: an answer tools take for "nothing there"
 * (getxattr by path: ENOTSUP, no extended attributes). */
struct quiet_call {
	const char *name;
	int nr;
	int err;
	const char *errname;
	const char *why;
};

size_t promise_count(void);
const struct promise *promise_at(size_t i);
int promise_lookup(const char *name); /* index, or -1 */
const char *promise_suggest(const char *name);
/* Promises every profile holds, because the dynamic loader runs under the
 * filter (sandbox-run(1), seccomp): stdio and rpath. */
bool promise_is_implicit(size_t i);

size_t never_count(void);
const struct never_call *never_at(size_t i);
const struct never_call *never_lookup(const char *name);

size_t quiet_count(void);
const struct quiet_call *quiet_at(size_t i);

/* The never or quiet entry of call nr (native number), or NULL. */
const struct never_call *never_of(int nr);
const struct quiet_call *quiet_of(int nr);

/* The one name-to-number lookup: the native number of the system call
 * name, or -1 when libseccomp does not know the name. A name it knows that
 * this architecture lacks gives a negative pseudo number, which no call
 * carries (test ">= 0" for "on this architecture"). */
int syscall_nr(const char *name);
/* Syscall number of a rule, or of a never-granted call, on this
 * architecture (negative when it has none). */
int rule_nr(const struct promise_call *r);
int never_nr(const struct never_call *n);
/* May a profile's "allow" name this syscall whole? 0, or -1 with *why set:
 * never granted, unknown, or granted by promises only with argument
 * conditions ("allow = ioctl" would grant TIOCSTI). */
int syscall_allowable(const char *name, const char **why);
/* The promises that grant syscall nr in some form, as "\"a\" or \"b\"";
 * stdio and rpath (every profile holds them) only when no other does. */
void promises_granting(int nr, char *buf, size_t size);

/* Whether rule k of p repeats the note of a rule of the same call from
 * first on: several rules may say one thing (the four masks of "not
 * RLIMIT_CORE"), and listings show it once. */
bool rule_note_repeated(const struct promise *p, size_t first, size_t k);

/* --list-promises[=NAME]: per promise its help line, the calls it grants
 * whole, then each call with conditions; then the never list and the
 * quietly refused calls. Returns 0, or -1 when NAME is unknown. */
int promises_print(const char *name);

#endif
