/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "decide/preload.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <fnmatch.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/un.h>
#include <unistd.h>

#include "base/inifile.h"
#include "base/trusted.h"
#include "decide/ldso.h"
#include "decide/profile.h"
#include "catalogue/sysrule.h"

#define R(field) offsetof(struct preload_rule, field)
static const struct ini_key rule_keys[] = {
	{ "preload", "description", INI_STRING, R(description), NULL, "shown by --explain" },
	{ "preload", "match", INI_LIST, R(match), NULL, "globs on the library file name" },
	{ "preload", "prime-name-service", INI_BOOL, R(prime_name_service), NULL,
	  "ignored: no preloaded library runs in the launcher (kept for older rules)" },
	{ "preload", "unsupported", INI_STRING, R(unsupported), NULL,
	  "refuse to run under this library, with this explanation" },
	{ "preload", "promises", INI_LIST, R(promises), NULL, "promises the library needs" },
	{ "preload", "allow", INI_LIST, R(allow), NULL,
	  "single system calls it needs, with argument conditions: socket(AF_UNIX, SOCK_DGRAM/0xf)" },
	{ "preload", "refuse", INI_LIST, R(refuse), NULL,
	  "calls it makes and does without, refused (EPERM) unreported: socket(AF_UNIX, SOCK_STREAM)" },
	{ "filesystem", "read", INI_LIST, R(read), NULL, "files it reads (globs allowed)" },
	{ "filesystem", "write", INI_LIST, R(write), NULL, "files it writes (globs allowed)" },
	{ "network", "connect-tcp", INI_LIST, R(connect_tcp), NULL, "TCP ports it connects to" },
	{ "network", "connect-tcp-env", INI_LIST, R(connect_tcp_env), NULL,
	  "environment variables whose leading number is a TCP port it connects to" },
	{ "network", "connect-tcp-host", INI_LIST, R(connect_tcp_host), NULL,
	  "numeric IPv4/IPv6 addresses those ports are reached on (127.0.0.1 ::1)" },
	{ "network", "connect-unix", INI_LIST, R(connect_unix), NULL,
	  "pathname Unix sockets it connects to (/dev/log)" },
	{ "network", "connect-unix-env", INI_LIST, R(connect_unix_env), NULL,
	  "environment variables holding the path of a Unix socket it connects to" },
	{ "ipc", "key-env", INI_LIST, R(ipc_key_env), NULL,
	  "the environment variable holding the System V key its objects derive from" },
	{ "ipc", "key", INI_LIST, R(ipc_key), NULL,
	  "or a fixed System V key its objects derive from" },
	{ "ipc", "send-queues", INI_LIST, R(ipc_send_queues), NULL,
	  "offsets from that key of message queues it opens and sends to" },
	{ "ipc", "receive-queues", INI_LIST, R(ipc_receive_queues), NULL,
	  "offsets from that key of message queues it opens and receives from" },
	{ "ipc", "semaphores", INI_LIST, R(ipc_semaphores), NULL,
	  "offsets from that key of semaphore sets it opens and operates on" },
	{ "ipc", "daemon", INI_STRING, R(ipc_daemon), NULL,
	  "the program that creates those objects, named when they are missing" },
};
#define N_KEYS (sizeof rule_keys / sizeof rule_keys[0])

/* ld.so splits LD_PRELOAD at spaces and colons only (a tab is part of a
 * name); /etc/ld.so.preload at any blank or colon, after removing '#'
 * comments. */
#define ENV_SEPARATORS " :"
#define FILE_SEPARATORS " \t\n:"
/* Enough for any real list; the rest of a larger file is not read. */
#define MAX_PRELOAD_FILE (1 << 20)

/* --- detection ------------------------------------------------------------ */

static void add_words(struct preloads *pl, char *text, const char *separators, const char *origin)
{
	for (char *w; (w = strsep(&text, separators));) {
		if (!*w)
			continue;
		char *lib = ldso_expand(w, NULL);
		if (!strlist_contains(&pl->libs, lib))
			strlist_add(&pl->libs, lib, origin);
		free(lib);
	}
}

static char *read_preload_file(const char *path)
{
	FILE *f = path ? fopen(path, "re") : NULL;
	if (!f)
		return NULL;
	char *text = xmalloc(MAX_PRELOAD_FILE + 1);
	size_t n = fread(text, 1, MAX_PRELOAD_FILE, f);
	fclose(f);
	text[n] = '\0';
	/* '#' starts a comment to the end of its line, exactly as glibc's
	 * rtld.c removes them: its search never moves past the start of the
	 * file, so a late '#' can survive and ld.so then tries to load the
	 * words after it; so does this list. */
	size_t rest = n;
	for (char *c; rest > 0 && (c = memchr(text, '#', rest));) {
		rest -= (size_t)(c - text);
		do
			*c = ' ';
		while (--rest > 0 && *++c != '\n');
	}
	return text;
}

void preload_detect(struct preloads *pl, const char *ld_preload, const char *preload_file)
{
	memset(pl, 0, sizeof *pl);
	if (ld_preload) {
		char *copy = xstrdup(ld_preload);
		add_words(pl, copy, ENV_SEPARATORS, "LD_PRELOAD");
		free(copy);
	}
	char *text = read_preload_file(preload_file);
	if (text) {
		add_words(pl, text, FILE_SEPARATORS, preload_file);
		free(text);
	}
}

/* --- rules ---------------------------------------------------------------- */

static void add_error(struct strlist *errors, char *m)
{
	strlist_add(errors, m, NULL);
	free(m);
}

static int validate_env_names(const struct strlist *l, struct strlist *errors)
{
	int n = 0;
	for (size_t i = 0; i < l->n; i++) {
		const char *v = l->item[i];
		if ((isalpha((unsigned char)v[0]) || v[0] == '_') &&
		    v[strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")] ==
			    '\0')
			continue;
		const char *bare = v[0] == '$' ? v + 1 : "FAKEROOTKEY";
		add_error(errors, xasprintf("%s: \"%s\" is not an environment variable name "
					    "(write %s, not $%s)",
					    l->origin[i], v, bare, bare));
		n++;
	}
	return n;
}

/* The broker serves connect() by the address the rule names; a bare
 * allow would let the call through to any address. */
static int validate_no_connect(const struct strlist *allow, struct strlist *errors)
{
	int n = 0;
	for (size_t i = 0; i < allow->n; i++) {
		if (strncmp(allow->item[i], "connect", 7) != 0 ||
		    (allow->item[i][7] != '\0' && allow->item[i][7] != '('))
			continue;
		add_error(errors,
			  xasprintf("%s: \"%s\": a preload rule names what it connects to "
				    "instead: connect-unix, connect-unix-env or connect-tcp-host "
				    "in [network]",
				    allow->origin[i], allow->item[i]));
		n++;
	}
	return n;
}

static int validate_unix_paths(const struct strlist *l, struct strlist *errors)
{
	int n = 0;
	for (size_t i = 0; i < l->n; i++) {
		const char *v = l->item[i];
		if (v[0] == '/' && strlen(v) < sizeof((struct sockaddr_un *)0)->sun_path)
			continue;
		add_error(errors, xasprintf("%s: \"%s\" is not the absolute path of a Unix socket "
					    "(at most %zu bytes; abstract names are not supported)",
					    l->origin[i], v,
					    sizeof((struct sockaddr_un *)0)->sun_path - 1));
		n++;
	}
	return n;
}

static int validate_hosts(const struct preload_rule *r, struct strlist *errors)
{
	int n = 0;
	const struct strlist *l = &r->connect_tcp_host;
	for (size_t i = 0; i < l->n; i++) {
		unsigned char addr[sizeof(struct in6_addr)];
		if (inet_pton(AF_INET, l->item[i], addr) == 1 ||
		    inet_pton(AF_INET6, l->item[i], addr) == 1)
			continue;
		add_error(errors, xasprintf("%s: \"%s\" is not a numeric IPv4 or IPv6 address "
					    "(127.0.0.1, ::1)",
					    l->origin[i], l->item[i]));
		n++;
	}
	if (l->n && !r->connect_tcp.n && !r->connect_tcp_env.n) {
		add_error(errors, xasprintf("%s: connect-tcp-host needs the ports: connect-tcp or "
					    "connect-tcp-env in [network]",
					    l->origin[0]));
		n++;
	}
	return n;
}

/* An offset from the key: small, so that key + offset names the library's
 * own objects and nothing a wrap-around could reach. */
#define MAX_IPC_OFFSET 255

static int validate_offsets(const struct strlist *l, struct strlist *errors)
{
	int n = 0;
	for (size_t i = 0; i < l->n; i++) {
		char *end;
		long off = strtol(l->item[i], &end, 10);
		if (isdigit((unsigned char)l->item[i][0]) && !*end && off <= MAX_IPC_OFFSET)
			continue;
		add_error(errors, xasprintf("%s: bad offset \"%s\" from the key (expected 0 to %d)",
					    l->origin[i], l->item[i], MAX_IPC_OFFSET));
		n++;
	}
	return n;
}

static int validate_key(const struct strlist *l, struct strlist *errors)
{
	int n = 0;
	for (size_t i = 0; i < l->n; i++) {
		char *end;
		long long key = strtoll(l->item[i], &end, 0);
		if (*end || key == 0 || key < INT32_MIN || key > UINT32_MAX) {
			add_error(errors, xasprintf("%s: \"%s\" is not a System V key (a non-zero "
						    "32-bit number)",
						    l->origin[i], l->item[i]));
			n++;
		}
	}
	return n;
}

static int validate_ipc(const struct preload_rule *r, struct strlist *errors)
{
	const struct strlist *kinds[] = { &r->ipc_send_queues, &r->ipc_receive_queues,
					  &r->ipc_semaphores };
	const struct strlist *key = r->ipc_key_env.n ? &r->ipc_key_env : &r->ipc_key;
	int n = validate_env_names(&r->ipc_key_env, errors) + validate_key(&r->ipc_key, errors);
	size_t objects = 0;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		n += validate_offsets(kinds[i], errors);
		objects += kinds[i]->n;
	}
	if (r->ipc_key_env.n + r->ipc_key.n > 1) {
		const struct strlist *second = r->ipc_key.n ? &r->ipc_key : &r->ipc_key_env;
		add_error(errors, xasprintf("%s: one key: key-env or key, once",
					    second->origin[second->n - 1]));
		n++;
	}
	if (key->n && !objects) {
		add_error(errors, xasprintf("%s: a key without objects: add send-queues, "
					    "receive-queues or semaphores",
					    key->origin[0]));
		n++;
	}
	for (size_t i = 0; !key->n && i < sizeof kinds / sizeof kinds[0]; i++)
		if (kinds[i]->n) {
			add_error(errors, xasprintf("%s: offsets need the key they are added to: "
						    "key-env or key in [ipc]",
						    kinds[i]->origin[0]));
			n++;
			break;
		}
	return n;
}

static int validate_rule(struct preload_rule *r, struct strlist *errors)
{
	/* Promises and ports as in a profile; calls with their conditions. */
	struct profile as_profile = { .promises = r->promises, .connect_tcp = r->connect_tcp };
	int n = profile_validate(&as_profile, errors);
	n += sysrule_validate(&r->allow, errors);
	n += validate_no_connect(&r->allow, errors);
	n += sysrule_validate_refused(&r->refuse, errors);
	n += validate_env_names(&r->connect_tcp_env, errors);
	n += validate_env_names(&r->connect_unix_env, errors);
	n += validate_unix_paths(&r->connect_unix, errors);
	n += validate_hosts(r, errors);
	n += validate_ipc(r, errors);
	if (!n && r->match.n == 0) {
		add_error(errors, xasprintf("%s:1: a preload rule needs \"match =\" in [preload] "
					    "(an empty file removes the rule of that name)",
					    r->path));
		n++;
	}
	return n;
}

int preload_rule_load(const char *path, struct preload_rule *r, struct strlist *errors)
{
	memset(r, 0, sizeof *r);
	r->path = xstrdup(path);
	FILE *f = trusted_open(path, false, errors);
	if (!f)
		return 1;
	/* An empty file removes the rule of its name, as does a link to
	 * /dev/null, which trusted_open reads as one (systemd's convention).
	 * Peeked from the buffer the parser reads anyway, not a second fstat. */
	int first = fgetc(f);
	if (first == EOF) {
		fclose(f);
		r->masked = true;
		return 0;
	}
	ungetc(first, f);
	struct ini_result res = { 0 };
	int n = ini_load_file(f, path, rule_keys, N_KEYS, r, &res);
	fclose(f);
	for (size_t i = 0; i < res.errors.n; i++)
		strlist_add(errors, res.errors.item[i], NULL);
	strlist_free(&res.errors);
	sysrule_join(&r->allow);
	sysrule_join(&r->refuse);
	return n ? n : validate_rule(r, errors);
}

static int has_ini_suffix(const struct dirent *e)
{
	size_t len = strlen(e->d_name);
	return e->d_name[0] != '.' && len > 4 && strcmp(e->d_name + len - 4, ".ini") == 0;
}

static bool shadowed(const struct preloads *pl, const char *name)
{
	for (size_t i = 0; i < pl->rule_files.n; i++)
		if (strcmp(path_base(pl->rule_files.item[i]), name) == 0)
			return true;
	return false;
}

static int load_dir(const char *dir, struct preloads *pl, struct strlist *errors)
{
	struct dirent **names;
	int count = scandir(dir, &names, has_ini_suffix, alphasort);
	int n = 0;
	for (int i = 0; i < count; i++) {
		/* The first directory's file of a name replaces the later ones. */
		if (!shadowed(pl, names[i]->d_name)) {
			char *path = xasprintf("%s/%s", dir, names[i]->d_name);
			pl->rules = xrealloc(pl->rules, (pl->n_rules + 1) * sizeof *pl->rules);
			n += preload_rule_load(path, &pl->rules[pl->n_rules++], errors);
			strlist_add(&pl->rule_files, path, NULL);
			free(path);
		}
		free(names[i]);
	}
	if (count >= 0)
		free(names);
	return n;
}

static int load_rules(const struct settings *s, struct preloads *pl, struct strlist *errors)
{
	int n = 0;
	/* Users may bring their own rules where they may bring profiles. */
	const char *user = s->allow_user_profiles ? getenv("SANDBOX_RUN_PROFILE_PATH") : NULL;
	char *copy = user ? xstrdup(user) : NULL, *rest = copy;
	for (char *dir; rest && (dir = strsep(&rest, ":"));) {
		if (!*dir)
			continue;
		char *sub = xasprintf("%s/preload.d", dir);
		n += load_dir(sub, pl, errors);
		free(sub);
	}
	free(copy);
	for (size_t i = 0; i < s->n_profile_dirs; i++) {
		char *dir = xasprintf("%s/preload.d", s->profile_dirs[i]);
		n += load_dir(dir, pl, errors);
		free(dir);
	}
	return n;
}

static int rule_for_name(const struct preloads *pl, const char *name)
{
	for (size_t i = 0; i < pl->n_rules; i++)
		for (size_t j = 0; j < pl->rules[i].match.n; j++)
			if (fnmatch(pl->rules[i].match.item[j], name, 0) == 0)
				return (int)i;
	return -1;
}

/* The file ld.so really loads decides (libfakeroot-0.so is a link to the
 * tcp flavour on Debian); the name as written is the fallback. */
static int match_rule(const struct preloads *pl, size_t lib)
{
	int r = pl->path[lib] ? rule_for_name(pl, path_base(pl->path[lib])) : -1;
	return r >= 0 ? r : rule_for_name(pl, path_base(pl->libs.item[lib]));
}

int preload_match(const struct settings *s, struct preloads *pl, struct strlist *errors)
{
	if (pl->libs.n == 0)
		return 0; /* the common case reads no rule file at all */
	int n = load_rules(s, pl, errors);
	pl->path = xcalloc(pl->libs.n, sizeof *pl->path);
	pl->rule = xcalloc(pl->libs.n, sizeof *pl->rule);
	for (size_t i = 0; i < pl->libs.n; i++) {
		pl->path[i] = ldso_resolve(pl->libs.item[i], NULL);
		pl->rule[i] = match_rule(pl, i);
	}
	return n;
}

void preload_rule_free(struct preload_rule *r)
{
	free(r->path);
	free(r->description);
	free(r->unsupported);
	free(r->ipc_daemon);
	struct strlist *lists[] = { &r->match,
				    &r->promises,
				    &r->allow,
				    &r->read,
				    &r->write,
				    &r->connect_tcp,
				    &r->connect_tcp_env,
				    &r->refuse,
				    &r->connect_unix,
				    &r->connect_unix_env,
				    &r->connect_tcp_host,
				    &r->ipc_key_env,
				    &r->ipc_key,
				    &r->ipc_send_queues,
				    &r->ipc_receive_queues,
				    &r->ipc_semaphores };
	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
		strlist_free(lists[i]);
}

void preload_free(struct preloads *pl)
{
	for (size_t i = 0; i < pl->n_rules; i++)
		preload_rule_free(&pl->rules[i]);
	for (size_t i = 0; pl->path && i < pl->libs.n; i++)
		free(pl->path[i]);
	free(pl->path);
	free(pl->rules);
	free(pl->rule);
	strlist_free(&pl->libs);
	strlist_free(&pl->rule_files);
}

void preload_print_keys(void)
{
	ini_print_keys(rule_keys, N_KEYS);
}
