"""`PathJoinSubstitution`: its parts performed and joined with `os.path.join`."""

import os
from typing import Any

from ..substitution import Substitution
from ..utilities import normalize_to_list_of_substitutions


class PathJoinSubstitution(Substitution):
    def __init__(self, substitutions: Any) -> None:
        self.__substitutions = normalize_to_list_of_substitutions(substitutions)

    @property
    def substitutions(self) -> list[Substitution]:
        return self.__substitutions

    def describe(self) -> str:
        return f"PathJoin('{' + '.join(s.describe() for s in self.__substitutions)}')"

    def perform(self, context: Any) -> str:
        return os.path.join(*[context.perform_substitution(s) for s in self.__substitutions])
