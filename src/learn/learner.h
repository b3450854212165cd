/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the parts of --learn share: what the observer recorded (struct
 * learner), what the profile will say (struct draft), and the functions
 * one part asks of another. learn.c starts a run, observe.c observes it,
 * masks.c reads the catalogue as the filter does, draft.c chooses the
 * promises, paths.c the paths and ports, write.c writes or merges the
 * profile. Only learn/ includes this. */
#ifndef SR_LEARNER_H
#define SR_LEARNER_H

#include <seccomp.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "base/util.h"
#include "catalogue/promises.h"
#include "decide/policy.h"
#include "decide/preload.h"
#include "decide/profile.h"
#include "learn/learn.h"
#include "learn/learnargs.h"

#define MAX_NR 1024 /* syscall numbers counted (x86_64 has < 512) */
#define N(a) (sizeof a / sizeof a[0])
_Static_assert(MAX_PROMISES <= 32, "promise sets are 32-bit masks here");
/* One kind of call as the catalogue sees it: the syscall and the promises
 * whose rules (with their argument conditions) would allow it. */
struct elem {
	int nr;
	uint32_t mask;
	unsigned long count;
	char *first; /* the first of these calls, decoded, for the profile's comment */
	char *path; /* a create or write a broker could serve: its file, else NULL */
};

struct learner {
	const struct learn_input *in;
	pid_t pid; /* the target's */
	/* from the file being merged into */
	bool merging;
	struct profile old;
	char *old_text; /* the file as it was: merging edits this text */
	char *last_text; /* as last written (a merge is written once per change) */
	/* observed */
	struct elem *elems;
	size_t n_elems;
	unsigned long calls[MAX_NR];
	struct strlist reads, writes, creates, execs, connect, bind;
	bool exec_done, dirty, written;
};

/* What the profile will say, computed from the observations. */
struct draft {
	bool promise[MAX_PROMISES];
	struct strlist needs; /* "promise: call N times, ..." */
	uint32_t had; /* promises granted before: merged file, preload rules */
	struct strlist old_outputs; /* the merged file's declared outputs (declared_output) */
	struct learned_args args; /* the outputs the command line named */
	bool new_keys; /* [arguments] keys of output directories, prefixes, roles */
	struct strlist allow; /* origin: how often */
	struct strlist never;
	struct strlist read, write, exec, connect, bind, created_elsewhere;
};

static inline bool has_prefix(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The rule that knows preloaded library i, or NULL. */
static inline const struct preload_rule *rule_of(const struct preloads *pl, size_t i)
{
	return pl->rule && pl->rule[i] >= 0 ? &pl->rules[pl->rule[i]] : NULL;
}

/* masks.c: the catalogue, read the way the kernel evaluates the filter */
uint32_t learn_implicit_mask(void);
uint32_t learn_mask_of(const struct strlist *promises);
uint32_t learn_promise_mask(int nr, const uint64_t *args, pid_t self);

/* observe.c: the observing filter and the observer */
scmp_filter_ctx learn_observing_filter(void);
/* Starts the observer beside the launcher; exits 125 on failure. */
void learn_start_observer(struct learner *l);

/* draft.c: deciding the profile's promises */
const char *learn_times(unsigned long n);
void learn_choose_promises(const struct learner *l, struct draft *d);

/* paths.c: its paths and ports */
void learn_policy_of(const struct learner *l, const bool *promise, struct policy *p);
void learn_output_entries(const struct policy *p, struct strlist *out);
bool learn_brokered_output(const struct draft *d, const char *path);
void learn_choose_paths(const struct learner *l, struct draft *d);
void learn_prefer_tmppath(const struct learner *l, struct draft *d);
void learn_choose_ports(const struct learner *l, struct draft *d);

/* write.c: writing it, or merging it into the file */
void learn_write_profile(struct learner *l);

#endif
