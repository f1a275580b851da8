"""`EnvironmentVariable`: a variable of the launch's environment, or its default."""

from typing import Any

from ..substitution import Substitution
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions
from .substitution_failure import SubstitutionFailure


class EnvironmentVariable(Substitution):
    def __init__(self, name: Any, *, default_value: Any = None) -> None:
        self.__name = normalize_to_list_of_substitutions(name)
        self.__default_value = None if default_value is None else normalize_to_list_of_substitutions(default_value)

    @property
    def name(self) -> list[Substitution]:
        return self.__name

    @property
    def default_value(self) -> Any:
        return self.__default_value

    def describe(self) -> str:
        return f"EnvVar({' + '.join(s.describe() for s in self.__name)})"

    def perform(self, context: Any) -> str:
        default = None if self.__default_value is None else perform_substitutions(context, self.__default_value)
        name = perform_substitutions(context, self.__name)
        value = context.environment.get(name, default)
        if value is None:
            raise SubstitutionFailure(f"environment variable '{name}' does not exist")
        return value
