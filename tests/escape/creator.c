/* SPDX-License-Identifier: GPL-2.0-or-later */
/* creator.c — the target of the broker's own tests (tests/escape/outputs.t):
 * it asks for what a hostile parser would ask for in a directory where it
 * has a declared output, one action after the other.
 *
 *   creator [-o OUTPUT | --exact OUTPUT]... --ACTION ARG... [--ACTION ARG...]...
 *
 * -o and --exact only declare outputs to sandbox-run (the test profile names
 * them in output-options); creator skips them.  Each action prints one line
 * on stdout, "ACTION ARG: ok" or "ACTION ARG: ENAME" (the errno that refused
 * it), and the exit status is 0 when every action worked, 1 otherwise, 2 on
 * a usage error.  Actions that write put "creator ACTION\n" into the file
 * through the descriptor they got, so the test sees that the descriptor is
 * the file's.
 *
 *   --create PATH        openat(AT_FDCWD, PATH, O_WRONLY|O_CREAT|O_TRUNC), write
 *   --open PATH          open(2) itself (the old call number), same flags, write
 *   --creat PATH         creat(2), write
 *   --openat2 PATH       openat2(2), same flags, no resolve flags, write
 *   --append PATH        O_WRONLY|O_APPEND, no O_CREAT, write
 *   --trunc PATH         O_WRONLY|O_TRUNC, no O_CREAT
 *   --at DIR NAME        openat(O_PATH descriptor of DIR, NAME, O_WRONLY|O_CREAT|O_TRUNC)
 *   --mkdir PATH         mkdir(2)
 *   --unlink PATH        unlink(2)
 *   --rename FROM TO     rename(2)
 *   --list DIR           opendir(3) and readdir(3); prints "listed DIR/NAME" per entry
 *   --tree DIR           --list DIR, then each subdirectory of DIR twice: by its
 *                        path, and by openat(DIR's descriptor, NAME, O_DIRECTORY)
 *   --race GOOD BAD N    a second thread flips a path buffer between GOOD and BAD
 *                        while this one opens it O_WRONLY|O_CREAT|O_TRUNC N times
 *                        (writing through and closing each descriptor it gets);
 *                        prints "race GOOD: K of N opened" and is "ok" always
 *   --race-fd GOOD BAD NAME N
 *                        the same with the directory descriptor: a second thread
 *                        dup2()s O_PATH descriptors of GOOD and BAD onto one number
 *                        while this one does openat(that number, NAME, ...) N times
 *
 * Nothing but the paths given is ever written, renamed or removed.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#ifndef SYS_openat2
#define SYS_openat2 437
#endif

#define CREATE_FLAGS (O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)

/* struct open_how, spelled out: linux/openat2.h is missing on older headers. */
struct creator_open_how {
	uint64_t flags, mode, resolve;
};

static const char *ename(int e)
{
	const char *name = strerrorname_np(e);
	return name ? name : "E?";
}

/* The verdict line; returns 0 for ok, 1 for a refusal (errno). */
static int verdict(const char *action, const char *arg, int rc)
{
	if (rc >= 0) {
		printf("%s %s: ok\n", action, arg);
		return 0;
	}
	printf("%s %s: %s\n", action, arg, ename(errno));
	return 1;
}

/* Write through FD and close it: -1 with errno if either fails. */
static int fill(int fd, const char *action)
{
	if (fd < 0)
		return -1;
	char text[64];
	int n = snprintf(text, sizeof text, "creator %s\n", action);
	ssize_t w = write(fd, text, (size_t)n);
	int saved = errno;
	close(fd);
	errno = saved;
	return w == n ? 0 : -1;
}

static int do_create(char **a)
{
	return fill(openat(AT_FDCWD, a[0], CREATE_FLAGS, 0644), "create");
}

static int do_open(char **a)
{
	return fill((int)syscall(SYS_open, a[0], CREATE_FLAGS, 0644), "open");
}

static int do_creat(char **a)
{
	return fill((int)syscall(SYS_creat, a[0], 0644), "creat");
}

static int do_openat2(char **a)
{
	struct creator_open_how how = { .flags = CREATE_FLAGS, .mode = 0644 };
	return fill((int)syscall(SYS_openat2, AT_FDCWD, a[0], &how, sizeof how), "openat2");
}

static int do_append(char **a)
{
	return fill(open(a[0], O_WRONLY | O_APPEND | O_CLOEXEC), "append");
}

static int do_trunc(char **a)
{
	int fd = open(a[0], O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd >= 0)
		close(fd);
	return fd;
}

static int do_at(char **a)
{
	int dir = open(a[0], O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dir < 0)
		return -1;
	int rc = fill(openat(dir, a[1], CREATE_FLAGS, 0644), "at");
	int saved = errno;
	close(dir);
	errno = saved;
	return rc;
}

static int do_mkdir(char **a)
{
	return mkdir(a[0], 0755);
}

static int do_unlink(char **a)
{
	return unlink(a[0]);
}

static int do_rename(char **a)
{
	return rename(a[0], a[1]);
}

/* Print every name of an open directory stream; closes it. */
static void print_entries(DIR *d, const char *path)
{
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			printf("listed %s/%s\n", path, e->d_name);
	closedir(d);
}

static int do_list(char **a)
{
	DIR *d = opendir(a[0]);
	if (!d)
		return -1;
	print_entries(d, a[0]);
	return 0;
}

/* One subdirectory of TOP, by path and through TOP's descriptor. */
static int list_sub(int top, const char *toppath, const char *name)
{
	char *path;
	int bad = 0;
	if (asprintf(&path, "%s/%s", toppath, name) < 0)
		return 1;
	DIR *d = opendir(path);
	if (d)
		print_entries(d, path);
	bad |= verdict("tree-path", path, d ? 0 : -1);
	int fd = openat(top, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *f = fd >= 0 ? fdopendir(fd) : NULL;
	if (f)
		print_entries(f, path);
	bad |= verdict("tree-at", path, f ? 0 : -1);
	free(path);
	return bad;
}

static int do_tree(char **a)
{
	int top = open(a[0], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = top >= 0 ? fdopendir(dup(top)) : NULL;
	if (!d) {
		if (top >= 0)
			close(top);
		return -1;
	}
	struct dirent *e;
	int bad = 0;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		printf("listed %s/%s\n", a[0], e->d_name);
		if (e->d_type == DT_DIR)
			bad |= list_sub(top, a[0], e->d_name);
	}
	closedir(d);
	close(top);
	if (bad)
		errno = EACCES; /* the verdict of the whole: see the lines above */
	return bad ? -1 : 0;
}

/* The racing thread flips the path (or the descriptor) until told to stop. */
struct race {
	char path[4096];
	const char *good, *bad;
	size_t len;
	int fd_good, fd_bad, fd_slot;
	atomic_bool stop;
};

static void *flip_path(void *arg)
{
	struct race *r = arg;
	while (!atomic_load_explicit(&r->stop, memory_order_relaxed)) {
		/* byte by byte, so the reader also sees every torn mix of the two */
		for (size_t i = 0; i < r->len; i++)
			((volatile char *)r->path)[i] = r->bad[i];
		for (size_t i = 0; i < r->len; i++)
			((volatile char *)r->path)[i] = r->good[i];
	}
	return NULL;
}

static void *flip_fd(void *arg)
{
	struct race *r = arg;
	while (!atomic_load_explicit(&r->stop, memory_order_relaxed)) {
		dup2(r->fd_bad, r->fd_slot);
		dup2(r->fd_good, r->fd_slot);
	}
	return NULL;
}

/* Run OPEN N times while FLIP runs; count the descriptors obtained. */
static int race_run(struct race *r, void *(*flip)(void *), int (*open_once)(struct race *),
		    const char *label, const char *n_text)
{
	long n = strtol(n_text, NULL, 10), served = 0;
	pthread_t t;
	if (n <= 0 || pthread_create(&t, NULL, flip, r) != 0) {
		fprintf(stderr, "creator: %s: bad count or no thread\n", label);
		exit(2);
	}
	for (long i = 0; i < n; i++)
		served += fill(open_once(r), "race") == 0;
	atomic_store(&r->stop, true);
	pthread_join(t, NULL);
	printf("race %s: %ld of %ld opened\n", label, served, n);
	return 0;
}

static int open_path(struct race *r)
{
	return openat(AT_FDCWD, r->path, CREATE_FLAGS, 0644);
}

static int do_race(char **a)
{
	static struct race r;
	size_t lg = strlen(a[0]), lb = strlen(a[1]);
	r.len = (lg > lb ? lg : lb) + 1;
	if (r.len > sizeof r.path) {
		fprintf(stderr, "creator: race: paths too long\n");
		exit(2);
	}
	/* Both padded with NULs to the same length: every byte is flipped. */
	char *good = calloc(1, r.len), *bad = calloc(1, r.len);
	if (!good || !bad) {
		fprintf(stderr, "creator: race: out of memory\n");
		exit(2);
	}
	memcpy(good, a[0], lg);
	memcpy(bad, a[1], lb);
	r.good = good;
	r.bad = bad;
	memcpy(r.path, good, r.len);
	int rc = race_run(&r, flip_path, open_path, a[0], a[2]);
	free(good);
	free(bad);
	return rc;
}

static const char *race_name;

static int open_at_slot(struct race *r)
{
	return openat(r->fd_slot, race_name, CREATE_FLAGS, 0644);
}

static int do_race_fd(char **a)
{
	static struct race r;
	r.fd_good = open(a[0], O_PATH | O_DIRECTORY | O_CLOEXEC);
	r.fd_bad = open(a[1], O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (r.fd_good < 0 || r.fd_bad < 0)
		return -1;
	r.fd_slot = dup(r.fd_good);
	race_name = a[2];
	return race_run(&r, flip_fd, open_at_slot, a[0], a[3]);
}

static const struct action {
	const char *name;
	int nargs;
	int (*run)(char **args);
} actions[] = {
	{ "--create", 1, do_create },   { "--open", 1, do_open },
	{ "--creat", 1, do_creat },     { "--openat2", 1, do_openat2 },
	{ "--append", 1, do_append },   { "--trunc", 1, do_trunc },
	{ "--at", 2, do_at },           { "--mkdir", 1, do_mkdir },
	{ "--unlink", 1, do_unlink },   { "--rename", 2, do_rename },
	{ "--list", 1, do_list },       { "--tree", 1, do_tree },
	{ "--race", 3, do_race },       { "--race-fd", 4, do_race_fd },
};

static const struct action *find_action(const char *name)
{
	for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++)
		if (strcmp(actions[i].name, name) == 0)
			return &actions[i];
	return NULL;
}

int main(int argc, char **argv)
{
	int failed = 0, done = 0;
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (int i = 1; i < argc;) {
		if ((!strcmp(argv[i], "-o") || !strcmp(argv[i], "--exact")) && i + 1 < argc) {
			i += 2; /* a declaration for sandbox-run, not an action */
			continue;
		}
		const struct action *act = find_action(argv[i]);
		if (!act || i + act->nargs >= argc) {
			fprintf(stderr, "creator: %s: unknown action or missing argument\n", argv[i]);
			return 2;
		}
		int rc = act->run(&argv[i + 1]);
		failed |= verdict(act->name + 2, argv[i + 1], rc);
		done++;
		i += 1 + act->nargs;
	}
	if (!done) {
		fprintf(stderr, "usage: creator [-o OUTPUT | --exact OUTPUT]... --ACTION ARG...\n");
		return 2;
	}
	return failed;
}
