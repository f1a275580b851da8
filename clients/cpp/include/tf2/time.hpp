// The .hpp form of tf2/time.h (as later ROS 2 releases name it).
#include "tf2/time.h"
