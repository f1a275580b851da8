// The .hpp form of tf2_ros/create_timer_interface.h (as later ROS 2 releases name it).
#include "tf2_ros/create_timer_interface.h"
