// The .hpp form of tf2/LinearMath/Vector3.h (as later ROS 2 releases name it).
#include "tf2/LinearMath/Vector3.h"
