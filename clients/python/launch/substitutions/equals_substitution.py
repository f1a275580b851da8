"""`EqualsSubstitution` and `NotEqualsSubstitution`: 'true'/'false' comparing two texts.

As launch/substitutions/equals_substitution.py: two bool texts compare as bools, two numbers
with `math.isclose`, anything else as text; non-text operands are str()'d (bools lower-case).
"""

import math
from typing import Any

from ..substitution import Substitution
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions


def _operand(value: Any) -> list[Substitution]:
    if isinstance(value, Substitution) or (isinstance(value, (list, tuple)) and any(isinstance(x, Substitution) for x in value)):
        return normalize_to_list_of_substitutions(value)
    if value is None:
        return normalize_to_list_of_substitutions('')
    if isinstance(value, bool):
        return normalize_to_list_of_substitutions(str(value).lower())
    return normalize_to_list_of_substitutions(str(value))


def _is_bool(text: str) -> bool:
    return text.lower() in ('true', 'false', '1', '0')


def _is_float(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def texts_equal(left: str, right: str) -> bool:
    if _is_bool(left) and _is_bool(right):
        return (left.lower() in ('true', '1')) == (right.lower() in ('true', '1'))
    if _is_float(left) and _is_float(right):
        return math.isclose(float(left), float(right))
    return left == right


class EqualsSubstitution(Substitution):
    def __init__(self, left: Any, right: Any) -> None:
        self.__left = _operand(left)
        self.__right = _operand(right)

    def perform(self, context: Any) -> str:
        return str(texts_equal(perform_substitutions(context, self.__left), perform_substitutions(context, self.__right))).lower()


class NotEqualsSubstitution(Substitution):
    def __init__(self, left: Any, right: Any) -> None:
        self.__left = _operand(left)
        self.__right = _operand(right)

    def perform(self, context: Any) -> str:
        return str(not texts_equal(perform_substitutions(context, self.__left), perform_substitutions(context, self.__right))).lower()
