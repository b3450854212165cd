/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "decide/policy.h"

#include <errno.h>
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "decide/args.h"
#include "decide/facts.h"
#include "decide/limits.h"
#include "decide/preload.h"
#include "decide/profile.h"
#include "decide/settings.h"
#include "decide/target.h"
#include "catalogue/promises.h"
#include "catalogue/sysrule.h"

/* The names of policy.h's enums, in their order, NULL-terminated: parsed
 * by the INI tables (settings.c, profile.c) and printed by --explain. */
const char *const violation_names[] = { "deny", "kill", "report", NULL };
const char *const log_names[] = { "stderr", "syslog", "both", "none", NULL };
const char *const landlock_mode_names[] = { "required", "best-effort", "off", NULL };

/* What every program needs to start and to speak the user's language. Never
 * /usr/bin, /bin, /sbin as trees: executables are granted one by one. */
static const struct {
	const char *path;
	unsigned access;
	const char *why;
} system_set[] = {
	{ "/usr/lib", ACC_READ, "shared libraries, gconv, locale archives" },
	{ "/usr/lib64", ACC_READ, "shared libraries" },
	{ "/usr/lib32", ACC_READ, "shared libraries" },
	{ "/lib", ACC_READ, "shared libraries" },
	{ "/lib64", ACC_READ, "shared libraries (the ELF interpreter's link)" },
	{ "/usr/local/lib", ACC_READ, "shared libraries" },
	{ "/etc/ld.so.cache", ACC_READ_FILE, "the dynamic loader's cache" },
	{ "/etc/ld.so.preload", ACC_READ_FILE, "the dynamic loader's preload list" },
	{ "/usr/share/locale", ACC_READ, "message catalogues" },
	{ "/usr/share/i18n", ACC_READ, "locale sources" },
	{ "/usr/share/zoneinfo", ACC_READ, "time zones" },
	{ "/etc/localtime", ACC_READ_FILE, "the local time zone" },
	{ "/etc/locale.alias", ACC_READ_FILE, "locale names" },
	{ "/dev/null", ACC_READ_FILE | ACC_WRITE, "the null device" },
	{ "/dev/zero", ACC_READ_FILE, "the zero device" },
	{ "/dev/urandom", ACC_READ_FILE, "random numbers" },
	{ "/dev/random", ACC_READ_FILE, "random numbers" },
};

/* Extra paths that come with a promise. */
static const struct {
	const char *promise;
	const char *path;
	unsigned access;
	const char *why;
} promise_paths[] = {
	{ "tty", "/dev/tty", ACC_READ_FILE | ACC_WRITE | ACC_IOCTL_DEV,
	  "the terminal (promise tty)" },
	{ "tty", "/usr/share/terminfo", ACC_READ, "terminal descriptions (promise tty)" },
	{ "tty", "/lib/terminfo", ACC_READ, "terminal descriptions (promise tty)" },
	{ "tty", "/etc/terminfo", ACC_READ, "terminal descriptions (promise tty)" },
	{ "dns", "/etc/resolv.conf", ACC_READ_FILE, "resolver configuration (promise dns)" },
	{ "dns", "/etc/hosts", ACC_READ_FILE, "host names (promise dns)" },
	{ "dns", "/etc/nsswitch.conf", ACC_READ_FILE, "name service configuration (promise dns)" },
	{ "dns", "/etc/gai.conf", ACC_READ_FILE, "address selection (promise dns)" },
};

/* Calls that come refused with a promise (refuse =, sysrule.h): glibc
 * asks nscd for a host name before it reads /etc/hosts, over a stream
 * socket that dns does not grant (any Unix socket would be reachable). */
static const struct {
	const char *promise;
	const char *call;
	const char *why;
} promise_refusals[] = {
	{ "dns", SYSRULE_NSCD_REQUEST, "promise dns: glibc's request for nscd" },
};

bool policy_promises_refuse(const struct strlist *promises, int nr, const uint64_t args[6])
{
	for (size_t i = 0; i < sizeof promise_refusals / sizeof promise_refusals[0]; i++)
		if (strlist_contains(promises, promise_refusals[i].promise) &&
		    sysrule_matches(promise_refusals[i].call, nr, args))
			return true;
	return false;
}

/* Grants are found by path through an open-addressing hash table: file -f
 * names thousands of files, and a scan per grant made that quadratic. */
static size_t path_hash(const char *path)
{
	size_t h = 14695981039346656037u; /* FNV-1a */
	for (; *path; path++)
		h = (h ^ (unsigned char)*path) * 1099511628211u;
	return h;
}

static size_t *find_slot(const struct policy *p, const char *path)
{
	size_t mask = p->n_slots - 1, i = path_hash(path) & mask;
	while (p->grant_slots[i] && strcmp(p->grants[p->grant_slots[i] - 1].path, path) != 0)
		i = (i + 1) & mask;
	return &p->grant_slots[i];
}

static void grow_slots(struct policy *p)
{
	free(p->grant_slots);
	p->n_slots = p->n_slots ? p->n_slots * 2 : 64;
	p->grant_slots = xcalloc(p->n_slots, sizeof *p->grant_slots);
	for (size_t i = 0; i < p->n_grants; i++)
		*find_slot(p, p->grants[i].path) = i + 1;
}

/* The grant for path, made or widened; flags are set on what it returns
 * (the path may have been granted before). */
static struct grant *add_grant(struct policy *p, const char *path, unsigned access, const char *why)
{
	if (2 * (p->n_grants + 1) > p->n_slots)
		grow_slots(p);
	size_t *slot = find_slot(p, path);
	if (*slot) {
		p->grants[*slot - 1].access |= access;
		return &p->grants[*slot - 1];
	}
	if (p->n_grants == p->grants_cap)
		p->grants = xrealloc(p->grants,
				     (p->grants_cap = p->grants_cap ? p->grants_cap * 2 : 32) *
					     sizeof *p->grants);
	p->grants[p->n_grants++] = (struct grant){
		.path = xstrdup(path),
		.access = access,
		.why = xstrdup(why),
	};
	*slot = p->n_grants;
	return &p->grants[p->n_grants - 1];
}

static void grant_promise(struct policy *p, const char *name, const char *why)
{
	int i = promise_lookup(name);
	if (i < 0 || p->promise[i])
		return;
	p->promise[i] = true;
	p->promise_why[i] = xstrdup(why);
}

static void add_port(struct policy *p, const char *text, bool bind, const char *why)
{
	long port = strtol(text, NULL, 10);
	if (port < 1 || port > 65535)
		return;
	p->ports = xrealloc(p->ports, (p->n_ports + 1) * sizeof *p->ports);
	p->ports[p->n_ports++] = (struct port_grant){ (uint16_t)port, bind, xstrdup(why) };
}

static void decide_modes(const struct policy_input *in, struct policy *p)
{
	const struct settings *s = in->settings;
	p->on_violation = in->profile->on_violation >= 0 ? in->profile->on_violation :
							   s->on_violation;
	p->log = s->log;
	if (in->on_violation) {
		p->on_violation = settings_parse_enum(violation_names, in->on_violation);
		if (p->on_violation < 0)
			die("--on-violation=%s: expected deny, kill or report", in->on_violation);
	}
	if (in->log) {
		p->log = settings_parse_enum(log_names, in->log);
		if (p->log < 0)
			die("--log=%s: expected stderr, syslog, both or none", in->log);
	}
	p->landlock = in->profile->landlock;
}

static void add_profile_promises(const struct policy_input *in, struct policy *p)
{
	const struct profile *pr = in->profile;
	for (size_t i = 0; i < promise_count(); i++)
		if (promise_is_implicit(i))
			grant_promise(p, promise_at(i)->name,
				      "implicit: the dynamic loader needs it");
	for (size_t i = 0; i < pr->promises.n; i++)
		grant_promise(p, pr->promises.item[i], pr->promises.origin[i]);
	for (size_t i = 0; i < pr->allow.n; i++)
		strlist_add(&p->allow, pr->allow.item[i], pr->allow.origin[i]);
	for (size_t i = 0; i < pr->refuse.n; i++)
		strlist_add(&p->refuse, pr->refuse.item[i], pr->refuse.origin[i]);
}

static void add_list(struct policy *p, const struct strlist *l, unsigned access, const char *what)
{
	for (size_t i = 0; i < l->n; i++) {
		char *why = xstrjoin(l->origin[i], " (", what, ")", NULL);
		add_grant(p, l->item[i], access, why);
		free(why);
	}
}

static void add_system_paths(struct policy *p)
{
	for (size_t i = 0; i < sizeof system_set / sizeof system_set[0]; i++) {
		char *why = xstrjoin("system read set: ", system_set[i].why, NULL);
		add_grant(p, system_set[i].path, system_set[i].access, why)->quiet_missing = true;
		free(why);
	}
	for (size_t i = 0; i < sizeof promise_paths / sizeof promise_paths[0]; i++) {
		int idx = promise_lookup(promise_paths[i].promise);
		if (idx < 0 || !p->promise[idx])
			continue;
		add_grant(p, promise_paths[i].path, promise_paths[i].access, promise_paths[i].why)
			->quiet_missing = true;
	}
}

static void add_promise_refusals(struct policy *p)
{
	for (size_t i = 0; i < sizeof promise_refusals / sizeof promise_refusals[0]; i++) {
		int idx = promise_lookup(promise_refusals[i].promise);
		if (idx >= 0 && p->promise[idx] &&
		    !strlist_contains(&p->refuse, promise_refusals[i].call))
			strlist_add(&p->refuse, promise_refusals[i].call, promise_refusals[i].why);
	}
}

static void add_exec(struct policy *p, const char *path, const char *origin)
{
	char *why = xstrjoin(origin, ": read and execute", NULL);
	add_grant(p, path, ACC_READ_FILE | ACC_EXEC, why);
	free(why);
}

static void add_target(const struct policy_input *in, const struct policy_facts *f,
		       struct policy *p)
{
	const struct strlist *exec = &in->target->exec;
	for (size_t i = 0; i < exec->n; i++) {
		char *why = xstrjoin(exec->origin[i], ": read and execute", NULL);
		add_grant(p, exec->item[i], ACC_READ_FILE | ACC_EXEC, why);
		free(why);
	}
	/* Programs the profile lets it run, and their interpreters: only when
	 * it may exec at all (file's decompressors come with -z alone), which
	 * also spares resolving their interpreters on every run (facts.c). */
	int exec_promise = promise_lookup("exec");
	if (exec_promise < 0 || !p->promise[exec_promise])
		return;
	const struct strlist *entries = &in->profile->exec;
	for (size_t i = 0; i < entries->n; i++) {
		add_exec(p, entries->item[i], entries->origin[i]);
		const struct strlist *interps = facts_interps(f, entries->item[i]);
		for (size_t j = 0; interps && j < interps->n; j++)
			add_exec(p, interps->item[j], interps->origin[j]);
	}
}

/* A declared input: a file is granted; a directory, with directory-operands
 * = tree, with all beneath it. With self, Landlock grants it nothing (a
 * right on a directory holds beneath it too): the broker opens exactly that
 * directory when the target asks to list it. */
/* companion-inputs: readelf and objdump follow .gnu_debuglink to NAME.debug
 * beside the input or in its .debug directory. The names come from the
 * profile and the command line, never from the input, which nothing
 * parses before confinement; a companion that does not exist is skipped. */
static void add_companions(const struct policy_input *in, const struct policy_facts *f,
			   struct policy *p, const char *path)
{
	const struct strlist *l = &in->profile->companion_inputs;
	for (size_t i = 0; i < l->n; i++) {
		char *name = companion_name(path, l->item[i]);
		if (!name)
			continue; /* --check says so */
		if (facts_kind(f, name) == KIND_REGULAR) {
			char *why = xstrjoin("companion of declared input ", path, " (",
					     l->origin[i], ")", NULL);
			add_grant(p, name, ACC_READ_FILE, why);
			free(why);
		}
		free(name);
	}
}

static void add_input(const struct policy_input *in, const struct policy_facts *f, struct policy *p,
		      const char *path, const char *why)
{
	if (facts_kind(f, path) != KIND_DIRECTORY) {
		add_grant(p, path, ACC_READ_FILE, why);
		if (in->profile->companion_inputs.n)
			add_companions(in, f, p, path);
	} else if (in->profile->directory_operands == DIR_TREE) {
		add_grant(p, path, ACC_READ, why);
	} else {
		const char *real = facts_real(f, path);
		if (real && !strlist_contains(&p->listable, real))
			strlist_add(&p->listable, real, why);
	}
}

static void add_inputs(const struct policy_input *in, const struct policy_facts *f,
		       struct policy *p)
{
	const struct strlist *l = &in->args->inputs;
	for (size_t i = 0; i < l->n; i++) {
		char *why = xstrjoin("declared input, ", l->origin[i], NULL);
		add_input(in, f, p, l->item[i], why);
		free(why);
	}
	/* jq -L DIR: that option's directory with all beneath it, whatever
	 * directory-operands says of operands */
	l = &in->args->input_trees;
	for (size_t i = 0; i < l->n; i++) {
		char *why = xstrjoin("declared input tree, ", l->origin[i], NULL);
		add_grant(p, l->item[i],
			  facts_kind(f, l->item[i]) == KIND_DIRECTORY ? ACC_READ : ACC_READ_FILE,
			  why);
		free(why);
	}
	/* file -f LIST: the list was read before confinement (facts.c), so
	 * that each file it names can be granted. */
	for (size_t i = 0; i < in->args->input_lists.n; i++) {
		const char *list = in->args->input_lists.item[i];
		char *why = xstrjoin("declared input list, ", in->args->input_lists.origin[i],
				     NULL);
		add_grant(p, list, ACC_READ_FILE, why);
		/* Reading a pipe or FIFO here would consume what the target is
		 * to read (or hang): refuse rather than grant nothing. */
		enum file_kind kind = facts_kind(f, list);
		if (kind == KIND_FIFO || kind == KIND_SOCKET)
			die("%s (%s): a list of inputs cannot be a pipe, FIFO or socket: "
			    "sandbox-run reads it before %s does; write the list to a file",
			    list, in->args->input_lists.origin[i], in->target->name);
		const struct strlist *lines = facts_lines(f, list);
		for (size_t j = 0; lines && j < lines->n; j++)
			add_input(in, f, p, lines->item[j], why);
		free(why);
	}
}

/* Whether name holds a printf conversion of one integer (gs: page-%d.png,
 * %03d, %ld); "%%" is a percent sign. */
bool output_is_pattern(const char *name)
{
	for (const char *c = name; (c = strchr(c, '%')); c++) {
		c += strspn(c + 1, "-+ 0#123456789l") + 1;
		if (*c && strchr("diux", *c))
			return true;
		if (!*c)
			break;
	}
	return false;
}

/* An output the broker serves: its directory must exist now (the target
 * could not make it either), and an existing file of that exact name is
 * also granted to Landlock, for opens that write without creating. */
static void add_output(const struct policy_facts *f, struct policy *p, const char *out,
		       const char *why)
{
	char *dir = xpath_dir(out);
	const char *real = facts_real(f, dir);
	free(dir);
	if (!real) {
		msg_verbose("not granting %s (%s): its directory is missing", out, why);
		return;
	}
	bool pattern = output_is_pattern(path_base(out));
	if (!pattern && facts_kind(f, out) == KIND_REGULAR)
		add_grant(p, out, ACC_READ_FILE | ACC_WRITE, why);
	p->outputs = xrealloc(p->outputs, (p->n_outputs + 1) * sizeof *p->outputs);
	p->outputs[p->n_outputs++] = (struct output){
		.dir = xstrdup(real),
		.name = xstrdup(path_base(out)),
		.pattern = pattern,
		.why = xstrdup(why),
	};
}

/* An output prefix DIR/P: new names starting with P in DIR (pdftoppm
 * in.pdf out/p writes out/p-1.ppm ...), never an existing file. */
static void add_output_prefix(const struct policy_facts *f, struct policy *p, const char *prefix,
			      const char *why)
{
	size_t len = strlen(prefix);
	bool dir_only = len && prefix[len - 1] == '/';
	char *dir = output_prefix_dir(prefix);
	const char *real = facts_real(f, dir);
	free(dir);
	if (!real) {
		msg_verbose("not granting %s (%s): its directory is missing", prefix, why);
		return;
	}
	p->outputs = xrealloc(p->outputs, (p->n_outputs + 1) * sizeof *p->outputs);
	p->outputs[p->n_outputs++] = (struct output){
		.dir = xstrdup(real),
		.name = xstrdup(dir_only ? "" : path_base(prefix)),
		.pattern = true,
		.prefix = true,
		.why = xstrdup(why),
	};
}

/* An output directory: the directory itself when it exists, else where it
 * will be made (policy_make_output_dirs), in a parent that must exist. */
static void add_output_dir(const struct policy_facts *f, struct policy *p, const char *arg,
			   const char *origin, const char *why)
{
	char *real = facts_real(f, arg) ? xstrdup(facts_real(f, arg)) : NULL;
	if (!real) {
		char *parent = xpath_dir(arg);
		const char *rparent = facts_real(f, parent), *base = path_base(arg);
		if (!rparent || !*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
			die_status(125,
				   "%s (%s): output directory's parent %s is missing; "
				   "make it first (only the last component is created)",
				   arg, origin, parent);
		real = xstrjoin(rparent, strcmp(rparent, "/") ? "/" : "", base, NULL);
		free(parent);
	} else if (facts_kind(f, real) != KIND_DIRECTORY) {
		die_status(125, "%s (%s): not a directory; an output directory is extracted into",
			   arg, origin);
	}
	p->outputs = xrealloc(p->outputs, (p->n_outputs + 1) * sizeof *p->outputs);
	p->outputs[p->n_outputs++] = (struct output){
		.dir = real,
		.name = xstrdup(""),
		.tree = true,
		.arg = xstrdup(arg),
		.why = xstrdup(why),
	};
}

static void add_outputs(const struct policy_input *in, const struct policy_facts *f,
			struct policy *p)
{
	const struct {
		const struct strlist *l;
		void (*add)(const struct policy_facts *, struct policy *, const char *,
			    const char *);
	} kinds[] = { { &in->args->outputs, add_output },
		      { &in->args->output_prefixes, add_output_prefix } };
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		for (size_t i = 0; i < kinds[k].l->n; i++) {
			char *why = xstrjoin("declared output, ", kinds[k].l->origin[i], NULL);
			kinds[k].add(f, p, kinds[k].l->item[i], why);
			free(why);
		}
	}
	const struct strlist *dirs = &in->args->output_dirs;
	for (size_t i = 0; i < dirs->n; i++) {
		char *why = xstrjoin("declared output directory, ", dirs->origin[i], NULL);
		add_output_dir(f, p, dirs->item[i], dirs->origin[i], why);
		free(why);
	}
}

void policy_make_output_dirs(const struct policy *p)
{
	for (size_t i = 0; i < p->n_outputs; i++) {
		const struct output *o = &p->outputs[i];
		if (o->tree && mkdir(o->dir, 0777) < 0 && errno != EEXIST)
			die_status(125, "%s: cannot make the output directory %s: %s", o->arg,
				   o->dir, strerror(errno));
		struct stat st;
		if (o->tree && !(stat(o->dir, &st) == 0 && S_ISDIR(st.st_mode)))
			die_status(125, "%s: %s is not a directory", o->arg, o->dir);
	}
}

/* Rule paths may be globs (faketime's /dev/shm/faketime_shm_*): Landlock
 * needs the files that exist now. */
static void add_rule_path(const struct policy_facts *f, struct policy *p, const char *path,
			  unsigned access, const char *why)
{
	if (facts_kind(f, path) != KIND_DIRECTORY)
		access &= ~ACC_READ_DIR;
	add_grant(p, path, access, why)->quiet_missing = true;
}

static void add_rule_paths(const struct policy_facts *f, struct policy *p, const struct strlist *l,
			   unsigned access, const char *lib)
{
	for (size_t i = 0; i < l->n; i++) {
		char *why = xasprintf("preload rule %s for %s", l->origin[i], lib);
		const struct strlist *matches = facts_matches(f, l->item[i]);
		if (!matches)
			add_rule_path(f, p, l->item[i], access, why);
		for (size_t j = 0; matches && j < matches->n; j++)
			add_rule_path(f, p, matches->item[j], access, why);
		free(why);
	}
}

static void add_endpoint(struct policy *p, int family, const char *path, const char *host,
			 uint16_t port, const char *why)
{
	struct endpoint e = { .family = family, .port = port };
	if (family != AF_UNIX && inet_pton(family, host, e.addr) != 1)
		return; /* preload.c validated it */
	e.path = path ? xstrdup(path) : NULL;
	e.why = xstrdup(why);
	p->endpoints = xrealloc(p->endpoints, (p->n_endpoints + 1) * sizeof *p->endpoints);
	p->endpoints[p->n_endpoints++] = e;
}

/* The TCP ports a rule names, as numbers; 0 for a value that is none. */
static size_t rule_ports(const struct policy_facts *f, const struct preload_rule *r,
			 uint16_t *ports, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < r->connect_tcp.n && n < max; i++)
		ports[n++] = (uint16_t)strtoul(r->connect_tcp.item[i], NULL, 10);
	for (size_t i = 0; i < r->connect_tcp_env.n && n < max; i++) {
		const char *value = facts_env(f, r->connect_tcp_env.item[i]);
		long port = value ? strtol(value, NULL, 10) : 0;
		if (port > 0 && port < 65536)
			ports[n++] = (uint16_t)port;
	}
	return n;
}

/* A rule's endpoints (connect-unix, connect-unix-env, and connect-tcp-host
 * with its ports): the broker makes these connections and no others. */
static void add_rule_endpoints(const struct policy_facts *f, struct policy *p,
			       const struct preload_rule *r, const char *lib)
{
	char *why = xstrjoin("preload rule ", r->path, " for ", lib, NULL);
	for (size_t i = 0; i < r->connect_unix.n; i++)
		add_endpoint(p, AF_UNIX, r->connect_unix.item[i], NULL, 0, why);
	for (size_t i = 0; i < r->connect_unix_env.n; i++) {
		const char *value = facts_env(f, r->connect_unix_env.item[i]);
		if (value && value[0] == '/')
			add_endpoint(p, AF_UNIX, value, NULL, 0, why);
	}
	uint16_t ports[16];
	size_t n = rule_ports(f, r, ports, 16);
	for (size_t i = 0; i < r->connect_tcp_host.n; i++)
		for (size_t j = 0; j < n; j++)
			add_endpoint(p,
				     strchr(r->connect_tcp_host.item[i], ':') ? AF_INET6 : AF_INET,
				     NULL, r->connect_tcp_host.item[i], ports[j], why);
	free(why);
}

/* The calls on the ids of the rule's System V objects (facts.c). */
static void add_ipc_rules(const struct policy_facts *f, struct policy *p,
			  const struct preload_rule *r, const char *lib)
{
	const char *err;
	const struct strlist *l = facts_ipc(f, r->path, &err);
	if (err)
		die("%s (preloaded): %s (preload rule %s)", lib, err, r->path);
	for (size_t i = 0; l && i < l->n; i++)
		if (!strlist_contains(&p->allow, l->item[i]))
			strlist_add(&p->allow, l->item[i], l->origin[i]);
}

static void add_preload_rule(const struct policy_facts *f, struct policy *p, const char *lib,
			     const char *origin, const struct preload_rule *r)
{
	if (r->unsupported)
		die("%s (%s) is preloaded: %s", lib, origin, r->unsupported);
	for (size_t i = 0; i < r->promises.n; i++) {
		char *why = xasprintf("preload rule %s for %s", r->promises.origin[i], lib);
		grant_promise(p, r->promises.item[i], why);
		free(why);
	}
	for (size_t i = 0; i < r->allow.n; i++)
		strlist_add(&p->allow, r->allow.item[i], r->allow.origin[i]);
	for (size_t i = 0; i < r->refuse.n; i++)
		strlist_add(&p->refuse, r->refuse.item[i], r->refuse.origin[i]);
	add_rule_paths(f, p, &r->read, ACC_READ, lib);
	add_rule_paths(f, p, &r->write, ACC_READ_FILE | ACC_WRITE, lib);
	add_rule_endpoints(f, p, r, lib);
	add_ipc_rules(f, p, r, lib);
	/* Ports without hosts: Landlock's port rules, any address. */
	for (size_t i = 0; !r->connect_tcp_host.n && i < r->connect_tcp.n; i++)
		add_port(p, r->connect_tcp.item[i], false, r->connect_tcp.origin[i]);
	for (size_t i = 0; !r->connect_tcp_host.n && i < r->connect_tcp_env.n; i++) {
		const char *value = facts_env(f, r->connect_tcp_env.item[i]);
		char *why = xasprintf("%s ($%s of %s)", r->connect_tcp_env.origin[i],
				      r->connect_tcp_env.item[i], lib);
		if (value)
			add_port(p, value, false, why);
		free(why);
	}
	/* Landlock then allows these ports only, unless the profile opened TCP
	 * with the inet promise: a preload rule never narrows a profile. */
	if ((r->connect_tcp.n || r->connect_tcp_env.n) && !p->promise[promise_lookup("inet")])
		p->restrict_tcp = true;
	/* explain.c lists what the rule added: every reason naming r->path. */
	char *note = xasprintf("%s (%s): rule %s%s%s", lib, origin, r->path,
			       r->description ? ": " : "", r->description ? r->description : "");
	strlist_add(&p->preload_notes, note, NULL);
	free(note);
}

static void add_preloads(const struct policy_input *in, const struct policy_facts *f,
			 struct policy *p)
{
	const struct preloads *pl = in->preloads;
	for (size_t i = 0; i < pl->libs.n; i++) {
		const char *lib = pl->libs.item[i];
		/* ld.so must be able to read the library it preloads. preload_match
		 * resolved it already; only $ORIGIN (the target's directory once
		 * it runs) can still make a name that was not found resolve. */
		const char *path = pl->path && pl->path[i] ? pl->path[i] : facts_lib(f, lib);
		/* Not found now, it is still treated as preloaded: the target's
		 * ld.so may find it (fail closed for unknown-preload = refuse). */
		if (path)
			add_grant(p, path, ACC_READ_FILE, "a preloaded library");
		if (pl->rule && pl->rule[i] >= 0) {
			add_preload_rule(f, p, lib, pl->libs.origin[i], &pl->rules[pl->rule[i]]);
			continue;
		}
		strlist_add(&p->unknown_preloads, lib, pl->libs.origin[i]);
		int mode = in->settings->unknown_preload;
		if (mode == UNKNOWN_REFUSE)
			die("%s (%s) is preloaded and no rule in preload.d knows it; refusing "
			    "(unknown-preload = refuse). Add a rule or unset it",
			    lib, pl->libs.origin[i]);
		if (mode == UNKNOWN_WARN)
			msg("warning: %s (%s) is preloaded and no preload rule knows it; it runs "
			    "under %s's profile and may be denied",
			    lib, pl->libs.origin[i], p->program);
	}
}

static void add_network(const struct policy_input *in, struct policy *p)
{
	const struct profile *pr = in->profile;
	for (size_t i = 0; i < pr->connect_tcp.n; i++)
		add_port(p, pr->connect_tcp.item[i], false, pr->connect_tcp.origin[i]);
	for (size_t i = 0; i < pr->bind_tcp.n; i++)
		add_port(p, pr->bind_tcp.item[i], true, pr->bind_tcp.origin[i]);
	/* With the inet promise and no port list, TCP is open: the promise
	 * says so. Listing ports narrows it. Without inet, seccomp already
	 * refuses the sockets; Landlock makes that hold for preloads too. */
	int inet = promise_lookup("inet");
	if (pr->connect_tcp.n || pr->bind_tcp.n || !p->promise[inet])
		p->restrict_tcp = true;
}

/* The lowest Landlock ABI on which every guarantee of this policy holds:
 * what later ABIs added, the filter and the supervisor keep below them
 * (signal and abstract-socket scopes, 6; TCP ports, 4; truncation by path,
 * 3: landlock_below), so any Landlock at all does. */
static unsigned abi_needed(const struct policy *p)
{
	(void)p;
	return 1;
}

/* landlock = off asks for no such confinement, and gets none from the
 * other layers either; best-effort without Landlock gets all they keep. */
bool landlock_below(const struct policy *p, int abi)
{
	return p->landlock != LANDLOCK_OFF && p->landlock_abi < abi;
}

bool policy_brokers_sockets(const struct policy *p)
{
	int unix_promise = promise_lookup("unix"), inet = promise_lookup("inet");
	return p->n_endpoints || (landlock_below(p, 6) && p->promise[unix_promise]) ||
	       (landlock_below(p, 4) && p->promise[inet] && p->n_ports);
}

void policy_from_system(const struct policy_input *in, struct policy *p)
{
	struct policy_facts facts;
	policy_gather(in, &facts);
	policy_build(in, &facts, p);
	policy_facts_free(&facts);
}

void policy_build(const struct policy_input *in, const struct policy_facts *f, struct policy *p)
{
	memset(p, 0, sizeof *p);
	p->program = xstrdup(in->target->name);
	p->target = xstrdup(in->target->path);
	p->argc = in->argc;
	p->argv = in->argv;
	p->profile_path = xstrdup(in->profile_path);
	p->description = in->profile->description ? xstrdup(in->profile->description) : NULL;
	if (in->settings->conf_path) /* read first, by settings_load */
		strlist_add(&p->files, in->settings->conf_path, "settings");
	for (size_t i = 0; i < in->profile->files.n; i++)
		strlist_add(&p->files, in->profile->files.item[i], "profile");
	for (size_t i = 0; i < in->preloads->rule_files.n; i++)
		strlist_add(&p->files, in->preloads->rule_files.item[i], "preload rule");

	decide_modes(in, p);
	add_profile_promises(in, p);
	for (size_t i = 0; i < in->args->promises.n; i++)
		grant_promise(p, in->args->promises.item[i], in->args->promises.origin[i]);
	if (in->args->outputs.n) /* e.g. file -C: writing only when asked to */
		for (size_t i = 0; i < in->profile->output_promises.n; i++)
			grant_promise(p, in->profile->output_promises.item[i],
				      in->profile->output_promises.origin[i]);
	add_preloads(in, f, p);
	add_system_paths(p);
	add_promise_refusals(p);
	add_list(p, &in->profile->read, ACC_READ, "profile read");
	add_list(p, &in->profile->write, ACC_READ | ACC_WRITE, "profile write");
	add_target(in, f, p);
	add_inputs(in, f, p);
	add_outputs(in, f, p);
	add_network(in, p);
	p->private_tmp = p->promise[promise_lookup("tmppath")];
	p->tmpdir_fd = -1;
	p->landlock_abi_needed = abi_needed(p);
	limits_resolve(&in->profile->limits, &in->settings->limits, &p->limits);
}

/* Reports need the supervisor, and so does report mode, which lets denied
 * calls proceed. Without reports the kernel answers alone: EPERM
 * (SECCOMP_RET_ERRNO) or a SIGSYS that cannot be caught or blocked
 * (SECCOMP_RET_KILL_PROCESS). A timeout needs a process that outlives the
 * exec: the supervisor, even with log = none. */
bool policy_supervised(const struct policy *p)
{
	return p->on_violation == VIOLATION_REPORT || p->log != REPORT_NONE || policy_brokered(p) ||
	       p->private_tmp || p->limits.value[LIMIT_TIMEOUT] != LIMIT_UNSET;
}

bool policy_brokered(const struct policy *p)
{
	int proc = promise_lookup("proc"), thread = promise_lookup("thread"),
	    wpath = promise_lookup("wpath");
	return p->n_outputs || p->listable.n || policy_brokers_sockets(p) ||
	       (landlock_below(p, 6) && (p->promise[proc] || p->promise[thread])) ||
	       (landlock_below(p, 3) && p->promise[wpath]);
}

void policy_add_tmpdir(struct policy *p, const char *path, int fd)
{
	p->tmpdir = xstrdup(path);
	p->tmpdir_fd = fd;
	/* Its own, removed at the end: directories (mktemp -d, pic2graph) and
	 * links there reach nothing Landlock would not check again. */
	add_grant(p, path, ACC_READ | ACC_WRITE | ACC_CREATE | ACC_MAKE_TREE,
		  "the private temporary directory (promise tmppath)");
}

void policy_free(struct policy *p)
{
	free(p->program);
	free(p->target);
	free(p->profile_path);
	free(p->description);
	for (size_t i = 0; i < MAX_PROMISES; i++)
		free(p->promise_why[i]);
	for (size_t i = 0; i < p->n_grants; i++) {
		free(p->grants[i].path);
		free(p->grants[i].why);
	}
	free(p->grants);
	free(p->grant_slots);
	for (size_t i = 0; i < p->n_ports; i++)
		free(p->ports[i].why);
	free(p->ports);
	for (size_t i = 0; i < p->n_outputs; i++) {
		free(p->outputs[i].dir);
		free(p->outputs[i].name);
		free(p->outputs[i].arg);
		free(p->outputs[i].why);
	}
	free(p->outputs);
	for (size_t i = 0; i < p->n_endpoints; i++) {
		free(p->endpoints[i].path);
		free(p->endpoints[i].why);
	}
	free(p->endpoints);
	strlist_free(&p->listable);
	free(p->tmpdir);
	strlist_free(&p->files);
	strlist_free(&p->allow);
	strlist_free(&p->refuse);
	strlist_free(&p->preload_notes);
	strlist_free(&p->unknown_preloads);
	limits_free(&p->limits);
}
