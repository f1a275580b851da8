"""ROS namespaces as launch_ros combines them (launch_ros/utilities/namespace_utils.py)."""

from typing import Optional


def is_root_namespace(ns: str) -> bool:
    return ns == '/'


def is_namespace_absolute(ns: str) -> bool:
    return ns.startswith('/')


def prefix_namespace(base_ns: Optional[str], ns: Optional[str]) -> Optional[str]:
    """`ns` under `base_ns` when relative, `ns` when absolute; trailing '/' stripped."""
    if base_ns is None and ns is None:
        return None
    if ns is None:
        combined = base_ns
    elif not base_ns or is_namespace_absolute(ns):
        combined = ns
    else:
        combined = ('' if is_root_namespace(base_ns) else base_ns) + '/' + ns
    assert combined is not None
    return combined if is_root_namespace(combined) else combined.rstrip('/')


def make_namespace_absolute(ns: Optional[str]) -> Optional[str]:
    if ns is None:
        return None
    return ns if is_namespace_absolute(ns) else '/' + ns
