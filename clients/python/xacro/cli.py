"""xacro's command line: `xacro [options] FILE [name:=value …]` (optparse, as xacro's own)."""

from __future__ import annotations

import optparse
import textwrap
from typing import Any

from ._messages import colorize, message

REMAP = ':='


class _Parser(optparse.OptionParser):
    def error(self, msg: str) -> Any:  # type: ignore[override]
        import sys

        return super().error(colorize(msg, 'red', sys.stderr))


def load_mappings(argv: list[str]) -> dict[str, str]:
    """`name:=value` arguments; `_name:=value` (a parameter assignment under ROS 1) and an empty side are left out."""
    mappings: dict[str, str] = {}
    for arg in argv:
        if REMAP not in arg:
            continue
        try:
            name, value = (side.strip() for side in arg.split(REMAP))
        except ValueError:
            raise RuntimeError(f"Invalid remapping argument '{arg}'\n") from None
        if name and value and not (len(name) > 1 and name[0] == '_' and name[1] != '_'):
            mappings[name] = value
    return mappings


def process_args(argv: list[str], require_input: bool = True) -> tuple[Any, str | None]:
    parser = _Parser(usage='usage: %prog [options] <input>')
    parser.add_option('-o', dest='output', metavar='FILE', help='write output to FILE instead of stdout')
    parser.add_option('--deps', action='store_true', dest='just_deps', help='print file dependencies')
    parser.add_option('--inorder', '-i', action='store_true', dest='in_order', help='processing in read order (default, can be omitted)')
    parser.add_option('-q', action='store_const', dest='verbosity', const=0, help='quiet operation, suppressing warnings')
    parser.add_option('-v', action='count', dest='verbosity', help='increase verbosity')
    parser.add_option(
        '--verbosity',
        metavar='level',
        dest='verbosity',
        type='int',
        help=textwrap.dedent(
            """\
            set verbosity level
            0: quiet, suppressing warnings
            1: default, showing warnings and error locations
            2: show stack trace"""
        ),
    )
    mappings = load_mappings(argv)
    parser.set_defaults(just_deps=False, verbosity=1)
    options, positional = parser.parse_args([arg for arg in argv if REMAP not in arg])
    if options.in_order:
        message('xacro: in-order processing became default in ROS Melodic. You can drop the option.')
    options.in_order = True
    if len(positional) != 1:
        if require_input:
            parser.error('expected exactly one input file as argument')
        positional = [None]
    options.mappings = mappings
    return options, positional[0]
