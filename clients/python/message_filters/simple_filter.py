"""SimpleFilter: a filter's output, to which callbacks register (as message_filters' __init__.py)."""

from __future__ import annotations

from typing import Any, Callable


class SimpleFilter:
    def __init__(self) -> None:
        self.callbacks: dict[int, tuple[Callable[..., Any], tuple[Any, ...]]] = {}

    def registerCallback(self, cb: Callable[..., Any], *args: Any) -> int:
        """Call `cb` with the filter's output followed by `args` whenever the filter has output;
        the connection returned is the callback's number, in the order of registration."""
        conn = len(self.callbacks)
        self.callbacks[conn] = (cb, args)
        return conn

    def signalMessage(self, *msg: Any) -> None:
        for cb, args in self.callbacks.values():
            cb(*(msg + args))
