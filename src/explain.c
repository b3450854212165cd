#include "explain.h"

#include <stdio.h>
#include <string.h>

#include "landlock.h"
#include "promises.h"

static void print_access(unsigned a)
{
	static const struct {
		unsigned bit;
		const char *word;
	} words[] = {
		{ ACC_READ_FILE, "read" }, { ACC_READ_DIR, "list" }, { ACC_WRITE, "write" },
		{ ACC_EXEC, "execute" }, { ACC_CREATE, "create" }, { ACC_IOCTL_DEV, "ioctl" },
	};
	const char *sep = "";
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (a & words[i].bit) {
			printf("%s%s", sep, words[i].word);
			sep = ",";
		}
}

static void print_promises(const struct policy *p)
{
	printf("promises:\n");
	for (size_t i = 0; i < promise_count(); i++) {
		if (!p->promise[i])
			continue;
		const struct promise *pr = promise_at(i);
		printf("  %-10s %s\n", pr->name, p->promise_why[i]);
		printf("    ");
		const char *prev = "";
		for (size_t j = 0; j < pr->nrules; j++) {
			const struct sys_rule *r = &pr->rules[j];
			if (rule_nr(r) < 0 || strcmp(prev, r->name) == 0)
				continue;
			printf("%s%s%s", *prev ? " " : "", r->name, r->ncond ? "(*)" : "");
			prev = r->name;
		}
		printf("\n");
	}
	printf("    (*) with argument conditions: sandbox-run --list-promises=NAME\n");
	for (size_t i = 0; i < p->allow.n; i++)
		printf("  allow %s  %s\n", p->allow.item[i], p->allow.origin[i]);
}

static void print_landlock(const struct policy *p)
{
	int abi = landlock_abi();
	printf("landlock: %s (kernel ABI %d, needed %u)\n", landlock_mode_names[p->landlock],
	       abi < 0 ? 0 : abi, p->landlock_abi_needed);
	for (size_t i = 0; i < p->n_grants; i++) {
		const struct grant *g = &p->grants[i];
		printf("  ");
		print_access(g->access);
		printf(" %s  %s%s\n", g->path, g->why, g->create_first ? " (created first)" : "");
	}
	if (!p->restrict_tcp)
		printf("  TCP: unrestricted (promise inet, no port list)\n");
	else if (!p->n_ports)
		printf("  TCP: no bind or connect\n");
	for (size_t i = 0; i < p->n_ports; i++)
		printf("  TCP %s port %u  %s\n", p->ports[i].bind ? "bind" : "connect",
		       p->ports[i].port, p->ports[i].why);
	printf("  signals and abstract unix sockets: scoped to the sandbox (ABI 6)\n");
}

void explain_print(const struct policy *p, unsigned bpf_instructions)
{
	printf("command: %s\n", p->target);
	printf("profile: %s%s%s\n", p->profile_path, p->description ? " -- " : "",
	       p->description ? p->description : "");
	printf("files read:\n");
	for (size_t i = 0; i < p->files.n; i++)
		printf("  %s (%s)\n", p->files.item[i], p->files.origin[i]);
	printf("on-violation: %s; reports: %s\n", violation_names[p->on_violation],
	       log_names[p->log]);
	print_promises(p);
	print_landlock(p);
	printf("preloaded libraries:%s\n", p->preload_notes.n || p->unknown_preloads.n ? "" : " none");
	for (size_t i = 0; i < p->preload_notes.n; i++)
		printf("  %s\n", p->preload_notes.item[i]);
	for (size_t i = 0; i < p->unknown_preloads.n; i++)
		printf("  %s (%s): no rule knows it\n", p->unknown_preloads.item[i],
		       p->unknown_preloads.origin[i]);
	printf("capabilities: all dropped; no_new_privs: set\n");
	printf("seccomp: %u BPF instructions; unknown calls get ENOSYS; denied calls %s\n",
	       bpf_instructions, policy_supervised(p) ? "go to the supervisor" :
	       p->on_violation == VIOLATION_KILL ? "kill the process" : "get EPERM");
}
