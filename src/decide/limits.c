/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "decide/limits.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum unit {
	SECONDS,
	BYTES,
	COUNT
};

/* One row per key: its unit, and what a report says of it. */
static const struct {
	enum unit unit;
	const char *expected; /* for "bad value" */
} limit_table[N_LIMITS] = {
	[LIMIT_CPU] = { SECONDS, "seconds of CPU time: 60, 90s, 5m, 1h" },
	[LIMIT_AS] = { BYTES, "bytes: 1073741824, 512K, 512M, 4G" },
	[LIMIT_FSIZE] = { BYTES, "bytes: 1073741824, 512K, 512M, 4G" },
	[LIMIT_NOFILE] = { COUNT, "a number of descriptors" },
	[LIMIT_NPROC] = { COUNT, "a number of processes" },
	[LIMIT_TIMEOUT] = { SECONDS, "seconds: 60, 90s, 5m, 1h" },
};

const char *const limit_names[N_LIMITS] = {
	[LIMIT_CPU] = "cpu",           [LIMIT_AS] = "address-space", [LIMIT_FSIZE] = "file-size",
	[LIMIT_NOFILE] = "open-files", [LIMIT_NPROC] = "processes",  [LIMIT_TIMEOUT] = "timeout",
};

/* Suffixes, each with its factor, by unit. */
static const struct {
	enum unit unit;
	char suffix;
	uint64_t factor;
} suffixes[] = {
	{ SECONDS, 's', 1 },        { SECONDS, 'm', 60 },       { SECONDS, 'h', 3600 },
	{ BYTES, 'K', 1ULL << 10 }, { BYTES, 'M', 1ULL << 20 }, { BYTES, 'G', 1ULL << 30 },
	{ BYTES, 'T', 1ULL << 40 },
};

/* Seconds stay below what a timespec and RLIMIT_CPU hold on every
 * architecture (a 32-bit time_t). */
#define MAX_SECONDS ((uint64_t)INT32_MAX)

/* 0 and the value, or -1. */
static int parse_value(enum limit l, const char *text, uint64_t *out)
{
	if (strcmp(text, "infinity") == 0) {
		*out = LIMIT_UNSET;
		return 0;
	}
	char *end;
	errno = 0;
	if (text[0] < '0' || text[0] > '9')
		return -1;
	unsigned long long n = strtoull(text, &end, 10);
	uint64_t factor = 1;
	if (*end) {
		size_t i = 0, count = sizeof suffixes / sizeof suffixes[0];
		while (i < count &&
		       (suffixes[i].unit != limit_table[l].unit || suffixes[i].suffix != *end))
			i++;
		if (i == count || end[1])
			return -1;
		factor = suffixes[i].factor;
	}
	if (errno || n == 0 || n > UINT64_MAX / factor / 2)
		return -1;
	*out = n * factor;
	if (limit_table[l].unit == SECONDS && *out > MAX_SECONDS)
		return -1;
	return 0;
}

int limits_validate(const struct limit_text *t, struct strlist *errors)
{
	int n = 0;
	for (int l = 0; l < N_LIMITS; l++)
		for (size_t i = 0; i < t->value[l].n; i++) {
			uint64_t v;
			const char *origin = t->value[l].origin[i];
			char *e = NULL;
			if (i && strcmp(t->value[l].origin[i - 1], origin) == 0)
				e = xasprintf("%s: %s takes one value, not \"%s %s\" (write units "
					      "without a space: 90s, 512M)",
					      origin, limit_names[l], t->value[l].item[i - 1],
					      t->value[l].item[i]);
			else if (parse_value(l, t->value[l].item[i], &v) == 0)
				continue;
			else
				e = xasprintf(
					"%s: bad value \"%s\" for %s (expected %s, or infinity; "
					"see sandbox-run.profile(5))",
					t->value[l].origin[i], t->value[l].item[i], limit_names[l],
					limit_table[l].expected);
			strlist_add(errors, e, NULL);
			free(e);
			n++;
		}
	return n;
}

void limits_resolve(const struct limit_text *profile, const struct limit_text *defaults,
		    struct limits *out)
{
	memset(out, 0, sizeof *out);
	for (int l = 0; l < N_LIMITS; l++) {
		const struct strlist *s = profile->value[l].n ? &profile->value[l] :
					  defaults            ? &defaults->value[l] :
								NULL;
		out->value[l] = LIMIT_UNSET;
		if (!s || !s->n || parse_value(l, s->item[s->n - 1], &out->value[l]) < 0)
			continue; /* validated before: a bad value is never resolved */
		if (out->value[l] == LIMIT_UNSET)
			continue;
		out->origin[l] = xstrdup(s->origin[s->n - 1]);
		out->text[l] = xstrdup(s->item[s->n - 1]);
	}
}

void limit_format(enum limit l, uint64_t v, char *buf, size_t size)
{
	if (v == LIMIT_UNSET) {
		snprintf(buf, size, "infinity");
		return;
	}
	/* Sizes in the largest unit that holds them exactly: 512M, not 536870912. */
	char suffix[2] = "";
	uint64_t factor = 1;
	for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
		if (suffixes[i].unit == BYTES && limit_table[l].unit == BYTES &&
		    v % suffixes[i].factor == 0) {
			suffix[0] = suffixes[i].suffix;
			factor = suffixes[i].factor;
		}
	snprintf(buf, size, "%llu%s", (unsigned long long)(v / factor), suffix);
}

void limit_text_free(struct limit_text *t)
{
	for (int l = 0; l < N_LIMITS; l++)
		strlist_free(&t->value[l]);
}

void limits_free(struct limits *l)
{
	for (int i = 0; i < N_LIMITS; i++) {
		free(l->origin[i]);
		free(l->text[i]);
	}
}
