/* SPDX-License-Identifier: GPL-2.0-or-later */
/* struct policy: the one contract between deciding (cli, profile, preload,
 * args) and applying (landlock, caps, seccomp, supervisor). Everything the
 * kernel will be told is here, with the reason for each part (--explain). */
#ifndef SR_POLICY_H
#define SR_POLICY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/util.h"

#define MAX_PROMISES 32

/* What a denied call gets, where reports go, and how much Landlock the
 * run needs: set in sandbox-run.conf, the profile or the command line
 * (settings.h, profile.h, cli.h), read by every part that applies them.
 * Named REPORT_*: <syslog.h> owns the LOG_* names. */
enum violation {
	VIOLATION_DENY,
	VIOLATION_KILL,
	VIOLATION_REPORT
};
enum log_target {
	REPORT_STDERR,
	REPORT_SYSLOG,
	REPORT_BOTH,
	REPORT_NONE
};
enum landlock_mode {
	LANDLOCK_REQUIRED,
	LANDLOCK_BEST_EFFORT,
	LANDLOCK_OFF
};
/* Their names, as the files and --explain spell them: one table each
 * (policy.c), indexed by the enum. */
extern const char *const violation_names[];
extern const char *const log_names[];
extern const char *const landlock_mode_names[];

/* Resource limits ([limits] of the profile, else of sandbox-run.conf):
 * cpu, address-space, file-size, open-files and
 * processes are the kernel's RLIMIT_CPU, _AS, _FSIZE, _NOFILE and _NPROC,
 * soft and hard alike, so the target cannot raise them (apply/rlimits.h);
 * timeout is wall-clock time, kept by the supervisor, which also names the
 * limit that ended a command (supervise/limitwatch.h). RLIMIT_CORE is
 * always 0: a core file is written where Landlock's rules do not reach. */
enum limit {
	LIMIT_CPU,
	LIMIT_AS,
	LIMIT_FSIZE,
	LIMIT_NOFILE,
	LIMIT_NPROC,
	LIMIT_TIMEOUT,
	N_LIMITS,
};

#define LIMIT_UNSET UINT64_MAX /* no limit: "infinity", or not set anywhere */

struct limits {
	uint64_t value[N_LIMITS]; /* seconds, bytes or a count; LIMIT_UNSET */
	char *origin[N_LIMITS]; /* "file:line" of the value, NULL if unset */
	char *text[N_LIMITS]; /* the value as written there ("5m") */
};

/* The key names, in enum order ("cpu", "address-space", ...). */
extern const char *const limit_names[N_LIMITS];
/* A value in words for reports and --explain ("60 s", "512 MiB", "64"). */
void limit_format(enum limit l, uint64_t v, char *buf, size_t size);
void limits_free(struct limits *l);

/* Filesystem access, independent of the Landlock ABI (landlock.c maps it). */
enum access {
	ACC_READ_FILE = 1 << 0,
	ACC_READ_DIR = 1 << 1, /* list the directory itself */
	ACC_WRITE = 1 << 2, /* write and truncate existing files */
	ACC_EXEC = 1 << 3,
	ACC_CREATE = 1 << 4, /* create and remove regular files beneath */
	ACC_IOCTL_DEV = 1 << 5, /* ioctl on a device (terminals) */
	ACC_MAKE_TREE = 1 << 6, /* directories and symbolic links too: a private directory only */
	ACC_READ = ACC_READ_FILE | ACC_READ_DIR,
};

struct grant {
	char *path;
	unsigned access; /* enum access */
	bool quiet_missing; /* a system path that may not exist on this machine */
	char *why;
};

/* A declared output. The supervisor's broker (broker.h) creates or opens
 * it for the target, beneath its directory; Landlock grants the directory
 * nothing, so no other name there can be written, created or removed. */
struct output {
	char *dir; /* its directory, absolute, symbolic links resolved */
	char *name; /* a file name, or a pattern with one %d (gs's page-%d.png) */
	bool pattern; /* then only new names matching it, never an existing file */
	bool prefix; /* a pattern: new names that start with name (pdftoppm's out/p) */
	bool tree; /* an output directory: new entries in dir and in the
			* directories the run made there, no name (unzip -d dir) */
	char *arg; /* tree: the argument as given, for messages */
	char *why;
};

/* Where a preload rule's library may connect: the broker makes the
 * connection on the target's socket after comparing the address. */
struct endpoint {
	int family; /* AF_UNIX, AF_INET or AF_INET6 */
	char *path; /* AF_UNIX: the socket's path */
	unsigned char addr[16]; /* AF_INET: the first 4 bytes */
	uint16_t port; /* host order */
	char *why;
};

struct port_grant {
	uint16_t port;
	bool bind;
	char *why;
};

struct policy {
	char *program; /* the command's name, for reports */
	char *target; /* path given to execve */
	int argc;
	char *const *argv;
	char *profile_path;
	struct strlist files; /* profile, drop-ins, preload rules, sandbox-run.conf */
	char *description;
	bool promise[MAX_PROMISES];
	char *promise_why[MAX_PROMISES];
	struct strlist allow; /* single syscalls, with origin */
	struct strlist refuse; /* calls EPERM'd in the kernel, unreported (profile, preload rules) */
	int on_violation; /* enum violation */
	int log; /* enum log_target */
	int landlock; /* enum landlock_mode */
	unsigned landlock_abi_needed;
	/* The ABI Landlock is applied with on this kernel, 0 for none (set by
	 * main.c before the filter is built): below 6 the filter and the
	 * supervisor keep the signal and abstract-socket scopes, below 4 the
	 * TCP ports, below 3 truncation by path (landlock_below). */
	int landlock_abi;
	struct grant *grants;
	size_t n_grants;
	size_t grants_cap; /* policy.c's: allocated grants */
	size_t *grant_slots; /* policy.c's: hash of paths → index + 1 */
	size_t n_slots;
	struct port_grant *ports;
	size_t n_ports;
	bool restrict_tcp; /* Landlock denies TCP bind/connect but ports */
	struct output *outputs; /* brokered: see struct output */
	size_t n_outputs;
	struct strlist listable; /* directory operands: listed through the broker */
	struct endpoint *endpoints; /* brokered connects of preload rules */
	size_t n_endpoints;
	bool private_tmp; /* tmppath: a directory of its own, made per run */
	char *tmpdir; /* that directory, once made (main.c) */
	int tmpdir_fd; /* its lock, held by the supervisor until it is removed */
	struct strlist preload_notes; /* "LIB (origin): rule FILE: what it adds" */
	struct strlist unknown_preloads;
	struct limits limits; /* [limits] of the profile, else of sandbox-run.conf */
};

/* The deciding stage's input. Its types are decide/'s own, incomplete
 * here: the parts that read struct policy never see them. */
struct settings;
struct target;
struct profile;
struct preloads;
struct arg_files;

struct policy_input {
	const struct settings *settings;
	const char *on_violation; /* command line overrides, or NULL */
	const char *log;
	const struct target *target;
	int argc;
	char *const *argv;
	const char *profile_path;
	const struct profile *profile;
	const struct preloads *preloads;
	const struct arg_files *args;
};

/* Merges everything into one policy; exits 125 on an inconsistent input.
 * Two stages (decide/facts.h): policy_gather asks the system what the
 * policy depends on (files, globs, lists, interpreters, variables, System V
 * objects), then policy_build, pure, decides from that alone; this runs
 * both, for callers that have no use for the facts (--learn, benchmarks). */
void policy_from_system(const struct policy_input *in, struct policy *p);
/* Is a supervisor process needed (reports, report mode, brokered calls, a
 * private temporary directory to remove)? Not for deny and kill with
 * log = none and nothing brokered: the kernel answers those alone. */
bool policy_supervised(const struct policy *p);
/* Does the supervisor's broker serve calls of this policy (outputs,
 * directory operands, preload endpoints)? */
bool policy_brokered(const struct policy *p);
/* Makes the output directories that are missing (unzip -d new), with the
 * mode the umask leaves: before the filter, not for --explain. */
void policy_make_output_dirs(const struct policy *p);
/* The private temporary directory, once made (tmpdir.h): granted. */
void policy_add_tmpdir(struct policy *p, const char *path, int fd);
/* Whether Landlock as applied on this kernel lacks what ABI abi added, so
 * that the filter and the supervisor keep it instead. */
bool landlock_below(const struct policy *p, int abi);
/* Whether connect (and bind) go to the supervisor: preload endpoints, or
 * scopes that Landlock cannot keep on this kernel. */
bool policy_brokers_sockets(const struct policy *p);
/* Whether an output's file name is a pattern (page-%d.png). */
bool output_is_pattern(const char *name);
void policy_free(struct policy *p);
/* Whether one of these promises (names) comes with call nr, with these
 * arguments, refused (for --learn, which answers it as a confined run). */
bool policy_promises_refuse(const struct strlist *promises, int nr, const uint64_t args[6]);

#endif
