"""Instance and subclass checks that accept a class or an instance (launch/utilities/class_tools_impl.py)."""

from typing import Any


def is_a(obj: Any, entity_type: Any) -> bool:
    return isinstance(obj, entity_type)


def is_a_subclass(obj: Any, entity_type: Any) -> bool:
    if isinstance(obj, type):
        return issubclass(obj, entity_type)
    return isinstance(obj, entity_type)
