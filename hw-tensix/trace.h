#include "trace/trace-hw_tensix.h"
