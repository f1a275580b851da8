"""rclpy.guard_condition.GuardCondition: triggered by the program, its callback granted by the simulation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rclsim import _runtime


class GuardCondition:
    def __init__(self, handle: int, callback: Callable[[], Any] | None, callback_group: Any, node: Any) -> None:
        self._handle = handle
        self.callback = callback
        self.callback_group = callback_group
        self._node = node

    @property
    def handle(self) -> int:
        return self._handle

    def trigger(self) -> None:
        _runtime.connection().send({"trigger": {"guard": self._handle}})

    def destroy(self) -> None:
        self._node.destroy_guard_condition(self)

    def __enter__(self) -> GuardCondition:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.destroy()
