"""What rclpy asks of interface classes: their ROS type names, checks and CDR (rclsim's codec)."""

from __future__ import annotations

from typing import Any

from rclsim import _cdr


def type_name(msg_or_srv_type: Any) -> str:
    """'std_msgs/msg/String' of a class made by the client's interface modules."""
    name = getattr(type(msg_or_srv_type), "_rclsim_name", None)
    if not isinstance(name, str):
        raise TypeError(f"{msg_or_srv_type!r} is not a ROS 2 interface type")
    return name


def check_for_type_support(msg_or_srv_type: Any) -> None:
    type_name(msg_or_srv_type)


def check_is_valid_msg_type(msg_type: Any) -> None:
    check_for_type_support(msg_type)
    if not hasattr(msg_type, "get_fields_and_field_types"):
        raise RuntimeError(f"Expected a message type, got {msg_type!r}")


def check_is_valid_srv_type(srv_type: Any) -> None:
    check_for_type_support(srv_type)
    if not (hasattr(srv_type, "Request") and hasattr(srv_type, "Response")):
        raise RuntimeError(f"Expected a service type, got {srv_type!r}")


serialize = _cdr.serialize
deserialize = _cdr.deserialize
