"""A text's pieces as xacro reads them: `${expression}`, `$(substitution arg)`, and plain text,
where `$${` and `$$(` stand for `${` and `$(`; a `${` or `$(` left open is an error."""

from __future__ import annotations

import re

from ._errors import XacroException

TEXT, EXPRESSION, EXTENSION = 'text', 'expression', 'extension'

# In xacro's order of preference; an expression ends at its first `}`, an extension at its first `)`.
_PIECE = re.compile(
    r'(?P<escape>\$\$+[{(])|\$\{(?P<expression>[^}]*)\}|\$\((?P<extension>[^)]*)\)|(?P<text>[^$]+|\$[^{($]+|\$\Z)',
)


def lex(text: str) -> list[tuple[str, str]]:
    pieces: list[tuple[str, str]] = []
    at = 0
    while at < len(text):
        found = _PIECE.match(text, at)
        if found is None:
            raise XacroException(f'invalid expression: {text}')
        if found['escape'] is not None:
            pieces.append((TEXT, found['escape'][1:]))
        elif found['expression'] is not None:
            pieces.append((EXPRESSION, found['expression']))
        elif found['extension'] is not None:
            pieces.append((EXTENSION, found['extension']))
        else:
            pieces.append((TEXT, found['text']))
        at = found.end()
    return pieces
