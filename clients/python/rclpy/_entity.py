"""What every entity of a node has here: the simulation's id of it, and `with` destroying it."""

from __future__ import annotations

from typing import Any


class Entity:
    def __init__(self, handle: int, node: Any) -> None:
        self._handle = handle
        self._node = node

    @property
    def handle(self) -> int:
        """The simulation's id of the entity."""
        return self._handle

    def destroy(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.destroy()
