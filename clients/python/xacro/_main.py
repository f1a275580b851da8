"""What the `xacro` command does: the file processed and written (stdout or `-o FILE`, its folder
made), or its dependencies (`--deps`); an error is `error: …` and where it happened on stderr,
exit 2, and no output file."""

from __future__ import annotations

import os
import sys
import xml.parsers.expat
from typing import Any, TextIO

from ._document import process_file
from ._errors import XacroException
from ._location import print_location
from ._messages import error
from ._state import state
from .cli import process_args


def _open_output(path: str | None) -> TextIO:
    if path is None:
        return sys.stdout
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    try:
        return open(path, 'w', encoding='utf-8')
    except OSError as failure:
        raise XacroException('Failed to open output:', exc=failure) from None


def _process(input_file_name: str, opts: dict[str, Any]) -> None:
    try:
        doc = process_file(input_file_name, **opts)
        out = _open_output(opts.get('output'))
    except xml.parsers.expat.ExpatError as failure:
        error(f'XML parsing error: {failure}', alt_text=None)
        if state.verbosity > 0:
            print_location()
            print(file=sys.stderr)
            print('Check that:', file=sys.stderr)
            print(' - Your XML is well-formed', file=sys.stderr)
            print(' - You have the xacro xmlns declaration:', 'xmlns:xacro="http://www.ros.org/wiki/xacro"', file=sys.stderr)
        sys.exit(2)
    except Exception as failure:
        error(str(failure) or repr(failure))
        if state.verbosity > 0:
            print_location()
        if state.verbosity > 1:
            print(file=sys.stderr)
            raise
        sys.exit(2)
    if opts.get('just_deps'):
        # Sorted, where xacro writes a set's order: the same every run.
        out.write(' '.join(sorted(set(state.dependencies))))
    else:
        out.write(doc.toprettyxml(indent='  '))
    if opts.get('output'):
        out.close()


def process(input_file_name: str, just_deps: bool = False, xacro_ns: bool = True, verbosity: int = 1, mappings: dict[str, str] | None = None) -> str:
    """The processed file's text, as the command writes it."""
    from io import StringIO

    saved, sys.stdout = sys.stdout, StringIO()
    try:
        _process(input_file_name, {'output': None, 'just_deps': just_deps, 'xacro_ns': xacro_ns, 'verbosity': verbosity, 'mappings': mappings or {}})
        return sys.stdout.getvalue()
    finally:
        sys.stdout = saved


def main() -> None:
    options, input_file_name = process_args(sys.argv[1:])
    _process(input_file_name, vars(options))
