"""rclpy.validate_topic_name: rcl's rules for a topic or service name as a program writes it."""

from __future__ import annotations

from typing import Literal

from rclpy._name_rules import topic_name_problem, topic_or_service_checked

TOPIC_SEPARATOR_STRING = "/"


def validate_topic_name(name: str, *, is_service: bool = False) -> Literal[True]:
    """True, or the topic's (the service's) exception with rcl's message and the offending index."""
    return topic_or_service_checked(name, topic_name_problem(name), is_service)
