// tf2_geometry_msgs/tf2_geometry_msgs.h: the header name of earlier releases (Humble's, deprecated
// there), which tutorials still include.
#include "tf2_geometry_msgs/tf2_geometry_msgs.hpp"
