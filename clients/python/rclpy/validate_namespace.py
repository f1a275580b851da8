"""rclpy.validate_namespace: rmw's rules for a namespace, which here must be absolute and non-empty
(unlike the Node constructor's, which adds the leading '/')."""

from __future__ import annotations

from typing import Literal

from rclpy._name_rules import namespace_problem
from rclpy.exceptions import InvalidNamespaceException


def validate_namespace(namespace: str) -> Literal[True]:
    problem = namespace_problem(namespace)
    if problem is None:
        return True
    raise InvalidNamespaceException(namespace, *problem)
