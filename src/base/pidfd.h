/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The pidfd system calls by number: glibc 2.36 has no wrappers for all of
 * them, and bookworm's headers may predate a build host's kernel. */
#ifndef SR_PIDFD_H
#define SR_PIDFD_H

#include <sys/syscall.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif

#endif
