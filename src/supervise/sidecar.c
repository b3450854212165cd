/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The sidecar's start beside the target (clone(CLONE_VM), a futex on
 * set_tid_address, a raw system call in inline assembly; two forks in
 * sanitizer builds), its descriptors, and the memory tricks that make a
 * sidecar sharing the launcher's memory cheap. What it does once started
 * is its main's: the supervisor's (supervisor.c) or the learner's. */
#include "supervise/sidecar.h"

#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <linux/futex.h>
#include <malloc.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/fdpass.h"
#include "base/util.h"

/* Starting the sidecar copies nothing of the launcher, where a fork
 * copied its page tables and then made it fault on every page it wrote
 * until its exec:
 *
 *   launcher --clone(VM|FILES, exit signal 0)--> sidecar (the supervisor)
 *
 * Its exit signal is 0, which makes it a "clone" child: wait(), waitpid()
 * and waitid() of the target see it only with __WALL or __WCLONE, and its
 * end sends the target no SIGCHLD. So the target, which the launcher
 * becomes, need not be shielded from it by a middle process that exits (a
 * second clone and a round trip: docs/performance.md); should the target end first,
 * the kernel hands it to init or the subreaper with SIGCHLD as its signal.
 *
 * Until the launcher execs the target (or exits), the sidecar shares its
 * memory and its thread-local storage, errno included: it makes raw system
 * calls only and touches no libc state. It waits on a word that the kernel
 * clears and wakes as the launcher leaves that memory (set_tid_address(2);
 * mm_release in kernel/fork.c, on exec and on exit alike). From then on it
 * is alone in the launcher's old memory, libc as the launcher left it, and
 * in its old descriptor table, the listener included: the exec gave the
 * target a copy of its own (unshare_files, before exec_mmap in fs/exec.c),
 * where the listener, close-on-exec, was closed. A forked sidecar (the
 * learner's, and every one in sanitizer builds) is started otherwise
 * (below). */
#define SIDECAR_STACK (256 * 1024) /* MAP_NORESERVE: untouched pages cost nothing */
/* See sidecar_release_memory. */
#define SIDECAR_IDLE_MS 100

/* What the sidecar starts from. Static, since the launcher reuses its
 * own stack meanwhile. */
static struct {
	const char *who; /* for messages */
	sidecar_main_fn main;
	void *arg;
	bool forked;
	pid_t target;
	sigset_t mask; /* the launcher's signal mask, for the sidecar once alone */
	volatile int listener; /* from the handoff, just before the exec; -1 before */
	int sock, other; /* forked: the sidecar's and the launcher's end of the handoff socket */
} start = { .listener = -1, .sock = -1, .other = -1 };

#if !SR_ASAN
/* The launcher's tid, until the kernel sets it to 0 and wakes the waiters
 * because the launcher has exec'd or exited. */
static volatile pid_t launcher_tid;

/* A system call that leaves errno, the launcher's, alone. */
#if defined(__x86_64__)
static long raw_syscall(long nr, long a, long b, long c, long d)
{
	long ret;
	register long r10 __asm__("r10") = d;
	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10)
			 : "rcx", "r11", "memory");
	return ret;
}
#else
/* syscall(2) sets errno when a call fails, and FUTEX_WAIT fails (EAGAIN)
 * only once the word is 0, that is once the launcher has gone. The
 * launcher has called syscall() itself, so it needs no lazy binding here. */
static long raw_syscall(long nr, long a, long b, long c, long d)
{
	long r = syscall(nr, a, b, c, d);
	return r < 0 ? -errno : r;
}
#endif

/* The listener, once the launcher has gone; -1 if it went without handing
 * one over. Only a listener says that the launcher got past its own work
 * and left libc whole (it may have died inside malloc before). */
static int wait_for_exec(void)
{
	pid_t tid;
	/* Not FUTEX_PRIVATE_FLAG: the kernel's wake is a shared one. A wake
	 * without a change (spurious) just waits again. */
	while ((tid = launcher_tid) != 0)
		raw_syscall(SYS_futex, (long)(uintptr_t)&launcher_tid, FUTEX_WAIT, tid, 0);
	return start.listener;
}
#endif

static int take_listener(void)
{
#if !SR_ASAN
	if (!start.forked)
		return wait_for_exec();
#endif
	close(start.other); /* the launcher's copy closing is our end of file */
	return fd_receive(start.sock);
}

/* The sidecar's first function. Simple on purpose: until
 * take_listener returns, nothing here may touch errno, the heap or stdio. */
static int sidecar_entry(void *unused)
{
	(void)unused;
	int listener = take_listener();
	if (listener < 0)
		_exit(0);
	sidecar_ignore_job_signals();
	/* Blocked since the clone, so that no handler of the launcher ran on its
	 * stack and errno; job signals that came meanwhile went with SIG_IGN. */
	sigprocmask(SIG_SETMASK, &start.mask, NULL);
	start.main(start.arg, listener, start.target);
	_exit(0); /* not reached: main does not return */
}

#if !SR_ASAN
/* The sidecar's stack, with a guard page: an overflow faults instead of
 * writing into the next mapping. */
static char *map_stack(void)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char *base = mmap(NULL, SIDECAR_STACK, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
	if (base == MAP_FAILED || mprotect(base, page, PROT_NONE) < 0)
		die("%s: cannot map its stack: %s; refusing to run without it", start.who,
		    strerror(errno));
	return base + SIDECAR_STACK;
}

/* The sidecar's pid, or -errno. */
static pid_t clone_sidecar(void)
{
	char *stack = map_stack();
	/* The word the sidecar waits on: glibc's own (in the thread's
	 * descriptor) would do as well, but this one is ours to name. */
	launcher_tid = (pid_t)syscall(SYS_set_tid_address, &launcher_tid);
	pid_t pid = clone(sidecar_entry, stack, CLONE_VM | CLONE_FILES, NULL);
	return pid > 0 ? pid : -errno;
}
#endif

/* A sidecar of its own: it has memory and descriptors of its own, and the
 * listener travels over a socket (SCM_RIGHTS), whose end of file is the
 * sidecar's wait, so that it takes the listener before the exec.
 * AddressSanitizer knows one stack per thread and warns (on the target's
 * stderr) when a process runs on another, and it keeps state that a
 * CLONE_VM child would share: sanitizer builds start every sidecar so.
 * The learner does, as its filter sends the launcher's own execve to the
 * sidecar, which a sidecar sharing the memory would wait for in vain. Two
 * forks, so that the target can neither wait() for it nor see it. */
static pid_t fork_sidecar(void)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return -errno;
	start.sock = sv[1];
	start.other = sv[0];
	/* The pid comes back in a page that the forks keep sharing. */
	volatile pid_t *pid = mmap(NULL, sizeof *pid, PROT_READ | PROT_WRITE,
				   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (pid == MAP_FAILED)
		return -errno;
	*pid = -ECHILD; /* the middle died before it could say */
	pid_t middle = fork();
	if (middle == 0) {
		pid_t sup = fork();
		if (sup == 0)
			sidecar_entry(NULL);
		*pid = sup > 0 ? sup : -errno;
		_exit(0);
	}
	int err = errno;
	close(sv[1]);
	if (middle > 0)
		waitpid(middle, NULL, 0);
	pid_t r = middle < 0 ? -err : *pid;
	munmap((void *)pid, sizeof *pid);
	return r;
}

static void give_listener(int listener)
{
	if (!start.forked) {
		start.listener = listener;
		return;
	}
	/* A sidecar already gone is EPIPE here, and the target does not run. */
	if (fd_send(start.other, listener) < 0)
		die("%s: could not hand over the notification listener (%s); refusing "
		    "to run without it",
		    start.who, strerror(errno));
	close(listener);
	close(start.other);
}

/* The supervisor's keep is the private temporary directory's lock. */
int sidecar_detach_fds(int listener, int *keep)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		/* A stderr the caller closed stays closed for the target; here it
		 * must not become whatever is opened next. */
		if (fcntl(STDERR_FILENO, F_GETFD) < 0)
			dup2(null, STDERR_FILENO);
	} else {
		close(STDIN_FILENO);
		close(STDOUT_FILENO);
	}
	/* Out of the way first: keep may be 3 or 4 now. */
	int kept = *keep >= 0 ? fcntl(*keep, F_DUPFD_CLOEXEC, 5) : -1;
	if (listener != 3 && dup2(listener, 3) < 0)
		_exit(1);
	if (kept >= 0 && dup3(kept, 4, O_CLOEXEC) < 0)
		_exit(1);
	*keep = kept >= 0 ? 4 : -1;
	syscall(SYS_close_range, kept >= 0 ? 5 : 4, ~0U, 0);
	return 3;
}

void sidecar_ignore_job_signals(void)
{
	/* ^C and ^\ are for the target: the sidecar ends when it does. */
	static const int sigs[] = { SIGINT, SIGQUIT, SIGHUP, SIGPIPE, SIGTSTP, SIGTTOU, SIGTTIN };
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], SIG_IGN);
}

/* After its exec the launcher leaves the sidecar everything it had
 * mapped, the whole of the libc it ran included, where a forked sidecar
 * mapped only the pages it used. Unmapping what no one wrote to (the text
 * and constants of every loaded object) brings it back there: the pages the
 * sidecar runs return from the page cache on demand. A segment that a
 * text relocation wrote to holds private copies and stays. */
static bool has_textrel(const struct dl_phdr_info *info)
{
	for (int i = 0; i < info->dlpi_phnum; i++) {
		if (info->dlpi_phdr[i].p_type != PT_DYNAMIC)
			continue;
		const ElfW(Dyn) *d = (const void *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
		for (; d->d_tag != DT_NULL; d++)
			if (d->d_tag == DT_TEXTREL ||
			    (d->d_tag == DT_FLAGS && (d->d_un.d_val & DF_TEXTREL)))
				return true;
	}
	return false;
}

static int drop_readonly(struct dl_phdr_info *info, size_t size, void *unused)
{
	(void)size;
	(void)unused;
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), vdso = getauxval(AT_SYSINFO_EHDR);
	if (has_textrel(info))
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t at = info->dlpi_addr + ph->p_vaddr;
		/* The vDSO is the kernel's, not a file's. */
		if (ph->p_type != PT_LOAD || (ph->p_flags & PF_W) || at == vdso)
			continue;
		uintptr_t from = (at + page - 1) & ~(page - 1);
		uintptr_t end = (at + ph->p_memsz) & ~(page - 1);
		if (end > from)
			madvise((void *)from, end - from, MADV_DONTNEED);
	}
	return 0;
}

/* What the launcher freed, and what it mapped but the sidecar does not
 * use. It costs the sidecar CPU time (docs/performance.md: the zapping, and
 * the faults that bring back the pages it runs): not worth it for a run of
 * a few milliseconds, so the loop does it once the sidecar has been idle
 * for SIDECAR_IDLE_MS. A forked sidecar (the learner's, sanitizer builds)
 * has none of it. */
int sidecar_idle_timeout(void)
{
	return start.forked ? -1 : SIDECAR_IDLE_MS;
}

void sidecar_release_memory(void)
{
	malloc_trim(0);
	dl_iterate_phdr(drop_readonly, NULL);
}

pid_t sidecar_start(const char *who, sidecar_main_fn main, void *arg, bool forked)
{
	start.who = who;
	start.main = main;
	start.arg = arg;
	start.forked = forked || SR_ASAN;
	start.target = getpid();
	sigset_t all;
	sigfillset(&all);
	/* Blocked in the sidecar until it is alone: no handler of the
	 * launcher may run on the launcher's stack and errno. */
	sigprocmask(SIG_SETMASK, &all, &start.mask);
#if SR_ASAN
	pid_t pid = fork_sidecar();
#else
	pid_t pid = start.forked ? fork_sidecar() : clone_sidecar();
#endif
	sigprocmask(SIG_SETMASK, &start.mask, NULL);
	if (pid <= 0)
		return pid;
	/* Under Yama's ptrace_scope = 1 the sidecar, not being an ancestor,
	 * needs PR_SET_PTRACER to read the callers' memory and take their
	 * stderr, and that must be set before the filter forbids it. Without
	 * Yama the call fails (EINVAL), harmlessly. */
	prctl(PR_SET_PTRACER, pid, 0, 0, 0);
	return pid;
}

void sidecar_handoff(int listener)
{
	/* No round trip: if the sidecar dies before it takes the listener,
	 * the listener closes and the kernel answers every notified call with
	 * ENOSYS. */
	give_listener(listener);
}
