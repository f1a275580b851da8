"""A macro's `params` list, one parameter at a time: `name`, `*block`, `**block`,
`name:=default` (or `=`), `name:=^` (the outer scope's `name`), `name:=^|default`.

A default is one word, in which quoted parts, `${…}` and `$(…)` may hold spaces."""

from __future__ import annotations

import re

from ._errors import XacroException

_PARAM = re.compile(
    r"""\s*(?P<name>[^\s:=]+)
    (?:(?::=|=)(?P<forward>\^\|?)?(?P<default>(?:'[^']*'|"[^"]*"|\$\{[^}]*\}|\$\([^)]*\)|[^\s'"])*))?
    (?P<rest>.*)""",
    re.VERBOSE | re.DOTALL,
)


def parse_macro_arg(text: str) -> tuple[str, tuple[str | None, str | None] | None, str]:
    """(name, (forwarded name or None, default or None) or None, what follows)."""
    found = _PARAM.match(text)
    if found is None:
        raise XacroException(f'Invalid macro parameters: {text}')
    name, default, rest = found['name'], found['default'], found['rest'].lstrip()
    if found['forward']:
        return name, (name, default or None), rest
    if default is None:
        return name, None, rest
    return name, (None, default), rest
