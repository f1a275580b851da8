"""A `${…}` expression evaluated as xacro evaluates it: Python over the scope's names, with no
builtins but those the global symbols expose, and no name that starts with `__`."""

from __future__ import annotations

from collections.abc import Mapping
from types import CodeType
from typing import Any

from ._errors import XacroException


class _Names(dict):  # type: ignore[type-arg]
    """eval's globals: every name not defined in the expression is looked up in the scope."""

    def __init__(self, scope: Mapping[str, Any]) -> None:
        super().__init__(__builtins__={})
        self.__scope = scope

    def __missing__(self, key: str) -> Any:
        return self.__scope[key]


def _names_in(code: CodeType) -> set[str]:
    names = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            names |= _names_in(constant)
    return names


def safe_eval(expression: str, scope: Mapping[str, Any]) -> Any:
    code = compile(expression.strip(), '<expression>', 'eval')
    invalid = sorted(name for name in _names_in(code) if name.startswith('__'))
    if invalid:
        raise XacroException(f"Use of invalid name(s): {', '.join(invalid)}")
    return eval(code, _Names(scope))
