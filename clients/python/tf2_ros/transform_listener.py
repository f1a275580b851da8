"""tf2_ros.TransformListener: /tf and /tf_static into a Buffer, with upstream's QoS (both depth
100, keep last, reliable; /tf volatile, /tf_static transient local) in a reentrant callback group,
and with spin_thread its node spun by its own SingleThreadedExecutor in its own thread, as
upstream's transform_listener.py."""

from __future__ import annotations

from threading import Thread

from rclpy.callback_groups import ReentrantCallbackGroup
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile
from tf2_msgs.msg import TFMessage
from tf2_ros.buffer import Buffer

__all__ = ["TransformListener"]


class TransformListener:
    def __init__(
        self, buffer: Buffer, node: Node, *, spin_thread: bool = False, qos: QoSProfile | int | None = None, static_qos: QoSProfile | int | None = None
    ) -> None:
        if qos is None:
            qos = QoSProfile(depth=100, durability=DurabilityPolicy.VOLATILE, history=HistoryPolicy.KEEP_LAST)
        if static_qos is None:
            static_qos = QoSProfile(depth=100, durability=DurabilityPolicy.TRANSIENT_LOCAL, history=HistoryPolicy.KEEP_LAST)
        self.buffer = buffer
        self.node = node
        # A mutually exclusive group would keep a callback waiting for a transform from letting these run.
        self.group = ReentrantCallbackGroup()
        self.tf_sub = node.create_subscription(TFMessage, "/tf", self.callback, qos, callback_group=self.group)
        self.tf_static_sub = node.create_subscription(TFMessage, "/tf_static", self.static_callback, static_qos, callback_group=self.group)
        if spin_thread:
            self.executor = SingleThreadedExecutor()

            def run_func() -> None:
                self.executor.add_node(self.node)
                self.executor.spin()
                self.executor.remove_node(self.node)

            self.dedicated_listener_thread = Thread(target=run_func)
            self.dedicated_listener_thread.start()

    def __del__(self) -> None:
        if hasattr(self, "dedicated_listener_thread") and hasattr(self, "executor"):
            self.executor.shutdown()
            self.dedicated_listener_thread.join()
        self.unregister()

    def unregister(self) -> None:
        self.node.destroy_subscription(self.tf_sub)
        self.node.destroy_subscription(self.tf_static_sub)

    def callback(self, data: TFMessage) -> None:
        who = "default_authority"
        for transform in data.transforms:
            self.buffer.set_transform(transform, who)

    def static_callback(self, data: TFMessage) -> None:
        who = "default_authority"
        for transform in data.transforms:
            self.buffer.set_transform_static(transform, who)
