/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The private temporary directory of promise tmppath (src/apply/tmpdir.c):
 * made 0700 and locked, refused beneath a parent someone else could
 * control, removed without following links even where the target took its
 * own rights away, and collected after a run died, never while it lives.
 * Each case runs in a child, as root and as nobody when run as root
 * (root's CAP_DAC_OVERRIDE would hide a mode-000 directory). Work
 * directories are under /var/tmp: nothing here touches /tmp. */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "apply/tmpdir.h"
#include "base/util.h"
#include "../lib/tap.h"

#define NOBODY 65534

/* A failed check in a child: says where, and the case fails. */
#define check(cond)                                                                          \
	do {                                                                                 \
		if (!(cond)) {                                                               \
			printf("#   %s:%d: %s (errno %s)\n", __FILE__, __LINE__, #cond,          \
			       strerror(errno));                                             \
			fflush(stdout);                                                      \
			return 1;                                                            \
		}                                                                            \
	} while (0)

static char *top;  /* under /var/tmp, searchable by nobody */
static char *base; /* the current user's directory in top */

static char *dir_in(const char *parent, const char *name)
{
	return xstrjoin(parent, "/", name, NULL);
}

/* A fresh directory of the current user under base. */
static char *fresh_dir(const char *name)
{
	char *d = xasprintf("%s/%s.%d", base, name, (int)getpid());
	if (mkdir(d, 0700) < 0)
		return NULL;
	return d;
}

static bool exists(const char *path)
{
	struct stat st;
	return lstat(path, &st) == 0;
}

static bool lock_held(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	bool held = fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) < 0 && errno == EWOULDBLOCK;
	if (fd >= 0)
		close(fd);
	return held;
}

/* A run of a case: gone with the case, even when a check returns early. */
static pid_t fork_run(void)
{
	pid_t parent = getpid(), pid = fork();
	if (pid == 0 && (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent))
		_exit(1);
	return pid;
}

static void become(uid_t uid)
{
	if (uid == geteuid())
		return;
	if (setgroups(0, NULL) < 0 || setresgid(uid, uid, uid) < 0 || setresuid(uid, uid, uid) < 0)
		_exit(99);
}

/* fn's result, run in a child as uid (0: a case passed). */
static int run_as(uid_t uid, int (*fn)(void))
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		become(uid);
		alarm(60);
		_exit(fn());
	}
	int status;
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* tmpdir_create_in(parent) in a grandchild: its exit status, and its
 * stderr in err. */
static int create_status(const char *parent, char *err, size_t size)
{
	int pipefd[2];
	if (pipe(pipefd) < 0)
		return -1;
	pid_t pid = fork();
	if (pid == 0) {
		dup2(pipefd[1], STDERR_FILENO);
		struct tmpdir t;
		tmpdir_create_in(&t, parent);
		_exit(0);
	}
	close(pipefd[1]);
	ssize_t n = read(pipefd[0], err, size - 1);
	err[n > 0 ? n : 0] = '\0';
	close(pipefd[0]);
	int status;
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int case_made_private(void)
{
	char *home = fresh_dir("made"), *parent = dir_in(home, "sandbox-run");
	struct tmpdir t;
	tmpdir_create_in(&t, parent);
	struct stat st, pst;
	check(stat(parent, &pst) == 0 && (pst.st_mode & 07777) == 0700);
	check(strncmp(t.path, parent, strlen(parent)) == 0 && t.path[strlen(parent)] == '/');
	check(stat(t.path, &st) == 0 && S_ISDIR(st.st_mode) && (st.st_mode & 07777) == 0700);
	check(st.st_uid == geteuid());
	check(lock_held(t.path));
	check(fcntl(t.fd, F_GETFD) & FD_CLOEXEC);
	check(tmpdir_remove(&t) == 0 && !exists(t.path) && t.fd == -1);
	return 0;
}

/* Not a world to explore: a link planted inside is removed, not followed;
 * a file outside that it points to, or a directory, survives. */
static int case_links_not_followed(void)
{
	char *home = fresh_dir("links"), *outside = dir_in(home, "outside");
	char *victim = dir_in(outside, "victim"), *parent = dir_in(home, "sandbox-run");
	check(mkdir(outside, 0700) == 0);
	int fd = open(victim, O_WRONLY | O_CREAT, 0600);
	check(fd >= 0 && write(fd, "keep\n", 5) == 5 && close(fd) == 0);
	struct tmpdir t;
	tmpdir_create_in(&t, parent);
	char *in_file = dir_in(t.path, "to-file"), *in_dir = dir_in(t.path, "to-dir");
	check(symlink(victim, in_file) == 0 && symlink(outside, in_dir) == 0);
	check(tmpdir_remove(&t) == 0);
	check(!exists(t.path));
	check(exists(victim) && exists(outside));
	return 0;
}

/* mkdir(name, 0) needs no fattr: such a directory, with files and more of
 * them beneath, is still removed. */
static int case_unreadable_dirs(void)
{
	char *home = fresh_dir("modes"), *parent = dir_in(home, "sandbox-run");
	struct tmpdir t;
	tmpdir_create_in(&t, parent);
	char *a = dir_in(t.path, "a"), *b = dir_in(a, "b"), *f = dir_in(b, "f");
	check(mkdir(a, 0700) == 0 && mkdir(b, 0700) == 0);
	check(close(open(f, O_WRONLY | O_CREAT, 0600)) == 0);
	check(chmod(b, 0) == 0 && chmod(a, 0) == 0);
	char *c = dir_in(t.path, "c");
	check(mkdir(c, 0) == 0);
	check(tmpdir_remove(&t) == 0);
	check(!exists(t.path));
	return 0;
}

/* Deeper than the removal holds open at once (MAX_DEPTH), with an
 * unreadable directory at the bottom. */
static int case_deep_tree(void)
{
	char *home = fresh_dir("deep"), *parent = dir_in(home, "sandbox-run");
	struct tmpdir t;
	tmpdir_create_in(&t, parent);
	int fd = open(t.path, O_RDONLY | O_DIRECTORY);
	for (int i = 0; i < 200 && fd >= 0; i++) {
		check(mkdirat(fd, "d", 0700) == 0);
		int sub = openat(fd, "d", O_RDONLY | O_DIRECTORY);
		close(fd);
		fd = sub;
	}
	check(fd >= 0 && mkdirat(fd, "locked", 0) == 0);
	close(fd);
	check(tmpdir_remove(&t) == 0);
	check(!exists(t.path));
	return 0;
}

static int refused(const char *parent, const char *why)
{
	char err[1024];
	int status = create_status(parent, err, sizeof err);
	if (status != EXIT_SANDBOX || !strstr(err, why) || strchr(err, '\n') != strrchr(err, '\n')) {
		printf("#   %s: status %d, message: %s", parent, status, err);
		return 1;
	}
	return 0;
}

static int case_symlink_parent(void)
{
	char *home = fresh_dir("symlink"), *real = dir_in(home, "real");
	char *parent = dir_in(home, "sandbox-run");
	check(mkdir(real, 0700) == 0 && symlink(real, parent) == 0);
	return refused(parent, "is a symbolic link");
}

static int case_group_writable_parent(void)
{
	char *home = fresh_dir("groupw"), *parent = dir_in(home, "sandbox-run");
	check(mkdir(parent, 0700) == 0 && chmod(parent, 0770) == 0);
	return refused(parent, "may be written by others (mode 0770)");
}

/* Made by root (the test's parent) beforehand: what another user planting
 * /tmp/sandbox-run-UID looks like. */
static char *foreign_parent;
static int case_foreign_parent(void)
{
	return refused(foreign_parent, "belongs to uid 0, not to you");
}

static int case_not_a_directory(void)
{
	char *home = fresh_dir("file"), *parent = dir_in(home, "sandbox-run");
	check(close(open(parent, O_WRONLY | O_CREAT, 0600)) == 0);
	return refused(parent, "is not a directory");
}

static int case_concurrent_runs(void)
{
	char *home = fresh_dir("concurrent"), *parent = dir_in(home, "sandbox-run");
	int pipefd[2];
	check(pipe(pipefd) == 0);
	/* Eight starts at once: eight directories, each locked by its own run. */
	pid_t pids[8];
	for (int i = 0; i < 8; i++)
		if ((pids[i] = fork_run()) == 0) {
			struct tmpdir t;
			tmpdir_create_in(&t, parent);
			char line[PATH_MAX];
			int n = snprintf(line, sizeof line, "%s\n", t.path);
			if (write(pipefd[1], line, (size_t)n) != n)
				_exit(1);
			pause(); /* alive, holding its lock, until killed */
		}
	close(pipefd[1]);
	FILE *f = fdopen(pipefd[0], "r");
	char seen[8][PATH_MAX];
	int n = 0;
	while (n < 8 && fgets(seen[n], sizeof seen[n], f)) {
		seen[n][strcspn(seen[n], "\n")] = '\0';
		n++;
	}
	check(n == 8);
	for (int i = 0; i < n; i++) {
		check(lock_held(seen[i]));
		for (int j = 0; j < i; j++)
			check(strcmp(seen[i], seen[j]) != 0);
	}
	/* A start meanwhile collects none of them: their runs live. */
	struct tmpdir t;
	tmpdir_create_in(&t, parent);
	for (int i = 0; i < n; i++)
		check(exists(seen[i]));
	tmpdir_remove(&t);
	for (int i = 0; i < 8; i++)
		if (pids[i] > 0)
			kill(pids[i], SIGKILL);
	while (wait(NULL) > 0)
		;
	return 0;
}

/* A run killed with SIGKILL (its supervisor, whose descriptor held the
 * lock) leaves its directory; the next start removes it, contents and
 * unreadable directories included, and keeps the one of a live run. */
static int case_collect_dead(void)
{
	char *home = fresh_dir("collect"), *parent = dir_in(home, "sandbox-run");
	int pipefd[2];
	check(pipe(pipefd) == 0);
	char dead[PATH_MAX] = "", live[PATH_MAX] = "";
	pid_t pids[2];
	for (int i = 0; i < 2; i++) {
		pids[i] = fork_run();
		if (pids[i] == 0) {
			struct tmpdir t;
			tmpdir_create_in(&t, parent);
			char *sub = dir_in(t.path, "sub"), *f = dir_in(sub, "scratch");
			if (mkdir(sub, 0700) < 0 || close(open(f, O_WRONLY | O_CREAT, 0600)) < 0 ||
			    chmod(sub, 0) < 0)
				_exit(1);
			if (write(pipefd[1], t.path, strlen(t.path) + 1) < 0)
				_exit(1);
			pause();
		}
		check(pids[i] > 0);
		check(read(pipefd[0], i == 0 ? dead : live, PATH_MAX) > 0);
	}
	kill(pids[0], SIGKILL);
	waitpid(pids[0], NULL, 0);
	check(exists(dead) && !lock_held(dead) && lock_held(live));
	struct tmpdir t;
	tmpdir_create_in(&t, parent);
	check(!exists(dead));
	check(exists(live) && lock_held(live));
	check(tmpdir_remove(&t) == 0);
	kill(pids[1], SIGKILL);
	waitpid(pids[1], NULL, 0);
	return 0;
}

/* Names that are not a run's ("run-" and six characters) are the user's. */
static int case_collect_only_runs(void)
{
	char *home = fresh_dir("names"), *parent = dir_in(home, "sandbox-run");
	check(mkdir(parent, 0700) == 0);
	char *mine = dir_in(parent, "notes");
	check(mkdir(mine, 0700) == 0);
	struct tmpdir t;
	tmpdir_create_in(&t, parent);
	check(exists(mine));
	check(tmpdir_remove(&t) == 0);
	return 0;
}

static int case_parent_choice(void)
{
	char uid[16];
	put_uint(uid, (unsigned)geteuid());
	char *fallback = geteuid() == 0 ? xstrdup("/run/sandbox-run")
					: xstrjoin("/tmp/sandbox-run-", uid, NULL);
	char *home = fresh_dir("xdg"), *wide = dir_in(home, "wide");
	check(mkdir(wide, 0700) == 0 && chmod(wide, 0777) == 0);
	setenv("XDG_RUNTIME_DIR", home, 1);
	char *got = tmpdir_parent(), *want = dir_in(home, "sandbox-run");
	check(strcmp(got, want) == 0);
	setenv("XDG_RUNTIME_DIR", wide, 1);
	check(strcmp(tmpdir_parent(), fallback) == 0);
	setenv("XDG_RUNTIME_DIR", "relative/dir", 1);
	check(strcmp(tmpdir_parent(), fallback) == 0);
	setenv("XDG_RUNTIME_DIR", "/nonexistent-sr-test", 1);
	check(strcmp(tmpdir_parent(), fallback) == 0);
	unsetenv("XDG_RUNTIME_DIR");
	check(strcmp(tmpdir_parent(), fallback) == 0);
	return 0;
}

static int case_export(void)
{
	static const char *const vars[] = { "TMPDIR", "TEMP", "TMP", "GROFF_TMPDIR",
					     "MAGICK_TEMPORARY_PATH", "MAGICK_TMPDIR" };
	setenv("GROFF_TMPDIR", "/var/tmp", 1);
	struct tmpdir t = { .path = "/run/user/1/sandbox-run/run-abcdef", .fd = -1 };
	tmpdir_export(&t);
	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
		check(getenv(vars[i]) && strcmp(getenv(vars[i]), t.path) == 0);
	struct tmpdir none = { .path = NULL, .fd = -1 };
	check(tmpdir_remove(&none) == 0);
	return 0;
}

static const struct {
	int (*fn)(void);
	const char *what;
} cases[] = {
	{ case_made_private, "a run's directory is mode 0700 in a parent made 0700, locked, close-on-exec, removed" },
	{ case_links_not_followed, "removal unlinks symbolic links planted inside: the file and directory outside survive" },
	{ case_unreadable_dirs, "removal takes mode-000 directories and what they hold" },
	{ case_deep_tree, "removal takes a tree 200 directories deep" },
	{ case_symlink_parent, "a parent that is a symbolic link is refused, exit 125, one line" },
	{ case_group_writable_parent, "a group-writable parent is refused, exit 125, one line" },
	{ case_not_a_directory, "a parent that is a file is refused, exit 125, one line" },
	{ case_concurrent_runs, "eight concurrent runs get eight directories, and a ninth collects none" },
	{ case_collect_dead, "a dead run's left-over is collected at the next start, a live run's is not" },
	{ case_collect_only_runs, "collection leaves names that are not a run's" },
	{ case_parent_choice, "XDG_RUNTIME_DIR of the user's and not writable by others, else /run/sandbox-run (root) or /tmp/sandbox-run-UID" },
	{ case_export, "TMPDIR and what the shipped tools read before it name the directory" },
};

int main(void)
{
	top = xstrdup("/var/tmp/sr-tmpdir-test.XXXXXX");
	if (!mkdtemp(top) || chmod(top, 0755) < 0) {
		printf("Bail out! cannot make a test directory in /var/tmp: %s\n", strerror(errno));
		return 1;
	}
	uid_t users[2] = { geteuid(), NOBODY };
	int n_users = geteuid() == 0 ? 2 : 1;
	for (int u = 0; u < n_users; u++) {
		const char *who = users[u] == 0 ? "root" : users[u] == NOBODY ? "nobody" : "user";
		base = xasprintf("%s/%s", top, who);
		if (mkdir(base, 0755) < 0 || chown(base, users[u], users[u]) < 0) {
			printf("Bail out! cannot make %s: %s\n", base, strerror(errno));
			return 1;
		}
		for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
			ok(run_as(users[u], cases[i].fn) == 0, "%s (as %s)", cases[i].what, who);
		free(base);
		base = NULL;
	}
	/* Someone else's parent: root's, tried by nobody; or, run as an ordinary
	 * user, a directory of root's that exists anyway. */
	if (geteuid() == 0) {
		foreign_parent = dir_in(top, "roots");
		mkdir(foreign_parent, 0755);
		ok(run_as(NOBODY, case_foreign_parent) == 0,
		   "a parent that belongs to another user is refused, exit 125, one line (as nobody)");
	} else {
		foreign_parent = "/usr";
		ok(run_as(geteuid(), case_foreign_parent) == 0,
		   "a parent that belongs to another user is refused, exit 125, one line (as user)");
	}
	char *rm = xstrjoin("rm -rf ", top, NULL);
	if (system(rm) != 0)
		printf("# could not remove %s\n", top);
	free(rm);
	return tap_done();
}
