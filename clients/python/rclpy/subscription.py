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

    @property
    def callback(self) -> Callable[..., Any]:
        return self._callback

    @callback.setter
    def callback(self, value: Callable[..., Any]) -> None:
        # rclpy passes the MessageInfo to a callback that needs two arguments, decided again when it is replaced.
        self._takes_info = _takes_message_info(value)
        self._callback = value

    @property
    def topic_name(self) -> str:
        return self._topic

    def get_publisher_count(self) -> int:
        from rclsim import _port

        return int(_port.entity_op(self._handle, "publisherCount"))

    def destroy(self) -> None:
        self._node.destroy_subscription(self)


def _takes_message_info(callback: Callable[..., Any]) -> bool:
    """As rclpy's Subscription.callback decides: the message alone when the callback can take it alone
    (`lambda msg, name=name:` included), the message and its info when it needs two, else an error."""
    try:
        signature = inspect.signature(callback)
    except (TypeError, ValueError):
        return False
    try:
        signature.bind(object())
        return False
    except TypeError:
        pass
    try:
        signature.bind(object(), object())
        return True
    except TypeError:
        pass
    raise RuntimeError(
        'Subscription.__init__(): callback should be either be callable with one argument'
        '(to get only the message) or two (to get message and message info)'
    )