"""Whether the program wrote to its stdout or stderr since its last Done (Done.wrote_output).

The simulation relays the program's output between its messages, so that it comes out in order
with rclsim's own log lines; it reads the pipes only after a Done that says there is something.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO


class _Watched:
    """A text stream that notes each write and passes everything to the stream it wraps."""

    def __init__(self, stream: TextIO, note: list[bool]) -> None:
        self._stream = stream
        self._note = note

    def write(self, text: str) -> int:
        self._note[0] = True
        return self._stream.write(text)

    def writelines(self, lines: Any) -> None:
        self._note[0] = True
        self._stream.writelines(lines)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


# Whether the program wrote since its last Done (one cell, which the watched streams set).
_note = [False]


def watch() -> None:
    sys.stdout = _Watched(sys.stdout, _note)  # type: ignore[assignment]
    sys.stderr = _Watched(sys.stderr, _note)  # type: ignore[assignment]


def wrote() -> bool:
    """Whether the program wrote since this was last asked (Done.wrote_output)."""
    wrote = _note[0]
    _note[0] = False
    return wrote
