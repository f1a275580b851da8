"""rclpy.validate_topic_name: rcl's rules for a topic or service name as a program writes it."""

from __future__ import annotations

from typing import Literal

from rclpy._name_rules import topic_name_problem
from rclpy.exceptions import InvalidServiceNameException, InvalidTopicNameException

TOPIC_SEPARATOR_STRING = "/"


def validate_topic_name(name: str, *, is_service: bool = False) -> Literal[True]:
    """True, or the topic's (the service's) exception with rcl's message and the offending index."""
    problem = topic_name_problem(name)
    if problem is None:
        return True
    if is_service:
        raise InvalidServiceNameException(name, *problem)
    raise InvalidTopicNameException(name, *problem)
