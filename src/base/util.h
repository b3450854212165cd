/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Small helpers shared by every stage: messages, allocation, string lists. */
#ifndef SR_UTIL_H
#define SR_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Exit statuses, as env(1) and timeout(1) use them. */
enum {
	EXIT_SANDBOX = 125, /* sandbox-run itself failed */
	EXIT_NOT_EXECUTABLE = 126,
	EXIT_NOT_FOUND = 127,
};

extern const char *program_name;
extern int verbosity; /* 0 quiet, 1 normal, 2 verbose (-v) */

void msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Printed even with -q: what -q must not hide (running unconfined). */
void msg_always(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void msg_verbose(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print one line and exit EXIT_SANDBOX. */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void die_status(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/* SR_ASAN: 1 in an AddressSanitizer build (gcc or clang), else 0; such
 * builds keep their own crash reports and cannot share a stack. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SR_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(SR_ASAN)
#define SR_ASAN 1
#endif
#ifndef SR_ASAN
#define SR_ASAN 0
#endif

/* A crash before exec (a bug, or a library failing under memory pressure:
 * libseccomp 2.5.4 segfaults when malloc fails in seccomp_export_bpf) ends
 * with one line and EXIT_SANDBOX, never a core dump with nothing said.
 * crash_guard(false) restores the inherited dispositions before exec. */
void crash_guard(bool on);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The strings up to a NULL, end to end, in a new string. What runs at every
 * start joins with this rather than xasprintf: printf's machinery is dear
 * in a process that has just started, and a start once made a hundred and
 * more such calls (docs/performance.md). */
char *xstrjoin(const char *s, ...) __attribute__((sentinel));
/* s into out[size], cut to size - 1 bytes (as snprintf "%s" would). */
void copy_bounded(char *out, size_t size, const char *s);
/* The decimal digits of n into out (at least 11 bytes); returns the end. */
char *put_uint(char *out, unsigned n);
/* n bytes as lowercase hex into out (2n + 1 bytes); returns the end. */
char *put_hex(char *out, const unsigned char *bytes, size_t n);
/* The file name of a path: what follows its last slash, or all of it. */
const char *path_base(const char *path);
/* The directory of a path, in a new string: "." without a slash, "/" for
 * a file in the root. */
char *xpath_dir(const char *path);
/* The first dir_len bytes of dir, a slash and name, in a new string. */
char *xpath_join(const char *dir, size_t dir_len, const char *name);

/* A growable list of owned strings, each with the place it came from
 * ("file.ini:12", "argv[2]", "system read set") for --explain. */
struct strlist {
	char **item;
	char **origin;
	size_t n, cap;
};
void strlist_add(struct strlist *l, const char *s, const char *origin);
/* Adds a formatted item with no origin: the error lists of the loaders. */
void strlist_addf(struct strlist *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strlist_clear(struct strlist *l);
bool strlist_contains(const struct strlist *l, const char *s);
void strlist_free(struct strlist *l);

/* Split on blanks; returns the number of words added to l. */
size_t split_words(const char *s, struct strlist *l, const char *origin);

/* Parse "yes/no/true/false/1/0"; -1 when it is neither. */
int parse_bool(const char *s);
/* Levenshtein distance, for "did you mean" suggestions. */
size_t edit_distance(const char *a, const char *b);
const char *closest(const char *word, const char *const *candidates, size_t n);

#endif
