// rclcpp's version header (rclcpp/version.h, which upstream generates with
// ament_generate_version_header): the Jazzy release whose API rclsim's client follows
// (rosdistro jazzy/distribution.yaml: rclcpp 28.1.x). Packages choose code by it:
// ros2_control's `#if RCLCPP_VERSION_GTE(29, 0, 0)` (a Kilted API) and `RCLCPP_VERSION_MAJOR >= 21`.
#ifndef RCLCPP__VERSION_H_
#define RCLCPP__VERSION_H_

#define RCLCPP_VERSION_MAJOR (28)
#define RCLCPP_VERSION_MINOR (1)
#define RCLCPP_VERSION_PATCH (21)
#define RCLCPP_VERSION_STR "28.1.21"
/// True when this version is major.minor.patch or later.
#define RCLCPP_VERSION_GTE(major, minor, patch) ( \
    (major) != RCLCPP_VERSION_MAJOR ? (major) < RCLCPP_VERSION_MAJOR \
    : (minor) != RCLCPP_VERSION_MINOR ? (minor) < RCLCPP_VERSION_MINOR \
    : (patch) <= RCLCPP_VERSION_PATCH)

#endif  // RCLCPP__VERSION_H_
