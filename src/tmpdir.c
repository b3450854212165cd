#include "tmpdir.h"
