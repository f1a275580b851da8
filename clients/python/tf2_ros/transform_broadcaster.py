"""tf2_ros.TransformBroadcaster: transforms on /tf (depth 100, rclpy's defaults otherwise), as upstream."""

from __future__ import annotations

from typing import Any

from rclpy.node import Node
from rclpy.qos import QoSProfile
from tf2_msgs.msg import TFMessage

__all__ = ["TransformBroadcaster"]


def as_list(transform: Any) -> list[Any]:
    """A transform or an iterable of them, as a list (upstream's sendTransform)."""
    if isinstance(transform, list):
        return transform
    if hasattr(transform, "__iter__"):
        return list(transform)
    return [transform]


class TransformBroadcaster:
    def __init__(self, node: Node, qos: QoSProfile | int | None = None) -> None:
        if qos is None:
            qos = QoSProfile(depth=100)
        self.pub_tf = node.create_publisher(TFMessage, "/tf", qos)

    def sendTransform(self, transform: Any) -> None:  # noqa: N802 (upstream's name)
        self.pub_tf.publish(TFMessage(transforms=as_list(transform)))
