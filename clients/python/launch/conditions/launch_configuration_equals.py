"""`LaunchConfigurationEquals`/`NotEquals`: a launch configuration compared to a text (None: not set)."""

from typing import Any, Optional

from ..condition import Condition
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions


def _equals(context: Any, name: str, expected: Optional[list]) -> bool:
    value = context.launch_configurations.get(name)
    if expected is None:
        return value is None
    return value is not None and value == perform_substitutions(context, expected)


class LaunchConfigurationEquals(Condition):
    def __init__(self, launch_configuration_name: str, expected_value: Any) -> None:
        self.__name = launch_configuration_name
        self.__expected = None if expected_value is None else normalize_to_list_of_substitutions(expected_value)
        super().__init__(predicate=lambda context: _equals(context, self.__name, self.__expected))


class LaunchConfigurationNotEquals(Condition):
    def __init__(self, launch_configuration_name: str, expected_value: Any) -> None:
        self.__name = launch_configuration_name
        self.__expected = None if expected_value is None else normalize_to_list_of_substitutions(expected_value)
        super().__init__(predicate=lambda context: not _equals(context, self.__name, self.__expected))
