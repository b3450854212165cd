/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "base/util.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *program_name = "sandbox-run";
int verbosity = 1;

static void vmsg(const char *fmt, va_list ap)
{
	/* One write per line keeps lines from concurrent processes whole. */
	char line[4096];
	int n = snprintf(line, sizeof line, "%s: ", program_name);
	int m = vsnprintf(line + n, sizeof line - n - 1, fmt, ap);
	if (m < 0)
		m = 0;
	size_t len = (size_t)n +
		     ((size_t)m < sizeof line - n - 1 ? (size_t)m : sizeof line - n - 2);
	line[len++] = '\n';
	ssize_t r = write(STDERR_FILENO, line, len);
	(void)r;
}

void msg(const char *fmt, ...)
{
	if (verbosity < 1)
		return;
	va_list ap;
	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
}

void msg_always(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
}

void msg_verbose(const char *fmt, ...)
{
	if (verbosity < 2)
		return;
	va_list ap;
	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
}

void die_status(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(fmt, ap); /* errors are printed even with -q */
	va_end(ap);
	_exit(status);
}

void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	_exit(EXIT_SANDBOX);
}

#if SR_ASAN
void crash_guard(bool on)
{
	(void)on;
} /* ASan's own report is better */
#else
static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };
#define N_CRASH (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction inherited[N_CRASH];

static void on_crash(int sig)
{
	char line[160] = "sandbox-run: internal error: SIG";
	const char *name = sigabbrev_np(sig);
	strncat(line, name ? name : "?", 16);
	strcat(line, " before the command ran (out of memory?); it was not run\n");
	ssize_t r = write(STDERR_FILENO, line, strlen(line));
	(void)r;
	_exit(EXIT_SANDBOX);
}

void crash_guard(bool on)
{
	struct sigaction sa = { .sa_handler = on_crash, .sa_flags = SA_RESETHAND };
	for (size_t i = 0; i < N_CRASH; i++) {
		if (on)
			sigaction(crash_signals[i], &sa, &inherited[i]);
		/* execve resets a handler to SIG_DFL by itself: only an inherited
		 * SIG_IGN needs putting back. */
		else if (inherited[i].sa_handler == SIG_IGN)
			sigaction(crash_signals[i], &inherited[i], NULL);
	}
}
#endif

static void *checked(void *p)
{
	if (!p)
		die("out of memory");
	return p;
}

void *xmalloc(size_t n)
{
	return checked(malloc(n ? n : 1));
}
void *xcalloc(size_t n, size_t size)
{
	return checked(calloc(n ? n : 1, size ? size : 1));
}
void *xrealloc(void *p, size_t n)
{
	return checked(realloc(p, n ? n : 1));
}
char *xstrdup(const char *s)
{
	return checked(strdup(s));
}

char *xstrjoin(const char *s, ...)
{
	va_list ap;
	size_t len = 0;
	va_start(ap, s);
	for (const char *p = s; p; p = va_arg(ap, const char *))
		len += strlen(p);
	va_end(ap);
	char *out = xmalloc(len + 1), *end = out;
	*end = '\0';
	va_start(ap, s);
	for (const char *p = s; p; p = va_arg(ap, const char *))
		end = stpcpy(end, p);
	va_end(ap);
	return out;
}

void copy_bounded(char *out, size_t size, const char *s)
{
	size_t n = strnlen(s, size - 1);
	memcpy(out, s, n);
	out[n] = '\0';
}

char *put_uint(char *out, unsigned n)
{
	char digits[10];
	int k = 0;
	do
		digits[k++] = (char)('0' + n % 10);
	while (n /= 10);
	while (k > 0)
		*out++ = digits[--k];
	*out = '\0';
	return out;
}

char *put_hex(char *out, const unsigned char *bytes, size_t n)
{
	static const char digit[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		*out++ = digit[bytes[i] >> 4];
		*out++ = digit[bytes[i] & 15];
	}
	*out = '\0';
	return out;
}

const char *path_base(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

char *xpath_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return xstrdup(".");
	size_t len = slash == path ? 1 : (size_t)(slash - path);
	char *dir = xmalloc(len + 1);
	copy_bounded(dir, len + 1, path);
	return dir;
}

char *xpath_join(const char *dir, size_t dir_len, const char *name)
{
	char *path = xmalloc(dir_len + strlen(name) + 2);
	char *end = mempcpy(path, dir, dir_len);
	*end++ = '/';
	strcpy(end, name);
	return path;
}

char *xasprintf(const char *fmt, ...)
{
	char *s;
	va_list ap;
	va_start(ap, fmt);
	int r = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (r < 0)
		die("out of memory");
	return s;
}

void strlist_add(struct strlist *l, const char *s, const char *origin)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->item = xrealloc(l->item, l->cap * sizeof *l->item);
		l->origin = xrealloc(l->origin, l->cap * sizeof *l->origin);
	}
	l->item[l->n] = xstrdup(s);
	l->origin[l->n] = xstrdup(origin ? origin : "");
	l->n++;
}

void strlist_addf(struct strlist *l, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *m;
	if (vasprintf(&m, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	strlist_add(l, m, NULL);
	free(m);
}

void strlist_clear(struct strlist *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->item[i]);
		free(l->origin[i]);
	}
	l->n = 0;
}

bool strlist_contains(const struct strlist *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->item[i], s) == 0)
			return true;
	return false;
}

void strlist_free(struct strlist *l)
{
	strlist_clear(l);
	free(l->item);
	free(l->origin);
	l->item = l->origin = NULL;
	l->cap = 0;
}

size_t split_words(const char *s, struct strlist *l, const char *origin)
{
	size_t added = 0;
	while (*s) {
		s += strspn(s, " \t");
		size_t len = strcspn(s, " \t");
		if (!len)
			break;
		char *w = strndup(s, len);
		if (!w)
			die("out of memory");
		strlist_add(l, w, origin);
		free(w);
		added++;
		s += len;
	}
	return added;
}

int parse_bool(const char *s)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };
	for (size_t i = 0; i < 4; i++) {
		if (strcmp(s, yes[i]) == 0)
			return 1;
		if (strcmp(s, no[i]) == 0)
			return 0;
	}
	return -1;
}

size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 64 || lb > 64)
		return (size_t)-1;
	size_t row[65];
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
			size_t best = diag + cost;
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

const char *closest(const char *word, const char *const *candidates, size_t n)
{
	const char *best = NULL;
	size_t best_d = 3; /* suggest only near misses */
	for (size_t i = 0; i < n; i++) {
		size_t d = edit_distance(word, candidates[i]);
		if (d < best_d) {
			best_d = d;
			best = candidates[i];
		}
	}
	return best;
}
