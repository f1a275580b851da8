"""How a program's error travels to the simulation (Done.error)."""

from __future__ import annotations

import traceback


def describe_error(error: BaseException) -> str:
    """The error's own line first (what the simulation's one line quotes), then its traceback."""
    # A syntax error's own line names the file and line: "invalid syntax (broken.py, line 2)".
    head = f"{type(error).__name__}: {error}" if isinstance(error, SyntaxError) else traceback.format_exception_only(type(error), error)[-1].strip()
    return f"{head}\n{''.join(traceback.format_exception(type(error), error, error.__traceback__))}"
