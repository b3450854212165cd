/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of deciding about preloaded libraries: LD_PRELOAD and
 * /etc/ld.so.preload parsing, ld.so's tokens and search, matching rules,
 * System V objects. The allow syntax is tests/catalogue/test-sysrule.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decide/ipc.h"
#include "decide/ldso.h"
#include "decide/preload.h"
#include "catalogue/sysrule.h"
#include "../lib/tap.h"

static size_t count_libs(const char *ld_preload, const char *file)
{
	struct preloads pl;
	preload_detect(&pl, ld_preload, file);
	size_t n = pl.libs.n;
	preload_free(&pl);
	return n;
}

static char *first_lib(const char *ld_preload)
{
	struct preloads pl;
	preload_detect(&pl, ld_preload, NULL);
	char *lib = pl.libs.n ? xstrdup(pl.libs.item[0]) : NULL;
	preload_free(&pl);
	return lib;
}

static void test_ld_preload_words(void)
{
	ok(count_libs(NULL, NULL) == 0, "no LD_PRELOAD: nothing");
	ok(count_libs("", NULL) == 0, "empty LD_PRELOAD: nothing");
	ok(count_libs("    ", NULL) == 0, "only spaces: nothing");
	ok(count_libs(":::", NULL) == 0, "only colons: nothing");
	ok(count_libs("liba.so:", NULL) == 1, "trailing colon: one library");
	ok(count_libs(" liba.so  libb.so:libc.so ", NULL) == 3, "spaces and colons separate");
	ok(count_libs("liba.so\tlibb.so", NULL) == 1, "a tab does not separate (ld.so neither)");
	ok(count_libs("liba.so:liba.so liba.so", NULL) == 1, "duplicates are listed once");
	char big[4097];
	for (size_t i = 0; i + 2 <= 4096; i += 2)
		memcpy(big + i, i % 4 ? "b:" : "a:", 2);
	big[4096] = '\0';
	ok(count_libs(big, NULL) == 2, "4 KiB of entries: parsed, deduplicated");
	char many[8192] = "";
	for (int i = 0; i < 600; i++)
		snprintf(many + strlen(many), sizeof many - strlen(many), "l%d.so:", i);
	ok(count_libs(many, NULL) == 600, "600 distinct entries are all kept");
}

static void test_preload_file(void)
{
	char path[] = "/tmp/test-preload-XXXXXX";
	int fd = mkstemp(path);
	/* What ld.so (glibc 2.36) tries to load from this very file: liba.so
	 * libb.so libc.so libd.so #libe.so (its comment removal stops early). */
	const char *text = "# c1\nliba.so # c2 libz.so\nlibb.so\tlibc.so:libd.so\n#libe.so\n   \n";
	ok(fd >= 0 && write(fd, text, strlen(text)) == (ssize_t)strlen(text), "wrote a preload file");
	close(fd);
	ok(count_libs(NULL, path) == 5, "file: blanks and colons separate, '#' comments as ld.so");
	ok(count_libs("libx.so", path) == 6, "LD_PRELOAD and the file together");
	unlink(path);
	ok(count_libs(NULL, path) == 0, "missing file: nothing");
	ok(count_libs(NULL, "/proc/self/mem") == 0, "unreadable file: nothing");
}

static void test_tokens(void)
{
	char *lib = first_lib("/usr/$LIB/libx.so");
	ok(lib && strstr(lib, "$") == NULL && strncmp(lib, "/usr/lib", 8) == 0,
	   "$LIB expanded like ld.so (%s)", lib ? lib : "null");
	free(lib);
	char *braces = first_lib("/usr/${LIB}/libx.so");
	char *plain = first_lib("/usr/$LIB/libx.so");
	is_str(braces, plain, "${LIB} is $LIB");
	free(braces);
	free(plain);
	lib = first_lib("/opt/$PLATFORM/libx.so");
	ok(lib && strstr(lib, "$") == NULL, "$PLATFORM expanded (%s)", lib ? lib : "null");
	free(lib);
	lib = first_lib("/opt/$LIBX/libx.so");
	is_str(lib, "/opt/$LIBX/libx.so", "$LIBX is not $LIB");
	free(lib);
	lib = first_lib("$ORIGIN/libx.so");
	is_str(lib, "$ORIGIN/libx.so", "$ORIGIN waits for the target");
	free(lib);
	char *r = ldso_resolve("$ORIGIN/../lib/x86_64-linux-gnu/libc.so.6", "/usr/bin");
	char *direct = realpath("/usr/lib/x86_64-linux-gnu/libc.so.6", NULL);
	if (direct)
		is_str(r, direct, "$ORIGIN is the target's directory");
	else
		ok(1, "# SKIP not a Debian x86_64 layout");
	free(r);
	free(direct);
	r = ldso_resolve("libc.so.6", NULL);
	ok(r && r[0] == '/' && strstr(r, "libc.so"), "a bare name is found where ld.so finds it (%s)",
	   r ? r : "null");
	free(r);
	ok(ldso_resolve("libdoes-not-exist.so", NULL) == NULL, "an unknown bare name: NULL");
}

/* Writes text to dir/name. */
static void put(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	ok(f && fputs(text, f) >= 0 && fclose(f) == 0, "wrote %s", name);
	free(path);
}

/* ld.so.conf as glibc's ldconfig reads it: comments, includes (globs
 * relative to the including file, several on a line), "DIR=TYPE",
 * trailing slashes, hwcap lines; directories in file order. */
static void test_conf(void)
{
	char dir[] = "/tmp/test-preload-conf.XXXXXX";
	ok(mkdtemp(dir) != NULL, "made %s", dir);
	char *libs[] = { xasprintf("%s/a", dir), xasprintf("%s/b", dir), xasprintf("%s/c", dir),
			 xasprintf("%s/d", dir), xasprintf("%s/sub", dir) };
	for (int i = 0; i < 5; i++)
		mkdir(libs[i], 0755);
	put(libs[1], "libx.so", "");
	put(libs[2], "libx.so", "");
	put(libs[2], "liby.so", "");
	put(libs[3], "libz.so", "");
	char *conf = xasprintf("%s/ld.so.conf", dir);
	char *text = xasprintf("# libx.so in %s/b\n  \n%s/a/ # trailing slash\nhwcap 1 %s/d\n"
			       "include sub/1.conf sub/none*.conf\n%s/c\ninclude %s/ld.so.conf\n",
			       dir, dir, dir, dir, dir);
	put(dir, "ld.so.conf", text);
	free(text);
	text = xasprintf("%s/b=libc6\n", dir);
	put(libs[4], "1.conf", text);
	free(text);
	char *want = xasprintf("%s/b/libx.so", dir), *got = ldso_search_conf(conf, "libx.so");
	is_str(got, want, "the first directory that has it, through a relative include and DIR=TYPE");
	free(got);
	free(want);
	want = xasprintf("%s/c/liby.so", dir);
	got = ldso_search_conf(conf, "liby.so");
	is_str(got, want, "a directory after the include");
	free(got);
	free(want);
	ok(ldso_search_conf(conf, "libz.so") == NULL,
	   "a directory named only on a hwcap line is not searched; an include of itself ends");
	ok(ldso_search_conf(conf, "libnone.so") == NULL, "a name in no directory: NULL");
	ok(ldso_search_conf("/nonexistent/ld.so.conf", "libx.so") == NULL, "no ld.so.conf: NULL");
	char *cmd = xasprintf("rm -rf %s", dir);
	ok(system(cmd) == 0, "removed %s", dir);
	free(cmd);
	free(conf);
	for (int i = 0; i < 5; i++)
		free(libs[i]);
}

/* Rules in a directory of our own, found through $SANDBOX_RUN_PROFILE_PATH. */
static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void test_match(void)
{
	char dir[] = "/tmp/test-preload-rules-XXXXXX";
	ok(mkdtemp(dir) != NULL, "made a rules directory");
	chmod(dir, 0755);
	char *sub = xasprintf("%s/preload.d", dir);
	mkdir(sub, 0755);
	char *a = xasprintf("%s/a.ini", sub), *b = xasprintf("%s/fakeroot-tcp.ini", sub);
	char *c = xasprintf("%s/faketime.ini", sub);
	write_file(a, "[preload]\nmatch = libfoo.so.* libbar-?.so\nallow = socket(AF_UNIX, *)\n");
	write_file(b, ""); /* removes the shipped rule */
	ok(symlink("/dev/null", c) == 0, "a link to /dev/null made"); /* removes it as well */
	/* the shipped rules alone first */
	struct settings s = { .allow_user_profiles = 1, .n_profile_dirs = 1 };
	s.profile_dirs[0] = ABS_SRCDIR "/profiles";
	struct preloads pl;
	struct strlist errors = { 0 };
	unsetenv("SANDBOX_RUN_PROFILE_PATH");
	preload_detect(&pl, "libfakeroot-tcp.so libfaketime.so.1", NULL);
	ok(preload_match(&s, &pl, &errors) == 0 && pl.rule[0] >= 0 &&
	   !pl.rules[pl.rule[0]].masked, "the shipped rules know libfakeroot-tcp.so");
	ok(pl.rule[1] >= 0 && !pl.rules[pl.rule[1]].masked,
	   "the shipped rules know libfaketime.so.1");
	preload_free(&pl);
	setenv("SANDBOX_RUN_PROFILE_PATH", dir, 1);
	preload_detect(&pl, "/x/libfoo.so.1 libbar-1.so libfoo.so libfoo.so.1x/libbar-12.so "
			    "libfakeroot-tcp.so", NULL);
	ok(preload_match(&s, &pl, &errors) == 0, "rules load without errors");
	ok(pl.rule[0] >= 0, "glob libfoo.so.* matches /x/libfoo.so.1");
	ok(pl.rule[1] >= 0, "glob libbar-?.so matches libbar-1.so");
	ok(pl.rule[2] < 0, "libfoo.so is not libfoo.so.*");
	ok(pl.rule[3] < 0, "only the file name counts, never a substring (libbar-12.so)");
	ok(pl.rule[4] < 0 || pl.rules[pl.rule[4]].masked,
	   "an empty file of the same name removes a rule");
	preload_free(&pl);
	preload_detect(&pl, "libfaketime.so.1", NULL);
	ok(preload_match(&s, &pl, &errors) == 0 && errors.n == 0,
	   "a rule linked to /dev/null is no error (its mode is the kernel's)");
	ok(pl.rule[0] < 0 || pl.rules[pl.rule[0]].masked,
	   "a link to /dev/null of the same name removes a rule");
	preload_free(&pl);
	strlist_free(&errors);
	s.allow_user_profiles = 0;
	preload_detect(&pl, "/x/libfoo.so.1", NULL);
	preload_match(&s, &pl, &errors);
	ok(pl.rule[0] < 0, "user rules are ignored when allow-user-profiles = no");
	preload_free(&pl);
	unsetenv("SANDBOX_RUN_PROFILE_PATH");
	unlink(a);
	unlink(b);
	unlink(c);
	free(c);
	rmdir(sub);
	rmdir(dir);
	free(a);
	free(b);
	free(sub);
}

/* ipc_allow_rules: faked's objects by key and id, made here as faked makes
 * them, and a refusal with a reason when one is missing. */
static void test_ipc(void)
{
	struct preload_rule r = { .path = "fakeroot-sysv.ini", .ipc_daemon = "faked" };
	strlist_add(&r.ipc_key_env, "SR_TEST_KEY", "fakeroot-sysv.ini:20");
	strlist_add(&r.ipc_send_queues, "0", "fakeroot-sysv.ini:21");
	strlist_add(&r.ipc_receive_queues, "1", "fakeroot-sysv.ini:22");
	strlist_add(&r.ipc_semaphores, "2", "fakeroot-sysv.ini:23");
	struct strlist allow = { 0 };
	char err[256] = "", key_text[16];
	unsetenv("SR_TEST_KEY");
	ok(ipc_allow_rules(&r, &allow, "o", err, sizeof err) == 0 && allow.n == 0,
	   "key variable unset: nothing granted, no error");
	int key = 0x53520000 + (getpid() & 0xfff) * 4;
	snprintf(key_text, sizeof key_text, "%d", key);
	setenv("SR_TEST_KEY", key_text, 1);
	ok(ipc_allow_rules(&r, &allow, "o", err, sizeof err) < 0 &&
	   strstr(err, "faked's message queue (send)") && strstr(err, "does not exist") &&
	   strstr(err, "is faked running?"), "objects missing: refused (%s)", err);
	int q0 = msgget(key, IPC_CREAT | IPC_EXCL | 0600), q1 = msgget(key + 1, IPC_CREAT | IPC_EXCL | 0600);
	int sem = semget(key + 2, 1, IPC_CREAT | IPC_EXCL | 0600);
	ok(q0 >= 0 && q1 >= 0 && sem >= 0, "made two queues and a semaphore set");
	ok(ipc_allow_rules(&r, &allow, "o", err, sizeof err) == 0, "objects present: resolved");
	char *want[] = { xasprintf("msgget(%d/0xffffffff, *)", key), xasprintf("msgsnd(%d/0xffffffff)", q0),
			 xasprintf("msgget(%d/0xffffffff, *)", key + 1), xasprintf("msgrcv(%d/0xffffffff)", q1),
			 xasprintf("semget(%d/0xffffffff, *, *)", key + 2),
			 xasprintf("semop(%d/0xffffffff)", sem), xasprintf("semtimedop(%d/0xffffffff)", sem) };
	ok(allow.n == 7, "seven calls, each on one key or id (%zu)", allow.n);
	for (size_t i = 0; i < 7; i++) {
		is_str(i < allow.n ? allow.item[i] : NULL, want[i], "line %zu", i);
		free(want[i]);
	}
	struct strlist errors = { 0 };
	ok(sysrule_validate(&allow, &errors) == 0, "every line is valid sysrule syntax");
	setenv("SR_TEST_KEY", "12x", 1);
	ok(ipc_allow_rules(&r, &allow, "o", err, sizeof err) < 0 && strstr(err, "not a System V key"),
	   "a key that is not a number: refused (%s)", err);
	msgctl(q0, IPC_RMID, NULL);
	msgctl(q1, IPC_RMID, NULL);
	semctl(sem, 0, IPC_RMID);
	unsetenv("SR_TEST_KEY");
	strlist_free(&allow);
	strlist_free(&errors);
	strlist_free(&r.ipc_key_env);
	strlist_free(&r.ipc_send_queues);
	strlist_free(&r.ipc_receive_queues);
	strlist_free(&r.ipc_semaphores);
}

int main(void)
{
	test_ld_preload_words();
	test_preload_file();
	test_tokens();
	test_conf();
	test_match();
	test_ipc();
	return tap_done();
}
