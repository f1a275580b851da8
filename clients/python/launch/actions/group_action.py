"""`GroupAction`: actions under one condition, scoped (configurations and environment) by default."""

from typing import Any, Iterable, Optional

from ..action import Action
from .scope import PopEnvironment, PopLaunchConfigurations, PushEnvironment, PushLaunchConfigurations, ResetEnvironment, ResetLaunchConfigurations
from .set_launch_configuration import SetLaunchConfiguration


class GroupAction(Action):
    def __init__(
        self, actions: Iterable[Any], *, scoped: bool = True, forwarding: bool = True, launch_configurations: Optional[dict[Any, Any]] = None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.__actions = list(actions)
        self.__scoped = scoped
        self.__forwarding = forwarding
        self.__launch_configurations = launch_configurations or {}
        self.__sub_entities: Optional[list[Any]] = None

    def get_sub_entities(self) -> list[Any]:
        # As launch/actions/group_action.py: the scope is actions around the group's own.
        if self.__sub_entities is None:
            sets = [SetLaunchConfiguration(name, value) for name, value in self.__launch_configurations.items()]
            if not self.__scoped:
                self.__sub_entities = [*sets, *self.__actions]
            elif self.__forwarding:
                self.__sub_entities = [PushLaunchConfigurations(), PushEnvironment(), *sets, *self.__actions, PopEnvironment(), PopLaunchConfigurations()]
            else:
                self.__sub_entities = [
                    PushLaunchConfigurations(),
                    PushEnvironment(),
                    ResetEnvironment(),
                    ResetLaunchConfigurations(self.__launch_configurations),
                    *self.__actions,
                    PopEnvironment(),
                    PopLaunchConfigurations(),
                ]
        return self.__sub_entities

    def execute(self, context: Any) -> list[Any]:
        return self.get_sub_entities()
