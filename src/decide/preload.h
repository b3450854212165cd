/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Preloaded libraries (LD_PRELOAD, /etc/ld.so.preload) and the rules in
 * preload.d/ that say what each known one needs. */
#ifndef SR_PRELOAD_H
#define SR_PRELOAD_H

#include "decide/settings.h"
#include "base/util.h"

struct preload_rule {
	char *path; /* preload.d/NAME.ini */
	char *description;
	char *unsupported; /* non-NULL: refuse to run, with this explanation */
	struct strlist match; /* globs on the library's file name */
	struct strlist promises, allow, read, write, connect_tcp, connect_tcp_env;
	struct strlist refuse; /* calls it makes and does without: EPERM, unreported */
	/* Endpoints the broker lets connect() reach, nothing else (the
	 * sockaddr is checked in the supervisor, which connects itself). */
	struct strlist connect_unix; /* pathname sockets, absolute */
	struct strlist connect_unix_env; /* variables whose value is such a path */
	struct strlist connect_tcp_host; /* numeric IPv4/IPv6 addresses, for the TCP ports */
	/* System V objects, by offset from a key in the environment
	 * (fakeroot-sysv): ipc.c turns them into calls on their ids. */
	struct strlist ipc_key_env; /* one variable name, or: */
	struct strlist ipc_key; /* one fixed key (a number) */
	struct strlist ipc_send_queues, ipc_receive_queues, ipc_semaphores;
	char *ipc_daemon; /* who serves them, for messages ("faked") */
	int prime_name_service; /* ignored: no preloaded library runs in the launcher */
	bool masked; /* an empty file: removes the rule of that name */
};

struct preloads {
	struct strlist libs; /* as found, $LIB and $PLATFORM expanded; origin says where */
	char **path; /* per library: the file ld.so loads, or NULL if unknown */
	int *rule; /* per library: index into rules, or -1 */
	struct preload_rule *rules;
	size_t n_rules;
	struct strlist rule_files; /* every preload.d file read */
};

/* Lists the preloaded libraries of this environment: LD_PRELOAD split as
 * ld.so splits it (colons and spaces), then preload_file (blanks and
 * colons, '#' comments; missing or unreadable = none). */
void preload_detect(struct preloads *pl, const char *ld_preload, const char *preload_file);
/* Reads the rules (preload.d/ of $SANDBOX_RUN_PROFILE_PATH when user
 * profiles are allowed, then of the profile directories; the first file of
 * a name wins, an empty one removes the rule) and matches them by the file
 * name of the library ld.so loads, then by the name as written. Errors
 * ("file:line: message") are appended; returns their count. */
int preload_match(const struct settings *s, struct preloads *pl, struct strlist *errors);
/* Parses one rule file (for --check); returns the number of errors. */
int preload_rule_load(const char *path, struct preload_rule *r, struct strlist *errors);
void preload_rule_free(struct preload_rule *r);
void preload_free(struct preloads *pl);
void preload_print_keys(void);

#endif
