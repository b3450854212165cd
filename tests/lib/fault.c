/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fault: run a command on a simulated degraded or failing kernel.
 *
 *   fault [--errno SYSCALL[:ARG0]=ERRNO]... [--landlock-abi N]
 *         [--signal SYSCALL[@N]=SIGNAL]... [--] CMD [ARG]...
 *
 *   --errno landlock_create_ruleset=ENOSYS   every such call fails with ENOSYS
 *   --errno seccomp=EINVAL                   (ERRNO may also be a number)
 *   --errno prctl:24=EPERM                   only calls whose first argument is
 *                                            24 (PR_CAPBSET_DROP) fail
 *   --landlock-abi 3                         landlock_create_ruleset(NULL, 0,
 *                                            LANDLOCK_CREATE_RULESET_VERSION)
 *                                            returns 3; other calls run normally
 *   --signal seccomp=SIGINT                  the first time CMD enters seccomp(),
 *                                            SIGINT is sent to it (the call then
 *                                            runs, the signal arrives after it):
 *                                            a signal at a chosen stage
 *   --signal execve@2=SIGINT                 ... the second time (the first
 *                                            execve is fault's own of CMD)
 *
 * fault sets no_new_privs (an unprivileged process may not load a filter
 * otherwise) and loads one seccomp filter that allows everything but the named
 * faults. Without --landlock-abi it then execs CMD in place; exit status and
 * signals are CMD's own. Exit 2: bad usage; 77: not possible here.
 *
 * --landlock-abi and --signal work from a tracer (SECCOMP_RET_TRACE),
 * not from a SECCOMP_RET_USER_NOTIF responder: the kernel refuses a second
 * listener in one filter chain (EBUSY), and sandbox-run installs its own for
 * its supervisor. So fault forks: the child loads the filter and execs CMD
 * under ptrace, the parent rewrites the query's result and exits as CMD does.
 * Only CMD itself is traced; in CMD's children a trapped call gets ENOSYS. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#define LANDLOCK_CREATE_RULESET_VERSION 1
#define EXIT_USAGE 2
#define EXIT_UNSUPPORTED 77
#define MAX_SIGNALS 8
#define TRACE_VERSION 0 /* SCMP_ACT_TRACE data of the version query */

/* --signal rules: TRACE data 1 + index; each fires once, at call number nth. */
static struct {
	int sig;
	int nth;
	int calls;
} signals[MAX_SIGNALS];
static int n_signals;

static void __attribute__((noreturn, format(printf, 2, 3))) fail(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("fault: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(status);
}

static int errno_value(const char *s)
{
	char *end;
	long n = strtol(s, &end, 10);
	if (*s && !*end && n > 0 && n < 4096)
		return (int)n;
	for (int e = 1; e < 4096; e++) {
		const char *name = strerrorname_np(e);
		if (name && strcmp(name, s) == 0)
			return e;
	}
	fail(EXIT_USAGE, "unknown errno \"%s\" (use a name such as EPERM or a number)", s);
}

/* SYSCALL[:ARG0]=ERRNO */
static void add_errno_rule(scmp_filter_ctx ctx, const char *spec)
{
	char *copy = strdup(spec);
	char *eq = copy ? strrchr(copy, '=') : NULL;
	if (!eq)
		fail(EXIT_USAGE, "--errno %s: expected SYSCALL[:ARG0]=ERRNO", spec);
	*eq = '\0';
	char *colon = strchr(copy, ':');
	if (colon)
		*colon++ = '\0';
	int nr = seccomp_syscall_resolve_name(copy);
	if (nr == __NR_SCMP_ERROR)
		fail(EXIT_USAGE, "--errno %s: unknown system call \"%s\"", spec, copy);
	int e = errno_value(eq + 1), r;
	if (colon)
		r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(e), nr, 1,
				     SCMP_A0(SCMP_CMP_EQ, strtoull(colon, NULL, 0)));
	else
		r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(e), nr, 0);
	if (r < 0)
		fail(EXIT_USAGE, "--errno %s: libseccomp refused the rule: %s", spec, strerror(-r));
	free(copy);
}

static void add_version_trap(scmp_filter_ctx ctx)
{
	int r = seccomp_rule_add(ctx, SCMP_ACT_TRACE(TRACE_VERSION), SCMP_SYS(landlock_create_ruleset), 1,
				 SCMP_A2(SCMP_CMP_MASKED_EQ, LANDLOCK_CREATE_RULESET_VERSION,
					 LANDLOCK_CREATE_RULESET_VERSION));
	if (r < 0)
		fail(EXIT_UNSUPPORTED, "libseccomp cannot trap landlock_create_ruleset: %s",
		     strerror(-r));
}

static int signal_value(const char *s)
{
	for (int sig = 1; sig < NSIG; sig++) {
		const char *abbrev = sigabbrev_np(sig);
		if (abbrev && (strcmp(s, abbrev) == 0 ||
			       (strncmp(s, "SIG", 3) == 0 && strcmp(s + 3, abbrev) == 0)))
			return sig;
	}
	int n = atoi(s);
	if (n > 0 && n < NSIG)
		return n;
	fail(EXIT_USAGE, "unknown signal \"%s\" (use a name such as SIGINT)", s);
}

/* SYSCALL[@N]=SIGNAL */
static void add_signal_rule(scmp_filter_ctx ctx, const char *spec)
{
	const char *eq = strrchr(spec, '=');
	if (!eq || n_signals == MAX_SIGNALS)
		fail(EXIT_USAGE, "--signal %s: expected SYSCALL[@N]=SIGNAL (at most %d)", spec,
		     MAX_SIGNALS);
	const char *at = memchr(spec, '@', (size_t)(eq - spec));
	signals[n_signals].nth = at ? atoi(at + 1) : 1;
	char *name = strndup(spec, (size_t)((at ? at : eq) - spec));
	int nr = name ? seccomp_syscall_resolve_name(name) : __NR_SCMP_ERROR;
	if (nr == __NR_SCMP_ERROR)
		fail(EXIT_USAGE, "--signal %s: unknown system call", spec);
	free(name);
	signals[n_signals].sig = signal_value(eq + 1);
	int r = seccomp_rule_add(ctx, SCMP_ACT_TRACE(1 + n_signals), nr, 0);
	if (r < 0)
		fail(EXIT_USAGE, "--signal %s: libseccomp refused the rule: %s", spec, strerror(-r));
	n_signals++;
}

/* The loader of CMD: its own process (with --landlock-abi) or fault itself. */
static void __attribute__((noreturn)) load_and_exec(scmp_filter_ctx ctx, char **cmd)
{
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		fail(EXIT_UNSUPPORTED, "cannot set no_new_privs: %s", strerror(errno));
	int r = seccomp_load(ctx);
	if (r < 0)
		fail(EXIT_UNSUPPORTED, "cannot load the fault filter: %s", strerror(-r));
	seccomp_release(ctx);
	execvp(cmd[0], cmd);
	fail(errno == ENOENT ? 127 : 126, "%s: %s", cmd[0], strerror(errno));
}

/* The kernel skips a syscall whose number a tracer set to -1 at the seccomp
 * stop and returns what the tracer left in the result register. */
static int answer_version(pid_t pid, int abi)
{
#if defined(__x86_64__)
	struct user_regs_struct regs;
	if (ptrace(PTRACE_GETREGS, pid, 0, &regs) < 0)
		return -1;
	regs.orig_rax = (unsigned long long)-1;
	regs.rax = (unsigned long long)abi;
	return (int)ptrace(PTRACE_SETREGS, pid, 0, &regs);
#else
	(void)pid;
	(void)abi;
	errno = ENOSYS;
	return -1;
#endif
}

static void __attribute__((noreturn)) exit_like(int status)
{
	if (WIFEXITED(status))
		exit(WEXITSTATUS(status));
	int sig = WTERMSIG(status);
	signal(sig, SIG_DFL);
	raise(sig);
	exit(128 + sig);
}

/* Resume a stopped tracee: signals it received are delivered, ptrace's own
 * stops (the seccomp event, the exec event, the first stop) are not. */
static void trace_loop(pid_t child, int abi)
{
	int status;
	for (;;) {
		if (waitpid(child, &status, __WALL) < 0)
			fail(EXIT_UNSUPPORTED, "waitpid: %s", strerror(errno));
		if (WIFEXITED(status) || WIFSIGNALED(status))
			exit_like(status);
		int event = status >> 16, sig = 0;
		unsigned long data = 0;
		if (event == PTRACE_EVENT_SECCOMP)
			ptrace(PTRACE_GETEVENTMSG, child, 0, &data);
		if (event == PTRACE_EVENT_SECCOMP && data == TRACE_VERSION) {
			if (answer_version(child, abi) < 0)
				fail(EXIT_UNSUPPORTED, "cannot rewrite the landlock query: %s",
				     strerror(errno));
		} else if (event == PTRACE_EVENT_SECCOMP && data <= (unsigned long)n_signals) {
			if (++signals[data - 1].calls == signals[data - 1].nth)
				kill(child, signals[data - 1].sig);
		} else if (event == 0 && WSTOPSIG(status) != SIGSTOP) {
			sig = WSTOPSIG(status);
		}
		ptrace(PTRACE_CONT, child, 0, sig);
	}
}

static void __attribute__((noreturn)) run_traced(scmp_filter_ctx ctx, char **cmd, int abi)
{
#if !defined(__x86_64__)
	fail(EXIT_UNSUPPORTED, "--landlock-abi is implemented for x86_64 only");
#endif
	pid_t child = fork();
	if (child < 0)
		fail(EXIT_UNSUPPORTED, "fork: %s", strerror(errno));
	if (child == 0) {
		if (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0)
			fail(EXIT_UNSUPPORTED, "PTRACE_TRACEME: %s", strerror(errno));
		raise(SIGSTOP); /* until the tracer has set its options */
		load_and_exec(ctx, cmd);
	}
	/* The terminal's signals are for CMD; fault exits when CMD does. */
	signal(SIGINT, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	int status;
	if (waitpid(child, &status, 0) < 0 || !WIFSTOPPED(status))
		fail(EXIT_UNSUPPORTED, "the child did not stop for tracing");
	long opts = PTRACE_O_TRACESECCOMP | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL;
	if (ptrace(PTRACE_SETOPTIONS, child, 0, opts) < 0)
		fail(EXIT_UNSUPPORTED, "PTRACE_SETOPTIONS: %s", strerror(errno));
	ptrace(PTRACE_CONT, child, 0, 0);
	trace_loop(child, abi);
	exit(EXIT_UNSUPPORTED);
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "errno", required_argument, NULL, 'e' },
		{ "landlock-abi", required_argument, NULL, 'l' },
		{ "signal", required_argument, NULL, 's' },
		{ 0 },
	};
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (!ctx || seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_ALLOW) < 0)
		fail(EXIT_UNSUPPORTED, "libseccomp cannot create a filter");
	int abi = -1, c;
	while ((c = getopt_long(argc, argv, "+", options, NULL)) != -1) {
		if (c == 'e')
			add_errno_rule(ctx, optarg);
		else if (c == 'l' && (abi = atoi(optarg)) > 0)
			add_version_trap(ctx);
		else if (c == 's')
			add_signal_rule(ctx, optarg);
		else
			fail(EXIT_USAGE, "usage: fault [--errno SYSCALL[:ARG0]=ERRNO]... "
					 "[--landlock-abi N] [--signal SYSCALL[@N]=SIGNAL]... [--] CMD [ARG]...");
	}
	if (optind >= argc)
		fail(EXIT_USAGE, "no command given");
	if (abi > 0 || n_signals)
		run_traced(ctx, argv + optind, abi);
	load_and_exec(ctx, argv + optind);
}
