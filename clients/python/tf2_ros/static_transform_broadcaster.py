"""tf2_ros.StaticTransformBroadcaster: every child frame's first transform, republished whole on
/tf_static (transient local, keep last 1), as upstream (a later transform of a child frame already
sent is not taken, as Jazzy's)."""

from __future__ import annotations

from typing import Any

from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile
from tf2_msgs.msg import TFMessage
from tf2_ros.transform_broadcaster import as_list

__all__ = ["StaticTransformBroadcaster"]


class StaticTransformBroadcaster:
    def __init__(self, node: Node, qos: QoSProfile | int | None = None) -> None:
        if qos is None:
            qos = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL, history=HistoryPolicy.KEEP_LAST)
        self.pub_tf = node.create_publisher(TFMessage, "/tf_static", qos)
        self.net_message = TFMessage()
        self._child_frame_ids: set[str] = set()

    def sendTransform(self, transform: Any) -> None:  # noqa: N802 (upstream's name)
        for t_in in as_list(transform):
            if t_in.child_frame_id not in self._child_frame_ids:
                self._child_frame_ids.add(t_in.child_frame_id)
                self.net_message.transforms.append(t_in)
        self.pub_tf.publish(self.net_message)
