"""rclpy.validate_full_topic_name: rmw's rules for an absolute, expanded topic or service name."""

from __future__ import annotations

from typing import Literal

from rclpy._name_rules import full_topic_name_problem, topic_or_service_checked


def validate_full_topic_name(name: str, *, is_service: bool = False) -> Literal[True]:
    """True, or the topic's (the service's) exception with rmw's message and the offending index."""
    return topic_or_service_checked(name, full_topic_name_problem(name), is_service)
