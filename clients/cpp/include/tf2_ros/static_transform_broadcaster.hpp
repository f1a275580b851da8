// The .hpp form of tf2_ros/static_transform_broadcaster.h (as later ROS 2 releases name it).
#include "tf2_ros/static_transform_broadcaster.h"
