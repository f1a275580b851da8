// The .hpp form of tf2/utils.h (as later ROS 2 releases name it).
#include "tf2/utils.h"
