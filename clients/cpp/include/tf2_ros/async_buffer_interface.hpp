// The .hpp form of tf2_ros/async_buffer_interface.h (as later ROS 2 releases name it).
#include "tf2_ros/async_buffer_interface.h"
