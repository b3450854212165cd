/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Capabilities: a sandboxed program holds none, even when run as root. */
#ifndef SR_CAPS_H
#define SR_CAPS_H

/* Clears every capability set; exits 125 if that fails. */
void caps_drop(void);

#endif
