"""The stamp a filter files a message under, as message_filters' __init__.py takes it: the header's
stamp, or with `allow_headerless` the ROS clock's now (upstream's warning otherwise)."""

from __future__ import annotations

from typing import Any

from rclpy.clock import ROSClock
from rclpy.logging import LoggingSeverity, get_logger
from rclpy.time import Time


def message_stamp(msg: Any, allow_headerless: bool, logger_name: str, warning: str) -> Time | None:
    """The message's stamp as a Time; None (after upstream's warning on `logger_name`) for a
    message without a header when headerless messages are not allowed."""
    if not hasattr(msg, "header") or not hasattr(msg.header, "stamp"):
        if not allow_headerless:
            logger = get_logger(logger_name)
            logger.set_level(LoggingSeverity.INFO)
            logger.warning(warning)
            return None
        return ROSClock().now()
    stamp = msg.header.stamp
    return stamp if hasattr(stamp, "nanoseconds") else Time.from_msg(stamp)
