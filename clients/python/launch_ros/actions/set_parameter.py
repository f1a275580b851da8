"""`SetParameter`, `SetParametersFromFile`, `SetUseSimTime`: parameters for every node after them in scope."""

import os
from typing import Any

from launch.action import Action
from launch.utilities import normalize_to_list_of_substitutions, perform_substitutions

from .._plan_parameters import GLOBAL_PARAMS
from ..utilities.normalize_parameters import evaluate_parameter_dict, normalize_parameter_dict


def _add(context: Any, entry: tuple[Any, ...]) -> None:
    configurations = context.launch_configurations
    configurations[GLOBAL_PARAMS] = (*configurations.get(GLOBAL_PARAMS, ()), entry)


class SetParameter(Action):
    def __init__(self, name: Any, value: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__parameter = normalize_parameter_dict({tuple(normalize_to_list_of_substitutions(name)): value})

    def execute(self, context: Any) -> None:
        for name, value in evaluate_parameter_dict(context, self.__parameter).items():
            _add(context, ('value', name, value))


class SetParametersFromFile(Action):
    def __init__(self, filename: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__filename = normalize_to_list_of_substitutions(filename)

    def execute(self, context: Any) -> None:
        _add(context, ('file', os.path.abspath(perform_substitutions(context, self.__filename))))


class SetUseSimTime(SetParameter):
    def __init__(self, value: Any, **kwargs: Any) -> None:
        super().__init__('use_sim_time', value, **kwargs)
