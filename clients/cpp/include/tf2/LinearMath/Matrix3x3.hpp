// The .hpp form of tf2/LinearMath/Matrix3x3.h (as later ROS 2 releases name it).
#include "tf2/LinearMath/Matrix3x3.h"
