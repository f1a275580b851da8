"""rclpy.serialization: a message as the CDR bytes the simulation carries, and back."""

from __future__ import annotations

from typing import Any

from rclpy.type_support import check_for_type_support, deserialize, serialize


def serialize_message(message: Any) -> bytes:
    message_type = type(message)
    check_for_type_support(message_type)
    return serialize(message_type, message)


def deserialize_message(serialized_message: bytes, message_type: Any) -> Any:
    check_for_type_support(message_type)
    return deserialize(message_type, serialized_message)
