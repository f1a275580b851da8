"""Lines xacro writes to stderr: messages, warnings (`warning: …`) and errors (`error: …`),
colored instead of prefixed on a terminal, as xacro writes them."""

from __future__ import annotations

import sys
from typing import Any, TextIO

_COLORS = {'red': 91, 'yellow': 93}


def colorize(text: str, color: str | None, stream: TextIO, alt_text: str | None = None) -> str:
    code = _COLORS.get(color or '')
    if code is not None and hasattr(stream, 'isatty') and stream.isatty():
        return f'\033[{code}m{text}\033[0m'
    return f'{alt_text}{text}' if alt_text else text


def message(msg: Any, *args: Any, color: str | None = None, alt_text: str | None = None, file: TextIO | None = None) -> None:
    stream = file if file is not None else sys.stderr
    print(colorize(str(msg), color, stream, alt_text), *args, file=stream)


def warning(msg: Any, *args: Any, **kwargs: Any) -> None:
    message(msg, *args, **{'color': 'yellow', 'alt_text': 'warning: ', **kwargs})


def error(msg: Any, *args: Any, **kwargs: Any) -> None:
    message(msg, *args, **{'color': 'red', 'alt_text': 'error: ', **kwargs})
