"""The `handle` of a node or entity: the simulation's id of it (an int, as the protocol carries
it) that, as rclpy's handles do, refuses `with` once its owner is destroyed."""

from __future__ import annotations

from typing import Any

from rclpy.exceptions import InvalidHandle


class Handle(int):
    _owner: Any

    def __new__(cls, number: int, owner: Any) -> Handle:
        handle = super().__new__(cls, number)
        handle._owner = owner
        return handle

    def __enter__(self) -> Handle:
        if self._owner._destroyed:
            raise InvalidHandle("Tried to use a handle that has been destroyed.")
        return self

    def __exit__(self, *exc: Any) -> None:
        return None
