/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What deciding a policy needs to know of this machine, gathered before
 * it: which of the named files exist and what they are, their real paths,
 * what the preload rules' globs match, the lines of input lists, the
 * interpreters of the profile's exec entries, the variables preload rules
 * name, and where preloaded libraries with $ORIGIN are. policy_gather is
 * the only stage of deciding a policy that asks the system; policy_build
 * reads these facts and nothing else, so a unit test can give it a
 * machine of its own (tests/unit/test-policy.c). */
#ifndef SR_FACTS_H
#define SR_FACTS_H

#include <stdbool.h>
#include <stddef.h>

#include "decide/policy.h"
#include "base/util.h"

/* What stat() said of a path. A path nothing was gathered for is
 * KIND_MISSING: policy_build grants what it would for a missing file. */
enum file_kind {
	KIND_MISSING,
	KIND_REGULAR,
	KIND_DIRECTORY,
	KIND_FIFO,
	KIND_SOCKET,
	KIND_OTHER
};

struct fact {
	char *key; /* a path, a glob, a variable's name, a library */
	int kind; /* paths: enum file_kind */
	bool has_kind;
	char *value; /* paths: realpath(); variables: their value;
			       * libraries: the file ld.so loads; NULL for none */
	bool has_value;
	struct strlist lines; /* globs: what they match; lists: their lines;
			       * exec entries: their interpreters, with origin */
};

/* Facts by key: found by hash, as file -f names thousands of files. */
struct fact_table {
	struct fact *v;
	size_t n, cap;
	size_t *slots; /* index + 1, 0 for none */
	size_t n_slots;
};

struct policy_facts {
	struct fact_table paths; /* kind and real path of each file asked about */
	struct fact_table globs; /* preload rules' read and write patterns */
	struct fact_table lists; /* input lists (file -f LIST) */
	struct fact_table interps; /* the profile's exec entries */
	struct fact_table env; /* variables named by preload rules */
	struct fact_table libs; /* preloaded names only $ORIGIN can resolve */
	struct fact_table ipc; /* preload rules' [ipc]: the calls on the ids
				   * of their System V objects, or why not */
};

/* The I/O stage: asks the system what policy_build will need for this
 * input, and nothing more (no stat or realpath it would not have made). */
void policy_gather(const struct policy_input *in, struct policy_facts *f);
/* The pure stage (policy.c): the policy from the input and these facts
 * alone; exits 125 on an inconsistent input. policy_from_system is
 * policy_gather, then this. */
void policy_build(const struct policy_input *in, const struct policy_facts *f, struct policy *p);
void policy_facts_free(struct policy_facts *f);

/* Recording a fact (policy_gather, and unit tests). */
void facts_set_kind(struct policy_facts *f, const char *path, enum file_kind kind);
void facts_set_real(struct policy_facts *f, const char *path, const char *real);
void facts_add_match(struct policy_facts *f, const char *glob, const char *match);
void facts_add_line(struct policy_facts *f, const char *list, const char *line);
void facts_add_interp(struct policy_facts *f, const char *entry, const char *interp,
		      const char *origin);
void facts_set_env(struct policy_facts *f, const char *name, const char *value);
void facts_set_lib(struct policy_facts *f, const char *lib, const char *path);
/* A line of a rule's [ipc] calls (NULL: none yet), or the reason they
 * could not be made (ipc.h). */
void facts_add_ipc(struct policy_facts *f, const char *rule, const char *line, const char *origin);
void facts_set_ipc_error(struct policy_facts *f, const char *rule, const char *error);

/* Reading them (policy_from_system). */
enum file_kind facts_kind(const struct policy_facts *f, const char *path);
const char *facts_real(const struct policy_facts *f, const char *path);
/* What a glob matched (itself when no file did: GLOB_NOCHECK); NULL when
 * nothing was gathered for it, which policy_build reads as a match of
 * itself too. */
const struct strlist *facts_matches(const struct policy_facts *f, const char *glob);
/* NULL: none, or a list that could not be read. */
const struct strlist *facts_lines(const struct policy_facts *f, const char *list);
const struct strlist *facts_interps(const struct policy_facts *f, const char *entry);
const char *facts_env(const struct policy_facts *f, const char *name);
const char *facts_lib(const struct policy_facts *f, const char *lib);
/* A rule's [ipc] calls, NULL for none; *error is set when they could not
 * be made. */
const struct strlist *facts_ipc(const struct policy_facts *f, const char *rule, const char **error);

/* A companion-inputs name for a declared input: pattern's % replaced by
 * the input's file name, in the input's directory ("%.debug"); NULL when
 * the pattern has no % (--check says so). Allocated. */
char *companion_name(const char *path, const char *pattern);
/* The directory an output prefix DIR/P creates in: DIR, or the whole
 * prefix when it ends in a slash. Allocated. */
char *output_prefix_dir(const char *prefix);

#endif
