"""`IncludeLaunchDescription`: another launch file's description, with arguments set as configurations.

As launch/actions/include_launch_description.py: the arguments are set in the includer's scope
(an include is not scoped), a required argument neither given nor defaulted is an error before
anything of the file runs, and the file's path and folder are the locals `ThisLaunchFile(Dir)`
read. An include of a file already being included is a cycle: one line naming the chain.
"""

import os
from collections.abc import Mapping
from typing import Any, Optional

from .._input_error import LaunchInputError
from .._plan import plan_of
from ..action import Action
from ..launch_description_source import LaunchDescriptionSource
from ..launch_description_sources.any_launch_description_source import AnyLaunchDescriptionSource
from ..launch_context import LaunchContext
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions
from .set_launch_configuration import SetLaunchConfiguration


class IncludeLaunchDescription(Action):
    def __init__(self, launch_description_source: Any, *, launch_arguments: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if not isinstance(launch_description_source, LaunchDescriptionSource):
            launch_description_source = AnyLaunchDescriptionSource(launch_description_source)
        self.__source = launch_description_source
        if isinstance(launch_arguments, Mapping):
            launch_arguments = launch_arguments.items()
        self.__launch_arguments = () if launch_arguments is None else tuple(launch_arguments)

    @property
    def launch_description_source(self) -> LaunchDescriptionSource:
        return self.__source

    @property
    def launch_arguments(self) -> tuple[Any, ...]:
        return self.__launch_arguments

    def _static_location(self) -> Optional[str]:
        location = self.__source.try_expand_location_without_context()
        return None if location is None else os.path.abspath(location)

    def get_sub_entities(self) -> list[Any]:
        description = self.__source.try_get_launch_description_without_context()
        return [] if description is None else [description]

    def _try_get_arguments_names_without_context(self) -> list[str]:
        try:
            context = LaunchContext()
            return [perform_substitutions(context, normalize_to_list_of_substitutions(name)) for name, _ in self.__launch_arguments]
        except Exception:
            return []

    def execute(self, context: Any) -> list[Any]:
        plan = plan_of(context)
        if not self.__source.is_file:
            sets = [SetLaunchConfiguration(name, value) for name, value in self.__launch_arguments]
            return [*sets, self.__source.get_launch_description(context)]
        location = os.path.abspath(self.__source.expand_location(context))
        if location in plan.include_chain:
            chain = [*plan.include_chain[plan.include_chain.index(location) :], location]
            raise LaunchInputError(f"include cycle: {' -> '.join(chain)}")
        description = self.__source.get_launch_description(context)
        given = [perform_substitutions(context, normalize_to_list_of_substitutions(name)) for name, _ in self.__launch_arguments]
        missing = []
        for argument, includes in description.get_launch_arguments_with_include_launch_description_actions():
            if argument._conditionally_included or argument.default_value is not None:
                continue
            names = list(given)
            for include in includes or []:
                names.extend(include._try_get_arguments_names_without_context())
            if argument.name not in names:
                missing.append(argument)
        if missing:
            error = LaunchInputError(missing_arguments_message(missing, given))
            error._rclsim_origin = missing[0]._origin  # type: ignore[attr-defined]
            raise error
        sets = [SetLaunchConfiguration(name, value) for name, value in self.__launch_arguments]
        return [_EnterFile(location), *sets, description, _LeaveFile()]


def missing_arguments_message(missing: list[Any], given: list[str]) -> str:
    """ros2 launch's line for missing required arguments (every one of them, not only the first)."""
    listed = ', '.join(f"'{argument.name}' (description: '{argument.description}')" for argument in missing)
    plural = 's' if len(missing) > 1 else ''
    return f"Included launch description missing required argument{plural} {listed}, given: [{', '.join(given)}]"


class _EnterFile(Action):
    """Makes `location` the launch file being evaluated, until `_LeaveFile`."""

    def __init__(self, location: str) -> None:
        super().__init__()
        self.__location = location

    def execute(self, context: Any) -> None:
        plan_of(context).include_chain.append(self.__location)
        context._push_locals()
        context.extend_locals({'current_launch_file_path': self.__location, 'current_launch_file_directory': os.path.dirname(self.__location)})


class _LeaveFile(Action):
    def execute(self, context: Any) -> None:
        context._pop_locals()
        plan_of(context).include_chain.pop()
