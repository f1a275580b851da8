"""A command line attribute (`<executable cmd>`, `<node args ros_args>`) as a list of
arguments, each a list of substitutions (upstream: ExecuteProcess._parse_cmdline).

Plain text is split as a shell splits it (shlex); a substitution joins the argument it touches:
`$(find-pkg-prefix p)/bin/x --flag` is two arguments, `a $(var b)` two, `$(var a)$(var b)` one.
"""

from __future__ import annotations

import shlex
from typing import Any


def parse_cmdline(cmd: str, parser: Any) -> list[list[Any]]:
    from ..substitutions import TextSubstitution

    args: list[list[Any]] = []
    current: list[Any] = []

    def close() -> None:
        nonlocal current
        args.append(current)
        current = []

    for sub in parser.parse_substitution(cmd):
        if not isinstance(sub, TextSubstitution):
            current.append(sub)
            continue
        tokens = shlex.split(sub.text)
        if not tokens:
            # Only spaces: they part the substitutions on either side.
            if current:
                close()
            continue
        if sub.text[0].isspace() and current:
            close()
        current.append(TextSubstitution(text=tokens[0]))
        if len(tokens) > 1:
            close()
            args.extend([TextSubstitution(text=token)] for token in tokens[1:-1])
            current.append(TextSubstitution(text=tokens[-1]))
        if sub.text[-1].isspace():
            close()
    if current:
        args.append(current)
    return args
