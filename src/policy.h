/* struct policy: the one contract between deciding (cli, profile, preload,
 * args) and applying (landlock, caps, seccomp, supervisor). Everything the
 * kernel will be told is here, with the reason for each part (--explain). */
#ifndef SR_POLICY_H
#define SR_POLICY_H

#include <stdbool.h>
#include <stdint.h>

#include "args.h"
#include "preload.h"
#include "profile.h"
#include "settings.h"
#include "target.h"
#include "util.h"

#define MAX_PROMISES 32

/* Filesystem access, independent of the Landlock ABI (landlock.c maps it). */
enum access {
	ACC_READ_FILE = 1 << 0,
	ACC_READ_DIR = 1 << 1,  /* list the directory itself */
	ACC_WRITE = 1 << 2,     /* write and truncate existing files */
	ACC_EXEC = 1 << 3,
	ACC_CREATE = 1 << 4,    /* create and remove regular files beneath */
	ACC_IOCTL_DEV = 1 << 5, /* ioctl on a device (terminals) */
	ACC_READ = ACC_READ_FILE | ACC_READ_DIR,
};

struct grant {
	char *path;
	unsigned access;     /* enum access */
	bool create_first;   /* an output the launcher creates before confining */
	bool quiet_missing;  /* a system path that may not exist on this machine */
	char *why;
};

struct port_grant {
	uint16_t port;
	bool bind;
	char *why;
};

struct policy {
	char *program;           /* the command's name, for reports */
	char *target;            /* path given to execve */
	int argc;
	char *const *argv;
	char *profile_path;
	struct strlist files;    /* profile, drop-ins, preload rules, sandbox-run.conf */
	char *description;
	bool promise[MAX_PROMISES];
	char *promise_why[MAX_PROMISES];
	struct strlist allow;    /* single syscalls, with origin */
	struct strlist refuse;   /* calls EPERM'd in the kernel, unreported (profile, preload rules) */
	int on_violation;        /* enum violation */
	int log;                 /* enum log_target */
	int landlock;            /* enum landlock_mode */
	unsigned landlock_abi_needed;
	struct grant *grants;
	size_t n_grants;
	size_t grants_cap;       /* policy.c's: allocated grants */
	size_t *grant_slots;     /* policy.c's: hash of paths → index + 1 */
	size_t n_slots;
	struct port_grant *ports;
	size_t n_ports;
	bool restrict_tcp;       /* Landlock denies TCP bind/connect but ports */
	struct strlist preload_notes; /* "LIB (origin): rule FILE: what it adds" */
	struct strlist unknown_preloads;
};

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

/* Merges everything into one policy; exits 125 on an inconsistent input. */
void policy_build(const struct policy_input *in, struct policy *p);
/* Is a supervisor process needed (reports, or report mode)? Not for deny
 * and kill with log = none: the kernel answers those alone. */
bool policy_supervised(const struct policy *p);
void policy_free(struct policy *p);
/* Whether one of these promises (names) comes with call nr, with these
 * arguments, refused (for --learn, which answers it as a confined run). */
bool policy_promises_refuse(const struct strlist *promises, int nr, const uint64_t args[6]);

#endif
