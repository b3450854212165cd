/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --learn: the profile's paths ([filesystem] entries, widened to a
 * package's directory where that is safe), its declared outputs, and its
 * ports. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decide/args.h"
#include "learn/learner.h"

/* Where a read path is widened to its package's directory (/usr/share/X). */
static const char *const data_roots[] = {
	"/usr/share/",   "/usr/local/share/", "/usr/lib/",   "/usr/local/lib/",
	"/usr/libexec/", "/var/lib/",         "/var/cache/", "/opt/",
	"/etc/",         "/usr/local/etc/",   "/srv/",
};
/* Never widened to: directories that hold secrets beside public files. */
static const char *const secret_dirs[] = {
	"/etc/ssl",
	"/etc/ssh",
	"/etc/pki",
	"/etc/security",
	"/etc/sudoers.d",
	"/etc/NetworkManager",
	"/etc/wpa_supplicant",
	"/etc/cups",
	"/var/lib/sudo",
};
/* Never granted as trees: programs, temporary files, homes, kernel files. */
static const char *const tree_never[] = {
	"/tmp",       "/var/tmp",       "/dev/shm",        "/dev", "/proc", "/sys",
	"/run",       "/root",          "/home",           "/bin", "/sbin", "/usr/bin",
	"/usr/sbin",  "/usr/local/bin", "/usr/local/sbin", "/usr", "/etc",  "/var",
	"/usr/share", "/usr/lib",       "/usr/local",      "/opt",
};

/* path is dir or lies beneath it. */
static bool beneath(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	return strncmp(path, dir, n) == 0 &&
	       (path[n] == '/' || path[n] == '\0' || (n == 1 && dir[0] == '/'));
}

struct grants {
	char **path; /* canonical */
	unsigned *access;
	size_t n;
	/* declared outputs, as "dir/name", "dir/prefix*" or "dir/" (a tree) */
	struct strlist outputs;
};

/* The policy a confined run of this command line would get from the
 * merged file (all of it) or, for a new draft, from nothing but the
 * learner's [arguments], plus the promises given (NULL: none). */
void learn_policy_of(const struct learner *l, const bool *promise, struct policy *p)
{
	struct profile draft = { 0 };
	draft.on_violation = -1;
	draft.operands = OPERANDS_INPUT;
	draft.clustered_short_options = 1;
	if (l->merging)
		draft = l->old; /* shallow */
	memset(&draft.promises, 0, sizeof draft.promises);
	for (size_t i = 0; l->merging && i < l->old.promises.n; i++)
		strlist_add(&draft.promises, l->old.promises.item[i], "merged");
	for (size_t i = 0; promise && i < promise_count(); i++)
		if (promise[i] && !strlist_contains(&draft.promises, promise_at(i)->name))
			strlist_add(&draft.promises, promise_at(i)->name, "learned");
	struct arg_files files = { 0 };
	args_classify(&draft, l->in->argc, l->in->argv, &files);
	struct settings s = *l->in->settings;
	s.unknown_preload = UNKNOWN_IGNORE; /* reported in the profile instead */
	struct policy_input pin = {
		.settings = &s,
		.target = l->in->target,
		.argc = l->in->argc,
		.argv = l->in->argv,
		.profile_path = l->in->out,
		.profile = &draft,
		.preloads = l->in->preloads,
		.args = &files,
	};
	policy_from_system(&pin, p);
	strlist_free(&draft.promises);
	args_free(&files);
}

/* What a confined run would grant anyway: the system read set, the paths
 * of the chosen promises, the target, declared inputs, preload rules, and
 * when merging all the file grants. */
static void grants_of(const struct learner *l, const struct draft *d, struct grants *g)
{
	struct policy p;
	learn_policy_of(l, d->promise, &p);
	g->path = xcalloc(p.n_grants, sizeof *g->path);
	g->access = xcalloc(p.n_grants, sizeof *g->access);
	g->n = 0;
	for (size_t i = 0; i < p.n_grants; i++) {
		char real[PATH_MAX];
		if (!realpath(p.grants[i].path, real))
			continue;
		g->path[g->n] = xstrdup(real);
		g->access[g->n++] = p.grants[i].access;
	}
	memset(&g->outputs, 0, sizeof g->outputs);
	learn_output_entries(&p, &g->outputs);
	policy_free(&p);
}

/* A policy's declared outputs as "dir/name", "dir/prefix*" or "dir/" (a
 * tree), for declared_output. */
void learn_output_entries(const struct policy *p, struct strlist *out)
{
	for (size_t i = 0; i < p->n_outputs; i++) {
		const struct output *o = &p->outputs[i];
		/* a pattern's page number: what comes before it is a prefix */
		const char *page = o->pattern ? strstr(o->name, "%d") : NULL;
		int name_len = page ? (int)(page - o->name) : (int)strlen(o->name);
		char *entry = o->tree ? xasprintf("%s/", o->dir) :
					xasprintf("%s/%.*s%s", o->dir, name_len, o->name,
						  o->pattern || o->prefix ? "*" : "");
		strlist_add(out, entry, NULL);
		free(entry);
	}
}

/* path (canonical) is one of the outputs (output_entries). */
static bool in_outputs(const struct strlist *outputs, const char *path)
{
	for (size_t i = 0; i < outputs->n; i++) {
		const char *o = outputs->item[i];
		size_t n = strlen(o);
		if (o[n - 1] == '/' ? strncmp(path, o, n) == 0 :
		    o[n - 1] == '*' ? strncmp(path, o, n - 1) == 0 && !strchr(path + n - 1, '/') :
				      strcmp(path, o) == 0)
			return true;
	}
	return false;
}

static bool declared_output(const struct grants *g, const char *path)
{
	return in_outputs(&g->outputs, path);
}

/* A create or write (path: NULL for other calls) that a confined run's
 * broker serves, since it names a declared output: no promise needed. */
bool learn_brokered_output(const struct draft *d, const char *path)
{
	char parent[PATH_MAX], real[PATH_MAX], full[2 * PATH_MAX];
	if (!path)
		return false;
	if (learnargs_is_output(&d->args, path))
		return true;
	snprintf(parent, sizeof parent, "%s", path);
	char *slash = strrchr(parent, '/');
	if (!slash || !realpath(slash == parent ? "/" : (*slash = '\0', parent), real))
		return false;
	snprintf(full, sizeof full, "%s/%s", strcmp(real, "/") ? real : "", path_base(path));
	return in_outputs(&d->old_outputs, full);
}

static bool granted(const struct grants *g, const char *path, unsigned access)
{
	for (size_t i = 0; i < g->n; i++)
		if (beneath(path, g->path[i]) && (g->access[i] & access) == access)
			return true;
	return false;
}

/* The path as a confined run will meet it; false when it is gone. Kernel
 * files are kept as named (realpath would resolve them in this process). */
static bool canonical(const char *path, char *out)
{
	struct stat st;
	if (has_prefix(path, "/proc/") || has_prefix(path, "/dev/")) {
		snprintf(out, PATH_MAX, "%s", path);
		return has_prefix(path, "/proc/") || lstat(path, &st) == 0;
	}
	return realpath(path, out) != NULL;
}

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_home(const char *path)
{
	return has_prefix(path, "/home/") && !strchr(path + 6, '/');
}

/* The package directory of a file: /usr/share/groff/1.22.4/tmac/an.tmac
 * → /usr/share/groff. False when there is none to widen to. */
static bool anchor_of(const char *path, char *out)
{
	for (size_t i = 0; i < N(data_roots); i++) {
		size_t n = strlen(data_roots[i]);
		const char *slash = strncmp(path, data_roots[i], n) ? NULL : strchr(path + n, '/');
		if (!slash)
			continue;
		snprintf(out, PATH_MAX, "%.*s", (int)(slash - path), path);
		for (size_t j = 0; j < N(secret_dirs); j++)
			if (!strcmp(out, secret_dirs[j]))
				return false;
		return is_dir(out);
	}
	return false;
}

static bool tree_allowed(const char *path)
{
	if (!strcmp(path, "/") || is_home(path))
		return false;
	for (size_t i = 0; i < N(tree_never); i++)
		if (!strcmp(path, tree_never[i]))
			return false;
	return true;
}

/* Adds path to out unless a confined run grants it already. Programs are
 * listed as they were run (/bin/sh, not /usr/bin/dash), the rest as the
 * kernel resolves them. */
static void add_path(struct strlist *out, const struct grants *g, const char *path, unsigned access)
{
	char real[PATH_MAX];
	if (!canonical(path, real))
		return;
	bool dir = is_dir(real);
	if (dir && access == ACC_READ_FILE)
		access = ACC_READ_DIR;
	if (granted(g, real, access) || (dir && !tree_allowed(real)))
		return;
	const char *entry = access == ACC_EXEC ? path : real;
	if (!strlist_contains(out, entry))
		strlist_add(out, entry, NULL);
}

/* Files read in one package directory stand for it when there are two or
 * more: the next input may need another of its files. */
static void widen(struct strlist *reads)
{
	struct strlist anchors = { 0 }, out = { 0 };
	char a[PATH_MAX];
	for (size_t i = 0; i < reads->n; i++)
		strlist_add(&anchors, anchor_of(reads->item[i], a) ? a : "", NULL);
	for (size_t i = 0; i < reads->n; i++) {
		size_t same = 0;
		for (size_t j = 0; j < reads->n && *anchors.item[i]; j++)
			same += !strcmp(anchors.item[i], anchors.item[j]);
		const char *entry = same > 1 ? anchors.item[i] : reads->item[i];
		if (!strlist_contains(&out, entry))
			strlist_add(&out, entry, NULL);
	}
	strlist_free(&anchors);
	strlist_free(reads);
	*reads = out;
}

/* Drops entries that lie beneath another entry. */
static void dedupe(struct strlist *l)
{
	struct strlist keep = { 0 };
	for (size_t i = 0; i < l->n; i++) {
		bool covered = false;
		for (size_t j = 0; j < l->n && !covered; j++)
			covered = j != i && strcmp(l->item[i], l->item[j]) != 0 &&
				  beneath(l->item[i], l->item[j]);
		if (!covered)
			strlist_add(&keep, l->item[i], NULL);
	}
	strlist_free(l);
	*l = keep;
}

void learn_choose_paths(const struct learner *l, struct draft *d)
{
	struct grants g;
	grants_of(l, d, &g);
	const struct strlist none = { 0 };
	const struct {
		const struct strlist *now, *before;
		struct strlist *out;
		unsigned access;
	} kinds[] = {
		{ &l->reads, l->merging ? &l->old.read : &none, &d->read, ACC_READ_FILE },
		{ &l->writes, l->merging ? &l->old.write : &none, &d->write, ACC_WRITE },
		{ &l->execs, l->merging ? &l->old.exec : &none, &d->exec, ACC_EXEC },
	};
	for (size_t k = 0; k < N(kinds); k++) {
		for (size_t i = 0; i < kinds[k].before->n; i++)
			add_path(kinds[k].out, &g, kinds[k].before->item[i], kinds[k].access);
		for (size_t i = 0; i < kinds[k].now->n; i++)
			if (kinds[k].access != ACC_WRITE ||
			    !learnargs_is_output(&d->args, kinds[k].now->item[i]))
				add_path(kinds[k].out, &g, kinds[k].now->item[i], kinds[k].access);
		if (kinds[k].access == ACC_READ_FILE)
			widen(kinds[k].out);
		dedupe(kinds[k].out);
	}
	/* Creating files: only declared outputs and tmppath's private
	 * directory can be granted; anything else is left to the administrator. */
	for (size_t i = 0; i < l->creates.n; i++) {
		char parent[PATH_MAX], real[PATH_MAX], full[2 * PATH_MAX];
		if (learnargs_is_output(&d->args, l->creates.item[i]))
			continue; /* declared in [arguments] by the draft */
		snprintf(parent, sizeof parent, "%s", l->creates.item[i]);
		char *slash = strrchr(parent, '/');
		if (slash)
			*(slash == parent ? slash + 1 : slash) = '\0';
		if (!canonical(parent, real))
			continue;
		snprintf(full, sizeof full, "%s/%s", strcmp(real, "/") ? real : "",
			 path_base(l->creates.item[i]));
		if (!granted(&g, real, ACC_CREATE) && !declared_output(&g, full) &&
		    !strlist_contains(&d->created_elsewhere, real))
			strlist_add(&d->created_elsewhere, real, NULL);
	}
	for (size_t i = 0; i < g.n; i++)
		free(g.path[i]);
	free(g.path);
	free(g.access);
	strlist_free(&g.outputs);
}

/* cpath and tmppath have the same calls. Files created where no output
 * of the command line points, all in the temporary directory ($TMPDIR,
 * else /tmp), are temporary files: tmppath gives a confined run a private
 * directory there, and TMPDIR names it. Outputs (wherever they are, /tmp
 * too) are declared in [arguments] and need cpath. */
void learn_prefer_tmppath(const struct learner *l, struct draft *d)
{
	int cpath = promise_lookup("cpath"), tmppath = promise_lookup("tmppath");
	bool old_cpath = l->merging && strlist_contains(&l->old.promises, "cpath");
	if (cpath < 0 || tmppath < 0 || !d->promise[cpath] || old_cpath || !l->creates.n)
		return;
	const char *env = getenv("TMPDIR");
	char tmp[PATH_MAX];
	if (!canonical(env && env[0] == '/' ? env : "/tmp", tmp))
		return;
	size_t temporary = 0;
	for (size_t i = 0; i < l->creates.n; i++) {
		if (learnargs_is_output(&d->args, l->creates.item[i]))
			continue;
		if (!beneath(l->creates.item[i], tmp))
			return;
		temporary++;
	}
	if (!temporary)
		return;
	d->promise[tmppath] = true;
	d->promise[cpath] = false; /* outputs are the broker's: cpath is not theirs */
	for (size_t i = 0; i < d->needs.n; i++)
		if (has_prefix(d->needs.item[i], "cpath,")) {
			char *line = xasprintf("tmppath,%s", d->needs.item[i] + 6);
			free(d->needs.item[i]);
			d->needs.item[i] = line;
		}
}

void learn_choose_ports(const struct learner *l, struct draft *d)
{
	/* Ports a preload rule grants (fakeroot-tcp's) stay the rule's. */
	struct policy p = { 0 };
	const struct preloads *pl = l->in->preloads;
	for (size_t i = 0; i < pl->libs.n; i++) {
		const struct preload_rule *r = rule_of(pl, i);
		for (size_t j = 0; r && j < r->connect_tcp.n; j++)
			strlist_add(&p.allow, r->connect_tcp.item[j], NULL);
		for (size_t j = 0; r && j < r->connect_tcp_env.n; j++) {
			const char *v = getenv(r->connect_tcp_env.item[j]);
			char port[16];
			snprintf(port, sizeof port, "%ld", v ? strtol(v, NULL, 10) : 0L);
			strlist_add(&p.allow, port, NULL);
		}
	}
	const struct strlist none = { 0 };
	const struct strlist *from[][2] = {
		{ &l->connect, l->merging ? &l->old.connect_tcp : &none },
		{ &l->bind, l->merging ? &l->old.bind_tcp : &none },
	};
	struct strlist *to[] = { &d->connect, &d->bind };
	for (size_t k = 0; k < 2; k++)
		for (size_t s = 0; s < 2; s++)
			for (size_t i = 0; i < from[k][s]->n; i++)
				if ((s == 1 || !strlist_contains(&p.allow, from[k][s]->item[i])) &&
				    !strlist_contains(to[k], from[k][s]->item[i]))
					strlist_add(to[k], from[k][s]->item[i], NULL);
	strlist_free(&p.allow);
}
