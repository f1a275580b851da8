"""`NotSubstitution`, `AndSubstitution`, `OrSubstitution`, `AnySubstitution`, `AllSubstitution`: 'true'/'false'.

Each input is read as launch reads a bool ('1'/'0', then YAML: true/false/on/off/yes/no).
"""

from typing import Any

from ..substitution import Substitution
from ..utilities import normalize_to_list_of_substitutions
from ..utilities.type_utils import perform_typed_substitution
from .substitution_failure import SubstitutionFailure


def _bool(context: Any, value: list[Substitution]) -> bool:
    try:
        return perform_typed_substitution(context, value, bool)
    except (TypeError, ValueError) as error:
        raise SubstitutionFailure(str(error)) from None


def _text(value: bool) -> str:
    return str(value).lower()


class NotSubstitution(Substitution):
    def __init__(self, value: Any) -> None:
        self.__value = normalize_to_list_of_substitutions(value)

    def perform(self, context: Any) -> str:
        return _text(not _bool(context, self.__value))


class AndSubstitution(Substitution):
    def __init__(self, left: Any, right: Any) -> None:
        self.__left = normalize_to_list_of_substitutions(left)
        self.__right = normalize_to_list_of_substitutions(right)

    def perform(self, context: Any) -> str:
        left = _bool(context, self.__left)
        return _text(_bool(context, self.__right) and left)


class OrSubstitution(Substitution):
    def __init__(self, left: Any, right: Any) -> None:
        self.__left = normalize_to_list_of_substitutions(left)
        self.__right = normalize_to_list_of_substitutions(right)

    def perform(self, context: Any) -> str:
        left = _bool(context, self.__left)
        return _text(_bool(context, self.__right) or left)


class AnySubstitution(Substitution):
    def __init__(self, *args: Any) -> None:
        self.__args = [normalize_to_list_of_substitutions(arg) for arg in args]

    def perform(self, context: Any) -> str:
        return _text(any([_bool(context, arg) for arg in self.__args]))


class AllSubstitution(Substitution):
    def __init__(self, *args: Any) -> None:
        self.__args = [normalize_to_list_of_substitutions(arg) for arg in args]

    def perform(self, context: Any) -> str:
        return _text(all([_bool(context, arg) for arg in self.__args]))
