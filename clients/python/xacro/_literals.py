"""What a property's text stands for (`42` an int, `0.5` a float, `true` a bool, `'a b'` the text
between the quotes), and a condition's truth, by xacro's rules."""

from __future__ import annotations

from typing import Any

from ._errors import XacroException


def eval_literal(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    if len(value) >= 2 and value[0] == "'" and value[-1] == "'":
        return value[1:-1]
    # Python reads 1_000 as a number (PEP 515); xacro keeps such a text a text.
    if '_' in value:
        return value
    for convert in (int, float, _boolean):
        try:
            return convert(value)
        except ValueError:
            pass
    return value


def _boolean(text: str) -> bool:
    if text in ('true', 'True'):
        return True
    if text in ('false', 'False'):
        return False
    raise ValueError(text)


def get_boolean_value(value: Any, condition: Any) -> bool:
    """`true`/`True`, `false`/`False`, an integer's text, or any value's truth; else an error naming the condition."""
    try:
        if isinstance(value, str):
            return _boolean(value) if value in ('true', 'True', 'false', 'False') else bool(int(value))
        return bool(value)
    except Exception:
        raise XacroException(f'Xacro conditional "{condition}" evaluated to "{value}", which is not a boolean expression.') from None
