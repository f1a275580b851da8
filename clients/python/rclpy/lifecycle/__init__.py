"""rclpy.lifecycle: managed (lifecycle) nodes, their publishers and managed entities."""

from rclpy.lifecycle.managed_entity import ManagedEntity, SimpleManagedEntity, TransitionCallbackReturn
from rclpy.lifecycle.node import LifecycleNode, LifecycleNodeMixin, LifecycleState
from rclpy.lifecycle.publisher import LifecyclePublisher

Node = LifecycleNode
NodeMixin = LifecycleNodeMixin
State = LifecycleState
Publisher = LifecyclePublisher

__all__ = [
    "LifecycleNodeMixin",
    "LifecycleNode",
    "LifecycleState",
    "LifecyclePublisher",
    "ManagedEntity",
    "SimpleManagedEntity",
    "TransitionCallbackReturn",
]
