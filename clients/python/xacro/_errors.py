"""`XacroException`: xacro's error. Its text is a message, the exception it wraps and a suffix,
joined by spaces (`name 'x' is not defined \\nwhen evaluating expression 'x'`), as xacro shows it."""

from __future__ import annotations

from typing import Any


class XacroException(Exception):
    def __init__(self, msg: str | None = None, suffix: str | None = None, exc: BaseException | None = None, macro: Any = None) -> None:
        super().__init__(msg)
        self.suffix = suffix
        self.exc = exc
        self.macros: list[Any] = [] if macro is None else [macro]

    def __str__(self) -> str:
        pieces = (super().__str__(), _text_of(self.exc), self.suffix)
        return ' '.join(piece for piece in (str(p) for p in pieces) if piece not in ('', 'None'))


def _text_of(error: BaseException | None) -> str | None:
    """A wrapped exception's text; a KeyError subclass's message rather than its repr (ament_index's PackageNotFoundError)."""
    if isinstance(error, KeyError) and type(error) is not KeyError and len(error.args) == 1:
        return str(error.args[0])
    return None if error is None else str(error)
