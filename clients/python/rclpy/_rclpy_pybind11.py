"""rclpy._rclpy_pybind11: what programs import from rclpy's C extension — its error types."""

from __future__ import annotations

from rclpy.exceptions import InvalidHandle


class RCLError(RuntimeError):
    """What rclpy's binding raises when an rcl call fails."""


class RCLInvalidROSArgsError(RCLError):
    """ROS arguments rcl could not parse."""


class UnknownROSArgsError(RuntimeError):
    """ROS arguments rcl does not know, listed."""


class NodeNameNonExistentError(RCLError):
    """A graph query by node name for a node that is not in the graph."""


__all__ = ["InvalidHandle", "NodeNameNonExistentError", "RCLError", "RCLInvalidROSArgsError", "UnknownROSArgsError"]
