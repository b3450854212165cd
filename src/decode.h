/* Decode a system call and its arguments into words for a denial report:
 * socket(AF_INET, SOCK_STREAM, 0), openat(AT_FDCWD, "/etc/shadow" [read
 * from the process, best effort], O_RDONLY). */
#ifndef SR_DECODE_H
#define SR_DECODE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Writes "name(args...)" into buf. pid is the caller, whose memory is read
 * for path arguments (best effort: it may have changed since the call). */
void decode_call(int nr, const uint64_t args[6], pid_t pid, char *buf, size_t size);
/* The syscall's name, or "syscall_NR" (static buffer). */
const char *decode_name(int nr);

#endif
