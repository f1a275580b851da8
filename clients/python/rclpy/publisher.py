"""rclpy.publisher.Publisher."""

from __future__ import annotations

from typing import Any

from rclpy._entity import Entity
from rclpy._rclpy_pybind11 import RCLError
from rclpy.exceptions import InvalidHandle
from rclpy.qos import QoSProfile
from rclpy.type_support import serialize
from rclsim import _port


class Publisher(Entity):
    def __init__(self, handle: int, msg_type: Any, topic: str, qos_profile: QoSProfile, node: Any, callback_group: Any = None) -> None:
        super().__init__(handle, node)
        self.msg_type = msg_type
        self._topic = topic
        self.qos_profile = qos_profile
        self.callback_group = callback_group

    @property
    def topic(self) -> str:
        return self._topic

    @property
    def topic_name(self) -> str:
        return self._topic

    def publish(self, msg: Any) -> None:
        """Sends a message (or, as bytes, one already serialized) to the simulation, which delivers it."""
        if isinstance(msg, (bytes, bytearray, memoryview)):
            data = bytes(msg)
        elif isinstance(msg, self.msg_type):
            data = serialize(self.msg_type, msg)
        else:
            raise TypeError("Expected {}, got {}".format(self.msg_type, type(msg)))
        # Checked here, as rcl_publish checks them: a publish is not answered, so the simulation could not raise it where the call is.
        if self._destroyed or self._node._destroyed:
            raise InvalidHandle("cannot use Destroyable because destruction was requested")
        if not self._node.context._valid():
            raise RCLError("Failed to publish: publisher's context is invalid")
        _port.publish(self._handle, data)

    def get_subscription_count(self) -> int:
        return int(_port.entity_op(self._handle, "subscriptionCount"))

    def assert_liveliness(self) -> None:
        _port.entity_op(self._handle, "assertLiveliness")

    def wait_for_all_acked(self, timeout: Any = None) -> bool:
        return True

    def destroy(self) -> None:
        self._node.destroy_publisher(self)
