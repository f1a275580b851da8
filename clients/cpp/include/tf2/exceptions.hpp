// The .hpp form of tf2/exceptions.h (as later ROS 2 releases name it).
#include "tf2/exceptions.h"
