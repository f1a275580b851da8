"""rclpy's Node.list_parameters: which of a node's parameter names a ListParameters request's
prefixes and depth select, with the prefixes of those names."""

from __future__ import annotations

from rcl_interfaces.msg import ListParametersResult
from rcl_interfaces.srv import ListParameters

SEPARATOR = "."


def list_parameters(names: list[str], prefixes: list[str], depth: int) -> ListParametersResult:
    if not isinstance(prefixes, list):
        raise TypeError("The prefixes argument must be a list")
    if not all(isinstance(prefix, str) for prefix in prefixes):
        raise TypeError("All prefixes must be instances of type str")
    if not isinstance(depth, int):
        raise TypeError("The depth must be instance of type int")
    if depth < 0:
        raise ValueError("The depth must be greater than or equal to zero")
    recursive = depth == ListParameters.Request.DEPTH_RECURSIVE

    def shallow(name: str) -> bool:
        return name.count(SEPARATOR) < depth

    def under(name: str, prefix: str) -> bool:
        return name == prefix or (name.startswith(prefix + SEPARATOR) and (recursive or shallow(name[len(prefix) + 1 :])))

    result = ListParametersResult()
    for name in names:
        if prefixes or not recursive:
            selected = shallow(name) if not prefixes else any(under(name, prefix) for prefix in prefixes)
            if not selected:
                continue
        result.names.append(name)
        prefix, separator, _ = name.rpartition(SEPARATOR)
        if separator and prefix not in result.prefixes:
            result.prefixes.append(prefix)
    return result
