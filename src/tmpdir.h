/* tmpdir: being written (issue 22). */
#ifndef SR_TMPDIR_H
#define SR_TMPDIR_H
#endif
