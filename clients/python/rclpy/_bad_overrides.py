"""An override from the run's input (a ``-p`` argument, a params file, the job file) that the
parameter declared for it refuses: the line the run ends with when nothing in the program catches
rclpy's exception, in the words rclsim uses for a JavaScript program (src/ros/NodeParameters.ts),
so that a line reads the same whichever language met it."""

from __future__ import annotations

from typing import Any

from rcl_interfaces.msg import ParameterDescriptor
from rclpy.parameter import Parameter

#: The types by number, as the simulation's lines name them.
_TYPE_NAMES = ("not set", "bool", "integer", "double", "string", "byte array", "bool array", "integer array", "double array", "string array")


def refused_override(parameter: Parameter, descriptor: ParameterDescriptor, source: str, node: str) -> str:
    """Why the declared parameter (``descriptor``, which refused it) does not take the override
    ``parameter`` from ``source``: of another type, or out of its range (what else a descriptor
    refuses — a read-only parameter's change, an undeclaration — never meets a declaration)."""
    if not descriptor.dynamic_typing and parameter.type_.value != descriptor.type:
        return (
            f"parameter '{parameter.name}' of node {node} is declared as {_type_name(descriptor.type)}, "
            f"but {source} gives {_type_name(parameter.type_.value)} {_as_text(parameter.value)}"
        )
    bounds = (descriptor.integer_range or descriptor.floating_point_range)[0]
    return (
        f"{source}: parameter '{parameter.name}' value {_as_text(parameter.value)} is not in range "
        f"[{bounds.from_value}, {bounds.to_value}] step {bounds.step}, as node {node} declares it"
    )


def _type_name(number: int) -> str:
    return _TYPE_NAMES[number] if 0 <= number < len(_TYPE_NAMES) else f"unknown type {number}"


def _as_text(value: Any) -> str:
    """A value as those lines write it: true, 5, fast, [1, 2]."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return f"[{', '.join(_as_text(item) for item in value)}]"
    return str(value)
