"""rclpy.validate_node_name: rmw's rules for a node's name."""

from __future__ import annotations

from typing import Literal

from rclpy._name_rules import node_name_problem
from rclpy.exceptions import InvalidNodeNameException


def validate_node_name(node_name: str) -> Literal[True]:
    problem = node_name_problem(node_name)
    if problem is None:
        return True
    raise InvalidNodeNameException(node_name, *problem)
