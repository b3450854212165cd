/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inherited: a seccomp filter that sandbox-run did not install.
 *
 * man-db confines the programs of its pipelines with a filter of its own
 * unless MAN_DISABLE_SECCOMP is set, and that filter answers ENOSYS to
 * seccomp() and to Landlock's calls. Under it sandbox-run could build none
 * of its layers, and a Landlock answering ENOSYS would look like a kernel
 * without Landlock; so the launcher looks before it decides anything. */
#ifndef SR_INHERITED_H
#define SR_INHERITED_H

/* Exits 125 with one line naming the likely culprit when this process is
 * under a filter that refuses seccomp(). Costs one prctl() when it is
 * under none; a filter that lets seccomp() through (a container's, an
 * outer systemd unit's) is no reason to stop. */
void inherited_filter_check(const char *command);
/* " (already under a seccomp filter ...)" for a message about a failed
 * seccomp layer when some filter is in place, else "". */
const char *inherited_filter_hint(void);

#endif
