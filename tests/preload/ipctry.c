/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ipctry: one System V IPC operation, to prove what the fakeroot-sysv rule
 * opens. Objects are the calling user's, mode 0600.
 *
 *   ipctry make-queue KEY    create a message queue (IPC_EXCL), print its id
 *   ipctry make-sem KEY      create a one-semaphore set (IPC_EXCL), print its id
 *   ipctry msgget KEY        open an existing queue by key
 *   ipctry create KEY        msgget(KEY, IPC_CREAT|0600): make a new queue
 *   ipctry msgsnd ID         send one message (IPC_NOWAIT) to queue ID
 *   ipctry msgrcv ID         take one message (IPC_NOWAIT) from queue ID
 *   ipctry semop ID          raise semaphore 0 of set ID by one
 *
 * The operations print "OP: ok" or "OP: ERRNO-NAME" and exit 0 or 1 (an
 * empty queue is ENOMSG); 2 is a usage error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>

struct message {
	long mtype;
	char text[8];
};

static int report(const char *op, int err)
{
	printf("%s: %s\n", op, err ? strerrorname_np(err) : "ok");
	return err ? 1 : 0;
}

static int make(const char *op, int id)
{
	if (id < 0)
		return report(op, errno);
	printf("%d\n", id);
	return 0;
}

static int run(const char *op, long arg)
{
	struct message m = { .mtype = 1, .text = "ipctry" };
	struct sembuf up = { .sem_num = 0, .sem_op = 1 };
	int key = (int)arg, id = (int)arg;
	if (strcmp(op, "make-queue") == 0)
		return make(op, msgget(key, IPC_CREAT | IPC_EXCL | 0600));
	if (strcmp(op, "make-sem") == 0)
		return make(op, semget(key, 1, IPC_CREAT | IPC_EXCL | 0600));
	if (strcmp(op, "msgget") == 0)
		return report(op, msgget(key, 0) < 0 ? errno : 0);
	if (strcmp(op, "create") == 0)
		return report(op, msgget(key, IPC_CREAT | 0600) < 0 ? errno : 0);
	if (strcmp(op, "msgsnd") == 0)
		return report(op, msgsnd(id, &m, sizeof m.text, IPC_NOWAIT) < 0 ? errno : 0);
	if (strcmp(op, "msgrcv") == 0)
		return report(op, msgrcv(id, &m, sizeof m.text, 0, IPC_NOWAIT) < 0 ? errno : 0);
	if (strcmp(op, "semop") == 0)
		return report(op, semop(id, &up, 1) < 0 ? errno : 0);
	return -1;
}

int main(int argc, char **argv)
{
	char *end = NULL;
	long arg = argc == 3 ? strtol(argv[2], &end, 0) : 0;
	int status = argc == 3 && !*end ? run(argv[1], arg) : -1;
	if (status >= 0)
		return status;
	fprintf(stderr, "usage: ipctry make-queue|make-sem|msgget|create KEY | "
			"msgsnd|msgrcv|semop ID\n");
	return 2;
}
