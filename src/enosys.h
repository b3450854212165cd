/* enosys: the one piece of BPF written by hand. System call numbers that
 * the catalogue does not know get ENOSYS; as libseccomp rules they would be
 * one tree node each (about 200 instructions on x86-64, which the kernel
 * verifies and compiles on every run), while nearly all of them lie in a
 * few ranges of unassigned numbers: two instructions per range, in front
 * of libseccomp's program. libseccomp has no rule for a range of calls. */
#ifndef SR_ENOSYS_H
#define SR_ENOSYS_H

#include <linux/filter.h>
#include <stdbool.h>
#include <stdint.h>

/* Numbers from here on are never answered ENOSYS (x32's range starts at
 * 512 on x86-64): they take the filter's denial action. */
#define ENOSYS_LIMIT 512
/* Ranges the prologue holds at most: its jumps are 8 bits wide, and the
 * longest is about three instructions per range. */
#define ENOSYS_MAX_RANGES 80

struct nr_range {
	uint32_t lo, hi;
};

/* The ranges of numbers set in enosys[0..ENOSYS_LIMIT), at most max of
 * them, in ascending order; returns their count. *rest gets the first
 * number not covered (ENOSYS_LIMIT when all are). */
int enosys_ranges(const bool *enosys, struct nr_range *out, int max, int *rest);
/* Prepends to prog: for calls of the native architecture arch (an
 * AUDIT_ARCH_* value) whose number lies in one of the n ranges, return
 * ERRNO(ENOSYS); every other call goes on to the program as it was. */
void enosys_prepend(const struct nr_range *r, int n, uint32_t arch, struct sock_fprog *prog);

#endif
