"""`IfElseSubstitution`: one of two texts, by a condition read as a bool."""

from typing import Any

from ..substitution import Substitution
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions
from .boolean_substitution import _bool


class IfElseSubstitution(Substitution):
    def __init__(self, condition: Any, if_value: Any = '', else_value: Any = '') -> None:
        self.__condition = normalize_to_list_of_substitutions(condition)
        self.__if_value = normalize_to_list_of_substitutions(if_value)
        self.__else_value = normalize_to_list_of_substitutions(else_value)

    def perform(self, context: Any) -> str:
        chosen = self.__if_value if _bool(context, self.__condition) else self.__else_value
        return perform_substitutions(context, chosen)
