"""rclpy.guard_condition.GuardCondition: triggered by the program, its callback granted by the simulation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rclpy._entity import Entity
from rclsim import _port


class GuardCondition(Entity):
    def __init__(self, handle: int, callback: Callable[[], Any] | None, callback_group: Any, node: Any) -> None:
        super().__init__(handle, node)
        self.callback = callback
        self.callback_group = callback_group

    def trigger(self) -> None:
        _port.trigger_guard(self._handle)

    def destroy(self) -> None:
        self._node.destroy_guard_condition(self)
