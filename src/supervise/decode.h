/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Decode a system call and its arguments into words for a denial report:
 * socket(AF_INET, SOCK_STREAM, 0), openat(AT_FDCWD, "/etc/shadow" [best
 * effort], O_RDONLY). Values read from the caller's memory (paths, socket
 * addresses) are marked "[best effort]": the caller may have changed them
 * since the call, and the kernel never looks at this copy. */
#ifndef SR_DECODE_H
#define SR_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Writes "name(args...)" into buf. pid is the caller, whose memory is read
 * for path and address arguments; pid <= 0 reads nothing (addresses are
 * printed as numbers). Arguments that only locate buffers (addresses,
 * lengths of mappings) print as "...", so repeats of one denial read the
 * same. */
void decode_call(int nr, const uint64_t args[6], pid_t pid, char *buf, size_t size);
/* Copies up to len bytes of pid's memory at addr into dst, page by page;
 * stops after a NUL when stop_at_nul. Returns the bytes read. */
size_t decode_read_remote(pid_t pid, uint64_t addr, char *dst, size_t len, bool stop_at_nul);
/* The syscall's name, or "syscall_NR" (static buffer). */
const char *decode_name(int nr);

#endif
