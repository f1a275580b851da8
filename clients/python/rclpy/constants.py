"""rclpy.constants."""

S_TO_NS = 1000 * 1000 * 1000
