"""`SetLaunchConfiguration` and `UnsetLaunchConfiguration`."""

from typing import Any

from ..action import Action
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions


class SetLaunchConfiguration(Action):
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
        context.launch_configurations[perform_substitutions(context, self.__name)] = perform_substitutions(context, self.__value)


class UnsetLaunchConfiguration(Action):
    def __init__(self, name: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__name = normalize_to_list_of_substitutions(name)

    def execute(self, context: Any) -> None:
        context.launch_configurations.pop(perform_substitutions(context, self.__name), None)
