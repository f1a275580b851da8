// tf2_ros' export macros (tf2_ros/visibility_control.h): nothing to export in one static client library.
#ifndef TF2_ROS__VISIBILITY_CONTROL_H_
#define TF2_ROS__VISIBILITY_CONTROL_H_

#define TF2_ROS_PUBLIC
#define TF2_ROS_LOCAL
#define TF2_ROS_PUBLIC_TYPE

#endif  // TF2_ROS__VISIBILITY_CONTROL_H_
