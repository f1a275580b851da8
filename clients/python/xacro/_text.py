"""A text with `${…}` and `$(…)` evaluated: the value itself when the text is one piece (so
`${[1, 2]}` stays a list), else the pieces' texts joined."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._errors import XacroException
from ._lexer import EXPRESSION, EXTENSION, lex
from ._safe_eval import safe_eval
from ._substitution_args import resolve_extension


def eval_text(text: str, symbols: Mapping[str, Any]) -> Any:
    values: list[Any] = []
    for kind, piece in lex(text):
        if kind == EXPRESSION:
            values.append(_expression(piece, symbols))
        elif kind == EXTENSION:
            # An extension may hold expressions: `$(arg ${name})`.
            values.append(resolve_extension(f'$({eval_text(piece, symbols)})'))
        else:
            values.append(piece)
    if len(values) == 1:
        return values[0]
    return ''.join(str(value) for value in values)


def _expression(expression: str, symbols: Mapping[str, Any]) -> Any:
    try:
        # An expression may hold extensions: `${2 * $(arg n)}`.
        return safe_eval(str(eval_text(expression, symbols)), symbols)
    except Exception as error:
        raise XacroException(exc=error, suffix=f"\nwhen evaluating expression '{expression}'") from error
