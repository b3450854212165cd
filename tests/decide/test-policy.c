/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Deciding, part 3: the policy. Profile text and facts about a machine in,
 * struct policy out, through policy_build, which asks the system nothing:
 * every path here is made up (/data, /out ... need not exist), and what
 * they are is what the facts say. */
#include <stdlib.h>
#include <string.h>

#include "decide/args.h"
#include "decide/facts.h"
#include "decide/policy.h"
#include "decide/preload.h"
#include "decide/profile.h"
#include "decide/settings.h"
#include "decide/target.h"
#include "catalogue/promises.h"
#include "../lib/tap.h"

/* One run: a profile's text, a command line, and what the machine holds. */
struct run {
	struct settings settings;
	struct target target;
	struct profile profile;
	struct preloads preloads;
	struct arg_files args;
	struct policy_facts facts;
	struct policy policy;
	const char *on_violation; /* --on-violation, or NULL */
	char *words;
	char *argv[32];
	int argc;
};

static void start(struct run *r, const char *ini, const char *cmdline)
{
	memset(r, 0, sizeof *r);
	struct strlist errors = { 0 };
	if (profile_parse("/etc/sandbox-run/profiles/tool.ini", ini, &r->profile, &errors)) {
		for (size_t i = 0; i < errors.n; i++)
			printf("# %s\n", errors.item[i]);
		printf("Bail out! the test's profile does not parse\n");
		exit(99);
	}
	strlist_free(&errors);
	r->words = xstrdup(cmdline);
	for (char *w = strtok(r->words, " "); w && r->argc < 31; w = strtok(NULL, " "))
		r->argv[r->argc++] = w;
	r->target.path = xstrdup("/usr/bin/tool");
	r->target.name = xstrdup("tool");
	strlist_add(&r->target.exec, "/usr/bin/tool", "the command");
	r->settings.log = REPORT_NONE;
	r->settings.on_violation = VIOLATION_DENY;
	r->settings.unknown_preload = UNKNOWN_IGNORE;
}

static void decide(struct run *r)
{
	args_classify(&r->profile, r->argc, r->argv, &r->args);
	struct policy_input in = {
		.settings = &r->settings, .on_violation = r->on_violation, .target = &r->target,
		.argc = r->argc, .argv = r->argv,
		.profile_path = "/etc/sandbox-run/profiles/tool.ini", .profile = &r->profile,
		.preloads = &r->preloads, .args = &r->args,
	};
	policy_build(&in, &r->facts, &r->policy);
}

static void finish(struct run *r)
{
	policy_free(&r->policy);
	policy_facts_free(&r->facts);
	args_free(&r->args);
	profile_free(&r->profile);
	target_free(&r->target);
	free(r->preloads.path);
	free(r->preloads.rule);
	strlist_free(&r->preloads.libs);
	free(r->words);
}

static const struct grant *grant_of(const struct policy *p, const char *path)
{
	for (size_t i = 0; i < p->n_grants; i++)
		if (strcmp(p->grants[i].path, path) == 0)
			return &p->grants[i];
	return NULL;
}

/* The access granted to path, 0 for none. */
static unsigned access_of(const struct policy *p, const char *path)
{
	const struct grant *g = grant_of(p, path);
	return g ? g->access : 0;
}

static bool has_promise(const struct policy *p, const char *name)
{
	int i = promise_lookup(name);
	return i >= 0 && p->promise[i];
}

static const char *const input_profile =
	"[profile]\npromises = stdio rpath\n"
	"[filesystem]\nwrite = /out\n"
	"[arguments]\noperands = input\ninput-options = -m\ninput-list-options = -f\n"
	"input-tree-options = -L\ncompanion-inputs = %.debug\n";

/* A change that made declared inputs writable once passed every unit
 * test: each kind of declared input is granted reading, exactly. */
static void test_inputs_read_only(void)
{
	struct run r;
	start(&r, input_profile,
	      "tool -m /data/magic -f /data/list -L /data/lib /data/in.bin /data/dir");
	facts_set_kind(&r.facts, "/data/magic", KIND_REGULAR);
	facts_set_kind(&r.facts, "/data/in.bin", KIND_REGULAR);
	facts_set_kind(&r.facts, "/data/in.bin.debug", KIND_REGULAR);
	facts_set_kind(&r.facts, "/data/list", KIND_REGULAR);
	facts_add_line(&r.facts, "/data/list", "/data/listed");
	facts_set_kind(&r.facts, "/data/listed", KIND_REGULAR);
	facts_set_kind(&r.facts, "/data/lib", KIND_DIRECTORY);
	facts_set_kind(&r.facts, "/data/dir", KIND_DIRECTORY);
	facts_set_real(&r.facts, "/data/dir", "/real/dir");
	decide(&r);
	const struct policy *p = &r.policy;

	ok(access_of(p, "/data/in.bin") == ACC_READ_FILE, "an input operand: read, nothing more");
	ok(access_of(p, "/data/magic") == ACC_READ_FILE, "an input option's value: read only");
	ok(access_of(p, "/data/list") == ACC_READ_FILE, "an input list: read only");
	ok(access_of(p, "/data/listed") == ACC_READ_FILE, "a file an input list names: read only");
	ok(access_of(p, "/data/lib") == ACC_READ, "an input tree: read beneath, nothing more");
	ok(access_of(p, "/data/in.bin.debug") == ACC_READ_FILE,
	   "a companion input that exists: read only");
	ok(access_of(p, "/data/dir") == 0 && strlist_contains(&p->listable, "/real/dir"),
	   "a directory operand (directory-operands = self): no grant, listed by the broker");
	ok(access_of(p, "/out") == (ACC_READ | ACC_WRITE),
	   "the profile's write path is writable (the test can tell)");
	unsigned writes = ACC_WRITE | ACC_CREATE | ACC_MAKE_TREE | ACC_EXEC | ACC_IOCTL_DEV;
	size_t inputs = 0, writable = 0;
	for (size_t i = 0; i < p->n_grants; i++) {
		const char *why = p->grants[i].why;
		if (strncmp(why, "declared input", 14) && strncmp(why, "companion of declared", 21))
			continue;
		inputs++;
		if (p->grants[i].access & writes) {
			writable++;
			printf("# writable input: %s (%s)\n", p->grants[i].path, why);
		}
	}
	ok(inputs == 6 && writable == 0, "no declared input is writable (%zu of %zu)", writable,
	   inputs);
	finish(&r);

	start(&r, input_profile, "tool -L /data/lib /data/dir");
	r.profile.directory_operands = DIR_TREE;
	facts_set_kind(&r.facts, "/data/dir", KIND_DIRECTORY);
	facts_set_kind(&r.facts, "/data/lib", KIND_DIRECTORY);
	decide(&r);
	ok(access_of(&r.policy, "/data/dir") == ACC_READ,
	   "a directory operand with directory-operands = tree: read beneath, nothing more");
	finish(&r);
}

/* The facts decide, not the machine: the same command line with other facts. */
static void test_facts_decide(void)
{
	struct run r;
	start(&r, input_profile, "tool /data/in.bin");
	decide(&r);
	ok(access_of(&r.policy, "/data/in.bin") == ACC_READ_FILE && !r.policy.listable.n,
	   "an input nothing is known of is granted as a file (it may appear)");
	finish(&r);
	start(&r, input_profile, "tool /data/in.bin");
	facts_set_kind(&r.facts, "/data/in.bin", KIND_DIRECTORY);
	facts_set_real(&r.facts, "/data/in.bin", "/elsewhere");
	decide(&r);
	ok(access_of(&r.policy, "/data/in.bin") == 0 &&
		   strlist_contains(&r.policy.listable, "/elsewhere"),
	   "the same input, a directory by the facts: listed at its real path instead");
	finish(&r);
	start(&r, input_profile, "tool /data/in.bin");
	facts_set_kind(&r.facts, "/data/in.bin", KIND_REGULAR);
	decide(&r);
	ok(access_of(&r.policy, "/data/in.bin.debug") == 0,
	   "a companion the facts do not list is not granted");
	finish(&r);
}

static const char *const output_profile =
	"[profile]\npromises = stdio rpath\n"
	"[arguments]\noperands = input output\noutput-directory-options = -d\n"
	"output-prefix-options = -p\nclustered-short-options = no\n";

static const struct output *output_named(const struct policy *p, const char *name)
{
	for (size_t i = 0; i < p->n_outputs; i++)
		if (strcmp(p->outputs[i].name, name) == 0)
			return &p->outputs[i];
	return NULL;
}

static void test_outputs(void)
{
	struct run r;
	start(&r, output_profile, "tool /data/in /out/result.txt");
	facts_set_real(&r.facts, "/out", "/real/out");
	decide(&r);
	const struct output *o = output_named(&r.policy, "result.txt");
	ok(o && strcmp(o->dir, "/real/out") == 0 && !o->pattern && !o->tree,
	   "a declared output is brokered in its directory's real path");
	ok(access_of(&r.policy, "/out/result.txt") == 0 && access_of(&r.policy, "/out") == 0,
	   "a new output: nothing granted to Landlock, neither it nor its directory");
	ok(access_of(&r.policy, "/data/in") == ACC_READ_FILE, "... and the input stays read only");
	finish(&r);

	start(&r, output_profile, "tool /data/in /out/result.txt");
	facts_set_real(&r.facts, "/out", "/real/out");
	facts_set_kind(&r.facts, "/out/result.txt", KIND_REGULAR);
	decide(&r);
	ok(access_of(&r.policy, "/out/result.txt") == (ACC_READ_FILE | ACC_WRITE),
	   "an existing output file: read and write, no create");
	finish(&r);

	start(&r, output_profile, "tool /data/in /gone/result.txt");
	decide(&r);
	ok(r.policy.n_outputs == 0 && access_of(&r.policy, "/gone/result.txt") == 0,
	   "an output whose directory is missing: nothing granted");
	finish(&r);

	start(&r, output_profile, "tool /data/in /out/page-%d.png");
	facts_set_real(&r.facts, "/out", "/real/out");
	facts_set_kind(&r.facts, "/out/page-%d.png", KIND_REGULAR);
	decide(&r);
	o = output_named(&r.policy, "page-%d.png");
	ok(o && o->pattern && access_of(&r.policy, "/out/page-%d.png") == 0,
	   "a pattern output: new names only, never the existing file");
	finish(&r);

	start(&r, output_profile, "tool -d /x/new /data/in");
	facts_set_real(&r.facts, "/x", "/real/x");
	decide(&r);
	o = r.policy.n_outputs ? &r.policy.outputs[0] : NULL;
	ok(o && o->tree && strcmp(o->dir, "/real/x/new") == 0 && strcmp(o->arg, "/x/new") == 0,
	   "an output directory to be made: brokered as a tree in its parent's real path");
	finish(&r);

	start(&r, output_profile, "tool -p /out/p /data/in");
	facts_set_real(&r.facts, "/out", "/real/out");
	decide(&r);
	o = output_named(&r.policy, "p");
	ok(o && o->prefix && o->pattern && strcmp(o->dir, "/real/out") == 0,
	   "an output prefix: new names starting with it, in its directory");
	finish(&r);
}

static void test_tmppath(void)
{
	struct run r;
	start(&r, "[profile]\npromises = stdio tmppath\n", "tool");
	decide(&r);
	r.policy.landlock_abi = 6; /* as main.c sets it, on a kernel with all of Landlock */
	ok(r.policy.private_tmp && policy_supervised(&r.policy) && r.policy.tmpdir_fd == -1,
	   "tmppath: a private temporary directory, which needs the supervisor");
	finish(&r);
	start(&r, "[profile]\npromises = stdio\n", "tool");
	decide(&r);
	r.policy.landlock_abi = 6;
	ok(!r.policy.private_tmp && !policy_supervised(&r.policy),
	   "without tmppath: none, and (log = none, deny) no supervisor");
	finish(&r);
}

/* A known preloaded library with its rule, and an unknown one. */
static void add_preload(struct run *r, const char *lib, const char *path, int rule)
{
	size_t n = r->preloads.libs.n;
	strlist_add(&r->preloads.libs, lib, "LD_PRELOAD");
	r->preloads.path = xrealloc(r->preloads.path, (n + 1) * sizeof *r->preloads.path);
	r->preloads.rule = xrealloc(r->preloads.rule, (n + 1) * sizeof *r->preloads.rule);
	r->preloads.path[n] = (char *)path;
	r->preloads.rule[n] = rule;
}

static void test_preload_rules(void)
{
	struct preload_rule rule = { .path = "/etc/sandbox-run/preload.d/shm.ini" };
	strlist_add(&rule.write, "/dev/shm/tool_shm_*", "shm.ini:5");
	strlist_add(&rule.read, "/etc/tool.d", "shm.ini:6");
	strlist_add(&rule.connect_tcp_env, "TOOL_PORT", "shm.ini:7");
	strlist_add(&rule.allow, "ioctl", "shm.ini:8");

	struct run r;
	start(&r, "[profile]\npromises = stdio\n", "tool");
	r.preloads.rules = &rule;
	r.preloads.n_rules = 1;
	add_preload(&r, "/usr/lib/libshm.so", "/usr/lib/libshm.so", 0);
	add_preload(&r, "libunknown.so", NULL, -1);
	facts_add_match(&r.facts, "/dev/shm/tool_shm_*", "/dev/shm/tool_shm_1");
	facts_add_match(&r.facts, "/dev/shm/tool_shm_*", "/dev/shm/tool_shm_2");
	facts_set_kind(&r.facts, "/dev/shm/tool_shm_1", KIND_REGULAR);
	facts_set_kind(&r.facts, "/dev/shm/tool_shm_2", KIND_REGULAR);
	facts_set_kind(&r.facts, "/etc/tool.d", KIND_DIRECTORY);
	facts_set_env(&r.facts, "TOOL_PORT", "4242");
	decide(&r);
	const struct policy *p = &r.policy;

	ok(access_of(p, "/usr/lib/libshm.so") == ACC_READ_FILE,
	   "a preloaded library: read, for ld.so");
	const struct grant *g1 = grant_of(p, "/dev/shm/tool_shm_1"),
			   *g2 = grant_of(p, "/dev/shm/tool_shm_2");
	ok(g1 && g2 && g1->access == (ACC_READ_FILE | ACC_WRITE) && g1->quiet_missing &&
		   g2->access == g1->access,
	   "a rule's write glob: each file it matches, read and write, quiet if gone");
	ok(access_of(p, "/dev/shm/tool_shm_*") == 0, "... not the pattern itself");
	ok(access_of(p, "/etc/tool.d") == ACC_READ, "a rule's read directory: read beneath");
	ok(p->n_ports == 1 && p->ports[0].port == 4242 && !p->ports[0].bind && p->restrict_tcp,
	   "connect-tcp-env: the port in the variable, TCP narrowed to it");
	ok(strlist_contains(&p->allow, "ioctl"), "the rule's allow lines");
	ok(p->preload_notes.n == 1 && strstr(p->preload_notes.item[0], "shm.ini"),
	   "--explain's note names the rule");
	ok(p->unknown_preloads.n == 1 && strcmp(p->unknown_preloads.item[0], "libunknown.so") == 0,
	   "a library no rule knows is listed as unknown");
	finish(&r);

	start(&r, "[profile]\npromises = stdio\n", "tool");
	r.preloads.rules = &rule;
	r.preloads.n_rules = 1;
	add_preload(&r, "/usr/lib/libshm.so", "/usr/lib/libshm.so", 0);
	decide(&r);
	ok(access_of(&r.policy, "/dev/shm/tool_shm_*") == (ACC_READ_FILE | ACC_WRITE) &&
		   r.policy.n_ports == 0,
	   "a glob nothing was gathered for stands for itself; an unset variable, no port");
	finish(&r);

	start(&r, "[profile]\npromises = stdio inet\n", "tool");
	r.preloads.rules = &rule;
	r.preloads.n_rules = 1;
	add_preload(&r, "/usr/lib/libshm.so", "/usr/lib/libshm.so", 0);
	facts_set_env(&r.facts, "TOOL_PORT", "4242");
	decide(&r);
	ok(!r.policy.restrict_tcp && has_promise(&r.policy, "inet"),
	   "a rule's port never narrows a profile's inet");
	finish(&r);
	strlist_free(&rule.write);
	strlist_free(&rule.read);
	strlist_free(&rule.connect_tcp_env);
	strlist_free(&rule.allow);
}

static void test_landlock_modes(void)
{
	static const struct {
		const char *label, *line;
		int mode;
		bool below6; /* with no Landlock on this kernel */
	} cases[] = {
		{ "no landlock key", "", LANDLOCK_REQUIRED, true },
		{ "landlock = required", "landlock = required\n", LANDLOCK_REQUIRED, true },
		{ "landlock = best-effort", "landlock = best-effort\n", LANDLOCK_BEST_EFFORT, true },
		{ "landlock = off", "landlock = off\n", LANDLOCK_OFF, false },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *ini = xstrjoin("[profile]\npromises = stdio\n", cases[i].line, NULL);
		struct run r;
		start(&r, ini, "tool");
		decide(&r);
		r.policy.landlock_abi = 0;
		ok(r.policy.landlock == cases[i].mode && r.policy.landlock_abi_needed == 1 &&
			   landlock_below(&r.policy, 6) == cases[i].below6,
		   "%s: mode %s; without Landlock the other layers keep %s", cases[i].label,
		   landlock_mode_names[cases[i].mode], cases[i].below6 ? "its scopes" : "nothing");
		finish(&r);
		free(ini);
	}
}

static void test_modes(void)
{
	struct run r;
	start(&r, "[profile]\npromises = stdio\non-violation = kill\n", "tool");
	decide(&r);
	ok(r.policy.on_violation == VIOLATION_KILL, "the profile's on-violation over the settings'");
	finish(&r);
	start(&r, "[profile]\npromises = stdio\non-violation = kill\n", "tool");
	r.on_violation = "report";
	decide(&r);
	ok(r.policy.on_violation == VIOLATION_REPORT && policy_supervised(&r.policy),
	   "--on-violation over the profile's; report needs the supervisor");
	finish(&r);
}

int main(void)
{
	test_inputs_read_only();
	test_facts_decide();
	test_outputs();
	test_tmppath();
	test_preload_rules();
	test_landlock_modes();
	test_modes();
	return tap_done();
}
