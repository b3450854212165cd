#include "ipc.h"
