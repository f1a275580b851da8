// The .hpp form of tf2/LinearMath/Quaternion.h (as later ROS 2 releases name it).
#include "tf2/LinearMath/Quaternion.h"
