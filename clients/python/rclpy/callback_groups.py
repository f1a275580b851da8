"""rclpy.callback_groups: which callbacks of a node may run at the same time."""

from __future__ import annotations

import itertools
from typing import Any

# Groups are numbered in the program (the simulation's executor model schedules by the number).
_numbers = itertools.count(1)


class CallbackGroup:
    def __init__(self) -> None:
        self.entities: list[Any] = []
        self._number = next(_numbers)

    def add_entity(self, entity: Any) -> None:
        self.entities.append(entity)

    def has_entity(self, entity: Any) -> bool:
        return entity in self.entities

    def can_execute(self, entity: Any) -> bool:
        raise NotImplementedError()

    def beginning_execution(self, entity: Any) -> bool:
        raise NotImplementedError()

    def ending_execution(self, entity: Any) -> None:
        raise NotImplementedError()


class ReentrantCallbackGroup(CallbackGroup):
    def can_execute(self, entity: Any) -> bool:
        return True

    def beginning_execution(self, entity: Any) -> bool:
        return True

    def ending_execution(self, entity: Any) -> None:
        return None


class MutuallyExclusiveCallbackGroup(CallbackGroup):
    def __init__(self) -> None:
        super().__init__()
        self._active: Any = None

    def can_execute(self, entity: Any) -> bool:
        return self._active is None

    def beginning_execution(self, entity: Any) -> bool:
        if self._active is None:
            self._active = entity
            return True
        return False

    def ending_execution(self, entity: Any) -> None:
        self._active = None
