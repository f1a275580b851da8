"""sensor_msgs_py (ros2/common_interfaces, Jazzy): point_cloud2."""
