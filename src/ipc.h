/* ipc: being written (issue 22). */
#ifndef SR_IPC_H
#define SR_IPC_H
#endif
