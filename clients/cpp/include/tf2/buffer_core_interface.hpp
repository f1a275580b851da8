// The .hpp form of tf2/buffer_core_interface.h (as later ROS 2 releases name it).
#include "tf2/buffer_core_interface.h"
