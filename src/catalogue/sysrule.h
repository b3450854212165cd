/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One system call with argument conditions, as written in an "allow" list
 * of a preload rule (and accepted by the filter for any allow entry):
 *
 *   NAME                      the call, any arguments
 *   NAME(ARG0, ARG1, ...)     positional conditions, all must hold:
 *     *                       any value
 *     VALUE                   equal             socket(AF_INET, SOCK_STREAM, 0)
 *     VALUE/MASK              (arg & MASK) == VALUE   socket(AF_UNIX, SOCK_DGRAM/0xf)
 *     !VALUE                  not equal         msgget(!IPC_PRIVATE, 0)
 *   VALUE is a number (0x1f, 0600, -100) or a constant from the table in
 *   sysrule.c (AF_UNIX, SOCK_STREAM, IPC_CREAT, O_RDWR, ...), joined by "|".
 *
 * Blanks inside the parentheses are allowed: the list splitter's words are
 * joined again by sysrule_join(). */
#ifndef SR_SYSRULE_H
#define SR_SYSRULE_H

#include <seccomp.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/util.h"
#include "catalogue/promises.h"

#define SYSRULE_MAX_ARGS 6

/* glibc's request for nscd's socket, made before any user, group or host
 * name lookup; without it glibc reads /etc/passwd, /etc/hosts itself. */
#define SYSRULE_NSCD_REQUEST "socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC|SOCK_NONBLOCK, 0)"

/* An entry parsed: a call pattern (not a catalogue rule, struct promise_call,
 * nor a filter rule, struct filter_rule in filter/bpfcompile.h). */
struct call_pattern {
	char name[64];
	unsigned ncond;
	struct arg_cond cond[SYSRULE_MAX_ARGS]; /* COND_EQ, COND_NE or COND_MASKED_EQ */
};

/* Parses text; 0, or -1 with a one-line reason in err. */
int sysrule_parse(const char *text, struct call_pattern *r, char *err, size_t errsize);
/* The native number of the call text names, or -1. */
int sysrule_nr(const char *text);
/* Text's conditions as libseccomp comparisons: their count, or a negative
 * errno. */
int sysrule_cmps(const char *text, struct scmp_arg_cmp cmp[SYSRULE_MAX_ARGS]);
/* Joins the words of a list split inside parentheses ("socket(AF_INET,"
 * "SOCK_STREAM)") back into one entry each. */
void sysrule_join(struct strlist *l);
/* Checks every entry of an allow list (syntax, known call, never-granted);
 * appends "origin: message" errors and returns their count. */
int sysrule_validate(const struct strlist *l, struct strlist *errors);

/* Checks a "refuse" list (preload rules): syntax, a call libseccomp
 * knows, and conditions on its arguments; as sysrule_validate. */
int sysrule_validate_refused(const struct strlist *l, struct strlist *errors);
/* Whether no call can satisfy both sets of comparisons (two on the same
 * argument contradict each other). libseccomp, given two rules for one
 * call with different actions that can both match, keeps the one added
 * first or fails: a refused call is added only where it is disjoint from
 * every rule that allows the call. */
bool sysrule_disjoint(const struct scmp_arg_cmp *a, unsigned na, const struct scmp_arg_cmp *b,
		      unsigned nb);
/* Whether call nr with these arguments is one that text names (--learn
 * leaves refused calls out of its draft). */
bool sysrule_matches(const char *text, int nr, const uint64_t args[6]);

#endif
