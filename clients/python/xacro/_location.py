"""Where processing is: the macros being expanded and the files being read, printed as xacro
prints them after an error, and file names relative to the file being read."""

from __future__ import annotations

import os
import sys

from ._state import current_file, state


def print_location() -> None:
    """`when instantiating macro: NAME (FILE)`, `instantiated from: …`, then `in file: FILE`
    (`when processing file:` outside macros) and `included from: …`, innermost first."""
    said = 'when instantiating macro:'
    for macro in reversed(state.macros):
        print(said, macro.name, f'({macro.file or "???"})', file=sys.stderr)
        said = 'instantiated from:'
    said = 'in file:' if state.macros else 'when processing file:'
    for file in reversed(state.files or []):
        print(said, 'string' if file is None else file, file=sys.stderr)
        said = 'included from:'


def abs_filename_spec(filename_spec: str) -> str:
    """`filename_spec` relative to the folder of the file being read (the current folder for a string)."""
    if os.path.isabs(filename_spec):
        return filename_spec
    parent = current_file()
    return os.path.join(os.path.dirname(parent) if parent else '.', filename_spec)


def warn(text: str, *, location: bool = False) -> None:
    """One of xacro's own warnings, unless quiet (`-q`)."""
    from ._messages import warning

    if state.verbosity > 0:
        warning(text)
        if location:
            print_location()
