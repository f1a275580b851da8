"""rclpy.lifecycle.LifecyclePublisher: a publisher that publishes only while its node is active."""

from __future__ import annotations

from typing import Any

from rclpy.lifecycle.managed_entity import SimpleManagedEntity
from rclpy.publisher import Publisher


class LifecyclePublisher(SimpleManagedEntity, Publisher):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        SimpleManagedEntity.__init__(self)
        Publisher.__init__(self, *args, **kwargs)

    # As in Jazzy, a message published while not activated is dropped without a word.
    @SimpleManagedEntity.when_enabled
    def publish(self, msg: Any) -> None:
        Publisher.publish(self, msg)
