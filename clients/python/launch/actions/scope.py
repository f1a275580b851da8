"""The actions a scoped `GroupAction` (or an include) wraps around its actions: push, reset, pop."""

from typing import Any, Optional

from ..action import Action
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions


class PushLaunchConfigurations(Action):
    def execute(self, context: Any) -> None:
        context._push_launch_configurations()


class PopLaunchConfigurations(Action):
    def execute(self, context: Any) -> None:
        context._pop_launch_configurations()


class PushEnvironment(Action):
    def execute(self, context: Any) -> None:
        context._push_environment()


class PopEnvironment(Action):
    def execute(self, context: Any) -> None:
        context._pop_environment()


class ResetEnvironment(Action):
    def execute(self, context: Any) -> None:
        context._reset_environment()


class ResetLaunchConfigurations(Action):
    """Clears the launch configurations but those named, which are set again (evaluated first)."""

    def __init__(self, launch_configurations: Optional[dict[Any, Any]] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__kept = launch_configurations or {}

    def execute(self, context: Any) -> None:
        kept = {
            perform_substitutions(context, normalize_to_list_of_substitutions(name)): perform_substitutions(context, normalize_to_list_of_substitutions(value))
            for name, value in self.__kept.items()
        }
        context._reset_launch_configurations()
        context.launch_configurations.update(kept)
