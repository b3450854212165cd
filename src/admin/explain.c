/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "admin/explain.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

#include "apply/landlock.h"
#include "catalogue/promises.h"

#define WIDTH 78

static const char *const violation_words[] = {
	[VIOLATION_DENY] = "a denied call fails with EPERM",
	[VIOLATION_KILL] = "a denied call kills the process with SIGSYS",
	[VIOLATION_REPORT] = "a denied call proceeds and is reported (audit mode; Landlock "
			     "still applies)",
};

/* Words separated by blanks, wrapped at WIDTH, each line indented. */
struct wrap {
	const char *indent;
	size_t col;
};

static void wrap_word(struct wrap *w, const char *word)
{
	size_t len = strlen(word);
	if (w->col && w->col + 1 + len > WIDTH) {
		printf("\n");
		w->col = 0;
	}
	if (!w->col)
		w->col = (size_t)printf("%s%s", w->indent, word);
	else
		w->col += (size_t)printf(" %s", word);
}

static void wrap_end(struct wrap *w)
{
	if (w->col)
		printf("\n");
	w->col = 0;
}

static void print_access(unsigned a)
{
	static const struct {
		unsigned bit;
		const char *word;
	} words[] = {
		{ ACC_READ_FILE, "read" },
		{ ACC_READ_DIR, "list" },
		{ ACC_WRITE, "write" },
		{ ACC_EXEC, "execute" },
		{ ACC_CREATE, "create" },
		{ ACC_IOCTL_DEV, "ioctl" },
		{ ACC_MAKE_TREE, "mkdir,symlink" },
	};
	const char *sep = "";
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (a & words[i].bit) {
			printf("%s%s", sep, words[i].word);
			sep = ",";
		}
}

static bool usable(const struct promise_call *r)
{
	return rule_nr(r) >= 0; /* on this architecture */
}

/* Each call once, in catalogue order. */
static void print_calls(const struct promise *pr)
{
	struct wrap w = { "      ", 0 };
	for (size_t j = 0; j < pr->nrules; j++) {
		const struct promise_call *r = &pr->rules[j];
		bool repeat = false;
		for (size_t k = 0; k < j; k++)
			repeat |= strcmp(pr->rules[k].name, r->name) == 0;
		if (usable(r) && !repeat)
			wrap_word(&w, r->name);
	}
	wrap_end(&w);
}

/* "fcntl: F_DUPFD | F_GETFD | ...": every condition of one call, joined. */
static void print_conditions_of(const struct promise *pr, size_t j)
{
	const char *name = pr->rules[j].name;
	struct wrap w = { "        ", 0 };
	w.col = (size_t)printf("      %s:", name);
	size_t last = j;
	for (size_t k = j; k < pr->nrules; k++)
		if (strcmp(pr->rules[k].name, name) == 0 && !rule_note_repeated(pr, j, k))
			last = k;
	for (size_t k = j; k <= last; k++) {
		const struct promise_call *o = &pr->rules[k];
		if (strcmp(o->name, name) != 0 || rule_note_repeated(pr, j, k))
			continue;
		char item[256];
		snprintf(item, sizeof item, "%s%s", o->ncond ? o->note : "any arguments",
			 k < last ? " |" : "");
		wrap_word(&w, item);
	}
	wrap_end(&w);
}

static void print_conditions(const struct promise *pr)
{
	for (size_t j = 0; j < pr->nrules; j++) {
		const struct promise_call *r = &pr->rules[j];
		bool first = true;
		for (size_t k = 0; k < j; k++)
			first &= strcmp(pr->rules[k].name, r->name) != 0;
		if (first && usable(r) && r->ncond)
			print_conditions_of(pr, j);
	}
}

static void print_promises(const struct policy *p)
{
	printf("promises (the system calls each expands to):\n");
	for (size_t i = 0; i < promise_count(); i++) {
		if (!p->promise[i])
			continue;
		const struct promise *pr = promise_at(i);
		printf("  %s: %s\n    granted by: %s\n    calls:\n", pr->name, pr->help,
		       p->promise_why[i]);
		print_calls(pr);
		printf("    argument conditions:\n");
		print_conditions(pr);
	}
	for (size_t i = 0; i < p->allow.n; i++)
		printf("  allow %s: %s\n", p->allow.item[i], p->allow.origin[i]);
	for (size_t i = 0; i < p->refuse.n; i++)
		printf("  refuse %s (EPERM, unreported): %s\n", p->refuse.item[i],
		       p->refuse.origin[i]);
	printf("  never granted: %zu calls (sandbox-run --list-promises lists them)\n",
	       never_count());
	printf("  quietly refused: %zu calls, ENOTSUP (sandbox-run --list-promises lists them)\n",
	       quiet_count());
}

static void print_landlock(const struct policy *p)
{
	int abi = landlock_abi();
	printf("landlock: %s (kernel ABI %d, this policy needs %u)\n",
	       landlock_mode_names[p->landlock], abi < 0 ? 0 : abi, p->landlock_abi_needed);
	for (size_t i = 0; i < p->n_grants; i++) {
		const struct grant *g = &p->grants[i];
		printf("  ");
		print_access(g->access);
		printf(" %s: %s\n", g->path, g->why);
	}
	if (!p->restrict_tcp)
		printf("  TCP: unrestricted (promise inet, no port list)\n");
	else if (!p->n_ports)
		printf("  TCP: no bind or connect\n");
	for (size_t i = 0; i < p->n_ports; i++)
		printf("  TCP %s port %u: %s\n", p->ports[i].bind ? "bind" : "connect",
		       p->ports[i].port, p->ports[i].why);
}

/* Each guarantee of the policy and the layer that keeps it on this kernel:
 * Landlock where its ABI has the right, else the filter and the
 * supervisor (broker.h), which keep what later ABIs added. */
static void print_layer(const struct policy *p, int abi, const char *landlock, const char *below)
{
	/* Without Landlock the broker still keeps what it keeps below ABI 6
	 * and 4 (signals, sockets, ports: landlock_below is true, as in the
	 * run); what rests on paths (reads, writes, exec, and truncation,
	 * which an O_TRUNC open would bypass) is not kept. */
	if (!p->landlock_abi && (abi <= 3 || !landlock_below(p, abi)))
		printf("not kept: no Landlock (landlock = %s)\n", landlock_mode_names[p->landlock]);
	else if (!p->landlock_abi)
		printf("seccomp + supervisor (%s; no Landlock on this kernel)\n", below);
	else if (landlock_below(p, abi))
		printf("seccomp + supervisor (%s; Landlock ABI %d has no such rule)\n", below,
		       p->landlock_abi);
	else
		printf("Landlock%s\n", landlock);
}

static void print_guarantees(const struct policy *p)
{
	int unix_promise = promise_lookup("unix"), inet = promise_lookup("inet");
	printf("guarantees, and the layer that keeps each on this kernel:\n");
	printf("  reads: declared inputs and the read set only: ");
	print_layer(p, 1, "", "");
	printf("  writes: declared names only: ");
	print_layer(p, 1, p->n_outputs ? " + supervisor (it creates the declared outputs)" : "",
		    "");
	printf("  execution: the target and declared helpers only: ");
	print_layer(p, 1, "", "");
	printf("  truncation: declared outputs only: ");
	print_layer(p, 3, " (ABI 3)", "truncate by path refused but for declared outputs");
	printf("  signals: the sandbox's own processes only: ");
	if (!p->promise[promise_lookup("proc")] && !p->promise[promise_lookup("thread")])
		printf("seccomp (no proc or thread promise: signals to itself only)\n");
	else
		print_layer(p, 6, " signal scope (ABI 6)",
			    "kill and tgkill checked by the supervisor");
	printf("  abstract Unix sockets: none: ");
	if (p->promise[unix_promise] || p->n_endpoints)
		print_layer(p, 6, " scope (ABI 6)", "connect checked by the supervisor");
	else
		printf("seccomp (no unix promise: no socket that could connect)\n");
	if (p->restrict_tcp && p->promise[inet]) {
		printf("  TCP: the listed ports only: ");
		print_layer(p, 4, " port rules (ABI 4)",
			    "connect and bind checked by the supervisor");
	} else if (!p->promise[inet]) {
		printf("  TCP: %s: seccomp (no inet promise)\n",
		       p->n_endpoints ?
			       "a preload rule's endpoints only, connected by the supervisor" :
			       "none");
	} else {
		printf("  TCP: any (promise inet without a port list)\n");
	}
}

/* An endpoint as host:port, [host]:port or its socket's path. */
static void print_endpoint(const struct endpoint *e)
{
	char host[64] = "";
	if (e->family == AF_UNIX) {
		printf("%s", e->path);
		return;
	}
	inet_ntop(e->family, e->addr, host, sizeof host);
	printf(e->family == AF_INET6 ? "[%s]:%u" : "%s:%u", host, e->port);
}

/* The rule file named in a preload note "LIB (ORIGIN): rule PATH: ...". */
static bool rule_path(const char *note, char *buf, size_t size)
{
	const char *r = strstr(note, ": rule ");
	if (!r)
		return false;
	r += strlen(": rule ");
	size_t n = strcspn(r, ":");
	snprintf(buf, size, "%.*s", (int)n, r);
	return n > 0;
}

static bool mentions(const char *text, const char *path)
{
	return text && strstr(text, path);
}

/* What a matched preload rule added: everything whose reason names it. */
static void print_rule_effects(const struct policy *p, const char *note)
{
	char path[512];
	if (!rule_path(note, path, sizeof path))
		return;
	for (size_t i = 0; i < promise_count(); i++)
		if (p->promise[i] && mentions(p->promise_why[i], path))
			printf("    adds promise %s\n", promise_at(i)->name);
	for (size_t i = 0; i < p->allow.n; i++)
		if (mentions(p->allow.origin[i], path))
			printf("    adds allow %s\n", p->allow.item[i]);
	for (size_t i = 0; i < p->refuse.n; i++)
		if (mentions(p->refuse.origin[i], path))
			printf("    adds refuse %s\n", p->refuse.item[i]);
	for (size_t i = 0; i < p->n_grants; i++)
		if (mentions(p->grants[i].why, path)) {
			printf("    adds Landlock ");
			print_access(p->grants[i].access);
			printf(" %s\n", p->grants[i].path);
		}
	for (size_t i = 0; i < p->n_ports; i++)
		if (mentions(p->ports[i].why, path))
			printf("    adds TCP %s port %u\n", p->ports[i].bind ? "bind" : "connect",
			       p->ports[i].port);
	for (size_t i = 0; i < p->n_endpoints; i++)
		if (mentions(p->endpoints[i].why, path)) {
			printf("    adds a connection to ");
			print_endpoint(&p->endpoints[i]);
			printf(" (made by the supervisor)\n");
		}
}

/* What the supervisor does on the target's behalf (broker.h). */
static void print_broker(const struct policy *p)
{
	if (!policy_brokered(p) && !p->private_tmp)
		return;
	printf("supervisor (broker, outside the sandbox):\n");
	for (size_t i = 0; i < p->n_outputs; i++) {
		const struct output *o = &p->outputs[i];
		if (o->tree)
			printf("  creates new files and directories in %s and in the directories it "
			       "made there, never touching what was there before: %s\n",
			       o->dir, o->why);
		else if (o->prefix)
			printf("  creates new files whose names start with \"%s\" in %s: %s\n",
			       o->name, o->dir, o->why);
		else
			printf(o->pattern ? "  creates new files named %s in %s: %s\n" :
					    "  creates or writes %s in %s: %s\n",
			       o->name, o->dir, o->why);
	}
	for (size_t i = 0; i < p->listable.n; i++)
		printf("  opens directory %s for listing (not beneath it): %s\n",
		       p->listable.item[i], p->listable.origin[i]);
	for (size_t i = 0; i < p->n_endpoints; i++) {
		printf("  connects to ");
		print_endpoint(&p->endpoints[i]);
		printf(": %s\n", p->endpoints[i].why);
	}
	if (p->private_tmp)
		printf("  makes a private temporary directory, TMPDIR, and removes it at the end "
		       "(promise tmppath)\n");
}

static void print_preloads(const struct policy *p)
{
	printf("preloaded libraries:%s\n",
	       p->preload_notes.n || p->unknown_preloads.n ? "" : " none");
	for (size_t i = 0; i < p->preload_notes.n; i++) {
		printf("  %s\n", p->preload_notes.item[i]);
		print_rule_effects(p, p->preload_notes.item[i]);
	}
	for (size_t i = 0; i < p->unknown_preloads.n; i++)
		printf("  %s (%s): no rule knows it; it runs under this policy and its denied "
		       "calls are reported\n",
		       p->unknown_preloads.item[i], p->unknown_preloads.origin[i]);
}

/* What each limit means, for --explain. */
static const char *const limit_words[N_LIMITS] = {
	[LIMIT_CPU] = "seconds of CPU time per process, then SIGKILL (RLIMIT_CPU)",
	[LIMIT_AS] = "bytes of memory mapped per process; allocations beyond fail (RLIMIT_AS)",
	[LIMIT_FSIZE] = "bytes at most in a file it writes, then SIGXFSZ (RLIMIT_FSIZE)",
	[LIMIT_NOFILE] = "open descriptors per process (RLIMIT_NOFILE)",
	[LIMIT_NPROC] = "processes of the user, all of them counted (RLIMIT_NPROC)",
	[LIMIT_TIMEOUT] = "seconds of wall-clock time, then the supervisor kills the "
			  "command's processes",
};

static void print_limits(const struct policy *p)
{
	printf("limits: core files off (RLIMIT_CORE 0, always)\n");
	for (int l = 0; l < N_LIMITS; l++) {
		if (p->limits.value[l] == LIMIT_UNSET)
			continue;
		printf("  %s = %s (%s): %llu %s\n", limit_names[l], p->limits.text[l],
		       p->limits.origin[l], (unsigned long long)p->limits.value[l], limit_words[l]);
	}
}

void explain_print(const struct policy *p, unsigned bpf_instructions)
{
	printf("command: %s", p->target);
	for (int i = 1; i < p->argc; i++)
		printf(" %s", p->argv[i]);
	printf("\nprofile: %s%s%s\n", p->profile_path, p->description ? ": " : "",
	       p->description ? p->description : "");
	printf("files read:\n");
	for (size_t i = 0; i < p->files.n; i++)
		printf("  %s (%s)\n", p->files.item[i], p->files.origin[i]);
	printf("on-violation: %s: %s\n", violation_names[p->on_violation],
	       violation_words[p->on_violation]);
	printf("reports: %s\n", policy_supervised(p) ? log_names[p->log] : "none (no supervisor)");
	print_promises(p);
	print_landlock(p);
	print_guarantees(p);
	print_broker(p);
	print_preloads(p);
	print_limits(p);
	printf("capabilities: all dropped; no_new_privs: set\n");
	printf("seccomp: %u BPF instructions; unknown calls get ENOSYS; denied calls %s\n",
	       bpf_instructions,
	       policy_supervised(p)              ? "go to the supervisor" :
	       p->on_violation == VIOLATION_KILL ? "kill the process" :
						   "get EPERM");
}
