"""What one processing run keeps between its pieces: the files and macros being processed (what
xacro names when it reports an error), the `$(arg)` values, the document's root (where included
files' namespace declarations go), the files read (`--deps`) and the verbosity.

xacro's Python API is module state (`xacro.filestack`, `xacro.process_doc`), so is this."""

from __future__ import annotations

from typing import Any


class State:
    def __init__(self) -> None:
        self.files: list[str | None] | None = None
        self.macros: list[Any] = []
        self.arguments: dict[str, str] = {}
        self.root: Any = None
        self.dependencies: list[str] = []
        self.verbosity = 1


state = State()


def init_stacks(file: str | None) -> None:
    """A run starts in `file` (None: a string or a document), no macro being expanded."""
    state.files = [file]
    state.macros = []
    state.dependencies = []


def current_file() -> str | None:
    return state.files[-1] if state.files else None


def push_file(file: str) -> None:
    if state.files is None:
        state.files = [None]
    state.files.append(file)


def pop_file() -> None:
    if state.files:
        state.files.pop()
