/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The broker: the supervisor acting on the target's behalf for the few
 * calls whose answer depends on what BPF cannot see, a name or an address
 * behind a pointer (docs/design-notes.md, "The broker: what BPF cannot
 * judge" and "One set of guarantees on every kernel"):
 *
 *   open, openat, creat that create or write, when the policy declares
 *     outputs: a declared output is opened by the broker beneath the
 *     directory it holds and the descriptor installed in the target
 *     (SECCOMP_IOCTL_NOTIF_ADDFD); another name in an output's directory,
 *     or an output's name elsewhere, is refused and reported;
 *   in an output directory (unzip -d DIR) and the directories the run
 *     made there: open that creates, mkdir, and on entries the run made
 *     (never on others) open for writing, chmod (no set-id bits), utimensat,
 *     unlink, ftruncate, fchown that changes nothing, and a hard link to
 *     it there; symbolic links and renames are refused there;
 *   open, openat with O_DIRECTORY, when the policy has directory operands:
 *     the operand itself is opened for listing (Landlock grants it nothing,
 *     since a right on a directory holds beneath it too);
 *   connect, when a preload rule names endpoints: the broker compares the
 *     address, takes the target's socket (pidfd_getfd) and connects it;
 *   what Landlock scopes from a later ABI than the kernel's: signals to
 *     processes other than the caller (ABI 6: the sandbox's own only),
 *     connect to abstract Unix sockets (ABI 6: none), TCP ports (ABI 4: the
 *     profile's), truncate by path (ABI 3: declared outputs only);
 *   socket(AF_UNIX, SOCK_DGRAM), when a rule names a Unix endpoint: the
 *     target gets one end of a SOCK_SEQPACKET pair, which ignores the
 *     address sendmsg() names (a datagram socket, even a connected one,
 *     would send wherever the name says), and the broker relays each
 *     message to the endpoint it connects to (snoopy's /dev/log).
 *
 * Any other such call goes on to the kernel unchanged (CONTINUE), where
 * Landlock decides as it would have: the broker only ever adds what it
 * serves itself, with its own copy of the name, so a target that changes
 * the memory it passed after the broker read it gains nothing. */
#ifndef SR_BROKER_H
#define SR_BROKER_H

#include <linux/seccomp.h>
#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "decide/policy.h"
#include "catalogue/promises.h"

#define BROKER_RELAYS 16

/* A datagram socket as the target sees it: our end of its pair, the inode
 * of its end (to know it again in connect), where its messages go. */
struct relay {
	int ours;
	dev_t dev;
	ino_t theirs;
	int dest; /* a datagram socket connected to the endpoint, or -1 */
};

struct broker {
	const struct policy *p;
	int listener;
	pid_t target; /* the sandbox's first process: its own are this and below */
	int *out_dir; /* per output: its directory (O_PATH), or -1 */
	int *list_dir; /* per directory operand (O_PATH), or -1 */
	struct strlist created; /* "DIR/NAME" of what this run's patterns created */
	struct made { /* what the run made in output directories */
		dev_t dev;
		ino_t ino;
		size_t tree; /* the output it is beneath */
		bool dir;
		bool removed; /* unlinked since: its inode number may come back */
	} * made;
	size_t n_made, made_cap;
	size_t *made_slots; /* hash of (dev, ino) -> index + 1: an archive has many */
	size_t n_made_slots;
	struct relay relay[BROKER_RELAYS];
	size_t n_relays;
};

enum broker_answer {
	BROKER_NOT_MINE, /* not a brokered call: the supervisor's denial path */
	BROKER_RESPOND, /* resp holds the answer (a result, or CONTINUE) */
	BROKER_SENT, /* answered already: a descriptor installed as the result */
	BROKER_REFUSED, /* refused; why says why, to be reported and denied */
};

/* Opens what the broker serves from (the policy's paths are absolute). */
void broker_open(struct broker *b, const struct policy *p, int listener, pid_t target);
/* Serves one notification of tid (of process tgid), or says it is not one
 * of the broker's; why receives the reason of a refusal. */
enum broker_answer broker_handle(struct broker *b, const struct seccomp_notif *req, pid_t tgid,
				 struct seccomp_notif_resp *resp, char *why, size_t size);
/* The relays' descriptors to poll (POLLIN), into pfd[max]: their count. */
size_t broker_poll_fds(const struct broker *b, struct pollfd *pfd, size_t max);
/* Forwards what the polled relays received (pfd as filled above, with the
 * poll's revents); closes those whose target end is gone. */
void broker_relay(struct broker *b, const struct pollfd *pfd, size_t n);
/* The errno a refusal is answered with. */
int broker_refusal_errno(const struct seccomp_notif *req);
void broker_close(struct broker *b);

/* Whether the policy's promises or allow lines grant this call as made. */
bool policy_grants_call(const struct policy *p, int nr, const uint64_t *args, pid_t self);

#endif
