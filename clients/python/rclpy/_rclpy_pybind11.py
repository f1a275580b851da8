"""rclpy._rclpy_pybind11: what programs import from rclpy's C extension — its error types."""

from __future__ import annotations

from rclpy.exceptions import InvalidHandle


class RCLError(RuntimeError):
    """What rclpy's binding raises when an rcl call fails."""


__all__ = ["InvalidHandle", "RCLError"]
