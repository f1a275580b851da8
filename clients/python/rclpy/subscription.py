"""rclpy.subscription.Subscription."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from rclpy._entity import Entity
from rclpy.qos import QoSProfile


class Subscription(Entity):
    def __init__(self, handle: int, msg_type: Any, topic: str, callback: Callable[..., Any], callback_group: Any, qos_profile: QoSProfile, raw: bool, node: Any) -> None:
        super().__init__(handle, node)
        self.msg_type = msg_type
        self._topic = topic
        self.callback = callback
        self.callback_group = callback_group
        self.qos_profile = qos_profile
        self.raw = raw
        # rclpy passes the MessageInfo to a callback that takes two arguments.
        self._takes_info = _positional_count(callback) >= 2

    @property
    def topic_name(self) -> str:
        return self._topic

    def get_publisher_count(self) -> int:
        from rclsim import _port

        return int(_port.entity_op(self._handle, "publisherCount"))

    def destroy(self) -> None:
        self._node.destroy_subscription(self)


def _positional_count(callback: Callable[..., Any]) -> int:
    try:
        parameters = inspect.signature(callback).parameters.values()
    except (TypeError, ValueError):
        return 1
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return sum(1 for p in parameters if p.kind in kinds)
