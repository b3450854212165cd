#include "broker.h"
