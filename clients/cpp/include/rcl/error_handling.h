// rcl/error_handling.h: rcl/rcl.h holds it (rcutils's, under rcl's names).
#include "rcl/rcl.h"
