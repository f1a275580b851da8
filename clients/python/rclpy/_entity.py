"""What every entity of a node has here: the simulation's id of it, and `with` destroying it."""

from __future__ import annotations

from typing import Any

from rclpy._handle import Handle


class Entity:
    def __init__(self, handle: int, node: Any) -> None:
        self._handle = handle
        self._node = node
        self._destroyed = False

    @property
    def handle(self) -> Handle:
        """The simulation's id of the entity."""
        return Handle(self._handle, self)

    def destroy(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.destroy()
