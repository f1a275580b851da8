"""Errors between the program and the simulation: how a program's error travels to the simulation
(Done.error, Done.input_error), and what the simulation refused (Failed)."""

from __future__ import annotations

import traceback
from typing import TypeVar

E = TypeVar("E", bound=BaseException)

#: How deep a chain of causes is followed (as the simulation follows a JavaScript error's).
_MAX_CAUSES = 16


def describe_error(error: BaseException) -> str:
    """The error's own line first (what the simulation's one line quotes), then its traceback."""
    # A syntax error's own line names the file and line: "invalid syntax (broken.py, line 2)".
    head = f"{type(error).__name__}: {error}" if isinstance(error, SyntaxError) else traceback.format_exception_only(type(error), error)[-1].strip()
    return f"{head}\n{''.join(traceback.format_exception(type(error), error, error.__traceback__))}"


def mark_input_error(error: E, line: str) -> E:
    """Remembers that ``error`` is bad input of the run the program met (an override of a
    parameter out of its declared range, a params file rclsim could not read): the line that
    says so, naming its source. A program may catch the error and go on; if it ends the program,
    the run fails as for bad input, with that line."""
    error._rclsim_input_error = line  # type: ignore[attr-defined]
    return error


def carry_input_error(source: BaseException, error: E) -> E:
    """``error``, raised in place of ``source``, is the same bad input if ``source`` was."""
    line = getattr(source, "_rclsim_input_error", "")
    return mark_input_error(error, line) if line else error


def input_error_of(error: BaseException) -> str:
    """The line of the bad input in the error's chain — the error, its cause, or the error it
    was raised while handling, as its traceback shows them — or ''."""
    seen: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and len(seen) < _MAX_CAUSES and not any(current is e for e in seen):
        line = getattr(current, "_rclsim_input_error", "")
        if line:
            return str(line)
        seen.append(current)
        cause = current.__cause__
        current = cause if cause is not None or current.__suppress_context__ else current.__context__
    return ""


class SimulationError(Exception):
    """What the simulation answered ``Failed`` to: the error the API raises there."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind
