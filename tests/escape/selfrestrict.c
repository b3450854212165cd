/* A program that narrows itself further, as xz 5.6 does with Landlock and
 * others with seccomp, then shows that each narrowing holds. One line per
 * step on standard output:
 *
 *   selfrestrict FILE          Landlock (no file readable, then FILE is
 *                              not), a seccomp filter by prctl, another by
 *                              seccomp() with TSYNC and a NULL flag probe
 *   selfrestrict listener      a filter with its own listener
 *                              (SECCOMP_FILTER_FLAG_NEW_LISTENER)
 *   selfrestrict spec-allow    a filter with SECCOMP_FILTER_FLAG_SPEC_ALLOW
 *   selfrestrict fsids         setfsuid and setfsgid to its own ids, as
 *                              ncurses 6.5 does around each open
 *   selfrestrict fsuid-other   setfsuid to another user id
 *
 * Exit status 0 when every step went as the line says, 1 otherwise. */
#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#define __NR_landlock_add_rule 445
#define __NR_landlock_restrict_self 446
#endif
#define LL_READ_FILE (1ULL << 2)
#define LL_CREATE_RULESET_VERSION (1U << 0)

struct ll_attr {
	uint64_t handled_access_fs;
};

/* Answers call nr with errno err, allows everything else. No
 * architecture check: the launcher's filter already kills other ones. */
static int errno_filter(struct sock_fprog *prog, struct sock_filter f[4], int nr, int err)
{
	struct sock_filter code[4] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (unsigned)err),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	memcpy(f, code, sizeof code);
	prog->len = 4;
	prog->filter = f;
	return 0;
}

static int step(const char *name, int good, const char *how)
{
	printf("%s: %s%s\n", name, good ? "" : "FAILED: ", how);
	return good ? 0 : 1;
}

static int landlock(const char *file)
{
	int abi = (int)syscall(__NR_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
	if (abi < 1)
		return step("landlock", 0, strerror(errno));
	int before = open(file, O_RDONLY | O_CLOEXEC);
	struct ll_attr attr = { .handled_access_fs = LL_READ_FILE };
	int rs = (int)syscall(__NR_landlock_create_ruleset, &attr, sizeof attr, 0);
	if (before < 0 || rs < 0 || syscall(__NR_landlock_restrict_self, rs, 0) != 0)
		return step("landlock", 0, strerror(errno));
	close(rs);
	close(before);
	int after = open(file, O_RDONLY | O_CLOEXEC);
	return step("landlock", after < 0 && errno == EACCES,
		    "readable before restrict_self, EACCES after");
}

static int seccomp_prctl(void)
{
	struct sock_fprog prog;
	struct sock_filter f[4];
	errno_filter(&prog, f, SYS_getppid, 77);
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
		return step("seccomp-prctl", 0, strerror(errno));
	long r = syscall(SYS_getppid);
	return step("seccomp-prctl", r == -1 && errno == 77, "getppid answers errno 77");
}

static int seccomp_tsync(void)
{
	struct sock_fprog prog;
	struct sock_filter f[4];
	errno_filter(&prog, f, SYS_getpgrp, 78);
	/* libseccomp probes each flag this way before it uses one */
	long probe = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER,
			     NULL);
	if (probe != -1 || errno != EFAULT)
		return step("seccomp-tsync", 0, "the NULL probe did not fail with EFAULT");
	if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &prog) != 0)
		return step("seccomp-tsync", 0, strerror(errno));
	long r = syscall(SYS_getpgrp);
	return step("seccomp-tsync", r == -1 && errno == 78, "getpgrp answers errno 78");
}

/* A flag that would weaken or sidestep the launcher's filter. */
static int flagged(const char *name, unsigned long flag)
{
	struct sock_fprog prog;
	struct sock_filter f[4];
	errno_filter(&prog, f, SYS_getppid, 77);
	long r = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flag, &prog);
	if (r < 0)
		printf("%s: refused (%s)\n", name, strerror(errno));
	else
		printf("%s: installed\n", name);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: selfrestrict FILE | listener | spec-allow\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	/* what an unconfined run needs too (the launcher has set it) */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		return step("no_new_privs", 0, strerror(errno)), 1;
	if (strcmp(argv[1], "listener") == 0)
		return flagged("listener", SECCOMP_FILTER_FLAG_NEW_LISTENER);
	if (strcmp(argv[1], "fsids") == 0) {
		/* setfsuid answers the previous id, whatever it did */
		int u = setfsuid(getuid()), g = setfsgid(getgid());
		return step("fsids", u == (int)getuid() && g == (int)getgid(),
			    "setfsuid and setfsgid to its own ids answer them");
	}
	if (strcmp(argv[1], "fsuid-other") == 0) {
		int u = setfsuid(getuid() + 1);
		printf("fsuid-other: answered %d\n", u);
		return 0;
	}
	if (strcmp(argv[1], "spec-allow") == 0)
		return flagged("spec-allow", SECCOMP_FILTER_FLAG_SPEC_ALLOW);
	int bad = landlock(argv[1]);
	bad += seccomp_prctl();
	bad += seccomp_tsync();
	return bad ? 1 : 0;
}
