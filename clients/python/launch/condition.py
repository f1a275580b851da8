"""`launch.Condition`: a predicate over the context deciding whether an action runs."""

from typing import Any, Callable, Optional


class Condition:
    def __init__(self, *, predicate: Optional[Callable[[Any], bool]] = None) -> None:
        self._predicate = predicate

    def evaluate(self, context: Any) -> bool:
        return self._predicate_func(context)

    def _predicate_func(self, context: Any) -> bool:
        return self._predicate(context) if self._predicate is not None else False

    def describe(self) -> str:
        return repr(self)
