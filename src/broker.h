/* broker: being written (issue 22). */
#ifndef SR_BROKER_H
#define SR_BROKER_H
#endif
