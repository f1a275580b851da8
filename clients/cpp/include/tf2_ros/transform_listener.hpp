// The .hpp form of tf2_ros/transform_listener.h (as later ROS 2 releases name it).
#include "tf2_ros/transform_listener.h"
