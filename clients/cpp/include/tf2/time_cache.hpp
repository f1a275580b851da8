// The .hpp form of tf2/time_cache.h (as later ROS 2 releases name it).
#include "tf2/time_cache.h"
