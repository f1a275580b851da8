"""`DeclareLaunchArgument`: a launch argument, its default, choices and description (ros2 launch's words)."""

from typing import Any, Optional

from .._input_error import LaunchInputError
from .._plan import plan_of
from ..action import Action
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions


class DeclareLaunchArgument(Action):
    def __init__(self, name: str, *, default_value: Any = None, description: Optional[str] = None, choices: Optional[list[str]] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__name = name
        self.__default_value = None if default_value is None else normalize_to_list_of_substitutions(default_value)
        if choices is not None:
            if len(choices) == 0:
                raise LaunchInputError('Provided choices arg is empty. Use None to ignore the choice list.')
            if isinstance(default_value, str) and default_value not in choices:
                raise LaunchInputError(f'Provided default_value "{default_value}" is not in provided choices "{choices}".')
        # launch/actions/declare_launch_argument.py: the description ros2 launch --show-args prints.
        if description is None:
            self.__description = 'no description given' if choices is None else f'One of: {choices}'
        else:
            self.__description = description
            if choices is not None:
                self.__description += ('' if description.endswith('.') else '.') + f' Valid choices are: {choices}'
        self.__choices = choices
        self._conditionally_included = False

    @property
    def name(self) -> str:
        return self.__name

    @property
    def default_value(self) -> Optional[list[Any]]:
        return self.__default_value

    @property
    def description(self) -> str:
        return self.__description

    @property
    def choices(self) -> Optional[list[str]]:
        return self.__choices

    def plan_record(self, default: Optional[str]) -> dict[str, Any]:
        file, line = self._origin
        return {
            'name': self.__name,
            'default': default,
            'described_default': self.described_default(),
            'conditional': self._conditionally_included,
            'description': self.__description,
            'choices': self.__choices,
            'file': file,
            'line': line,
        }

    def described_default(self) -> Optional[str]:
        """The default as `ros2 launch --show-args` prints it: each token's describe(), joined by ' + ' (ros2launch/api/api.py)."""
        if self.__default_value is None:
            return None
        return ' + '.join(s.describe() for s in self.__default_value)

    def execute(self, context: Any) -> None:
        configurations = context.launch_configurations
        default = None if self.__default_value is None else perform_substitutions(context, self.__default_value)
        plan_of(context).declare(self.plan_record(default))
        if self.__name not in configurations:
            if default is None:
                raise LaunchInputError(f'Required launch argument "{self.__name}" (description: "{self.__description}") was not provided.')
            configurations[self.__name] = default
        if self.__choices is not None and configurations[self.__name] not in self.__choices:
            raise LaunchInputError(f'Argument "{self.__name}" provided value "{configurations[self.__name]}" is not valid. Valid options are: {self.__choices}')
