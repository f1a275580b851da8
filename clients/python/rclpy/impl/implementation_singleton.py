"""rclpy.impl.implementation_singleton: rclpy's C extension as one module (its error types here)."""

from rclpy import _rclpy_pybind11 as rclpy_implementation

__all__ = ["rclpy_implementation"]
