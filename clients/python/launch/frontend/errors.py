"""Errors in a front end's launch file: each knows the file and line it is about.

The evaluator shows a launch error as one line, `FILE:LINE: message` (docs/launch-plan.md),
taking the place from `_rclsim_origin` (launch/_visit.py sets it for errors of actions; an
error of the front end sets its own, the element's). The subclasses are also the built-in
errors upstream's entities raise, so a parser written for upstream that catches
`AttributeError` (a missing attribute) still does.
"""

from __future__ import annotations

from .._input_error import LaunchInputError


class FrontendError(LaunchInputError):
    """An error at a place in an XML or YAML launch file."""

    def __init__(self, file: str, line: int, message: str) -> None:
        super().__init__(message)
        self.file = file
        self.line = line
        self.message = message
        self._rclsim_origin = (file, line)

    def where(self) -> str:
        """The one line the evaluator shows: `FILE:LINE: message`."""
        return f'{self.file}:{self.line}: {self.message}'


class EntityAttributeError(FrontendError, AttributeError):
    """A required attribute is missing."""


class EntityTypeError(FrontendError, TypeError):
    """An attribute is not of the type the tag wants."""


class EntityValueError(FrontendError, ValueError):
    """An attribute or child no parser expected, or a value not allowed."""
