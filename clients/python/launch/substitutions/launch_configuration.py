"""`LaunchConfiguration`: a launch configuration's value, or its default when it is not set."""

from typing import Any

from ..substitution import Substitution
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions
from .substitution_failure import SubstitutionFailure


class LaunchConfiguration(Substitution):
    def __init__(self, variable_name: Any, *, default: Any = None) -> None:
        self.__variable_name = normalize_to_list_of_substitutions(variable_name)
        self.__default = None
        if default is not None:
            # launch/substitutions/launch_configuration.py: non-text items become str(item).
            items = default if isinstance(default, (list, tuple)) else [default]
            self.__default = normalize_to_list_of_substitutions([x if isinstance(x, (str, Substitution)) else str(x) for x in items])

    @property
    def variable_name(self) -> list[Substitution]:
        return self.__variable_name

    def describe(self) -> str:
        return f"LaunchConfig({' + '.join(s.describe() for s in self.__variable_name)})"

    def perform(self, context: Any) -> str:
        name = perform_substitutions(context, self.__variable_name)
        if name not in context.launch_configurations:
            if self.__default is None:
                raise SubstitutionFailure(f"launch configuration '{name}' does not exist")
            return perform_substitutions(context, self.__default)
        return context.launch_configurations[name]
