// The .hpp form of tf2_ros/message_filter.h (as later ROS 2 releases name it).
#include "tf2_ros/message_filter.h"
