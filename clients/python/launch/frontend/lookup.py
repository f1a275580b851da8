"""The class a tag or a `$(...)` builds, found when a file uses it, so that a name rclsim's
launch lacks is one line saying so (and launch's modules load only when a file needs them)."""

from __future__ import annotations

import importlib
from typing import Any


class NotSupportedError(TypeError):
    """A tag or substitution whose class rclsim's launch does not have."""


def class_named(module: str, name: str, used_as: str) -> Any:
    """`module.name`, or a NotSupportedError naming `used_as` (`<ros_timer>`, `$(anon)`)."""
    found = getattr(importlib.import_module(module), name, None)
    if found is None:
        raise NotSupportedError(f"{used_as} is not supported: rclsim's {module} has no {name}")
    return found
