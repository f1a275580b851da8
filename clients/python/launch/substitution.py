"""`launch.Substitution`: a piece of text known only when a context performs it; users subclass it."""

from typing import Any


class Substitution:
    """Base of every substitution: `perform(context)` gives its text."""

    def perform(self, context: Any) -> str:
        raise NotImplementedError(f'{type(self).__name__} does not implement perform()')

    def describe(self) -> str:
        return repr(self)
