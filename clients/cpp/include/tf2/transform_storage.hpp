// The .hpp form of tf2/transform_storage.h (as later ROS 2 releases name it).
#include "tf2/transform_storage.h"
