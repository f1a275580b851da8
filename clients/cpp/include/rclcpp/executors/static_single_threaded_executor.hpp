#include "rclcpp/executors.hpp"
