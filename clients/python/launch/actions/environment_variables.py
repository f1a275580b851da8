"""`SetEnvironmentVariable`, `AppendEnvironmentVariable`, `UnsetEnvironmentVariable`: the launch's environment.

The environment is `os.environ` (launch/launch_context.py), scoped by groups; the processes
the plan starts carry what differs from the evaluator's own (docs/launch-plan.md `env`).
"""

import os
from typing import Any

from ..action import Action
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions
from ..utilities.type_utils import normalize_typed_substitution, perform_typed_substitution


class SetEnvironmentVariable(Action):
    def __init__(self, name: Any, value: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__name = normalize_to_list_of_substitutions(name)
        self.__value = normalize_to_list_of_substitutions(value)

    @property
    def name(self) -> list[Any]:
        return self.__name

    @property
    def value(self) -> list[Any]:
        return self.__value

    def execute(self, context: Any) -> None:
        context.environment[perform_substitutions(context, self.__name)] = perform_substitutions(context, self.__value)


class AppendEnvironmentVariable(Action):
    """Adds to a variable after (or, `prepend`, before) its value, joined by `separator` (os.pathsep)."""

    def __init__(self, name: Any, value: Any, prepend: Any = False, separator: Any = os.pathsep, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__name = normalize_to_list_of_substitutions(name)
        self.__value = normalize_to_list_of_substitutions(value)
        self.__prepend = normalize_typed_substitution(prepend, bool)
        self.__separator = normalize_to_list_of_substitutions(separator)

    def execute(self, context: Any) -> None:
        name = perform_substitutions(context, self.__name)
        value = perform_substitutions(context, self.__value)
        if name in context.environment:
            separator = perform_substitutions(context, self.__separator)
            before = context.environment[name]
            value = value + separator + before if perform_typed_substitution(context, self.__prepend, bool) else before + separator + value
        context.environment[name] = value


class UnsetEnvironmentVariable(Action):
    def __init__(self, name: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__name = normalize_to_list_of_substitutions(name)

    def execute(self, context: Any) -> None:
        context.environment.pop(perform_substitutions(context, self.__name), None)
