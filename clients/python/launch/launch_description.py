"""`LaunchDescription`: the entities a launch file gives; also found without a context, its arguments."""

from typing import Any, Iterable, Optional

from .launch_description_entity import LaunchDescriptionEntity


class LaunchDescription(LaunchDescriptionEntity):
    def __init__(self, initial_entities: Optional[Iterable[LaunchDescriptionEntity]] = None, *, deprecated_reason: Optional[str] = None) -> None:
        self.__entities = list(initial_entities) if initial_entities is not None else []
        self.__deprecated_reason = deprecated_reason

    def visit(self, context: Any) -> list[LaunchDescriptionEntity]:
        return self.__entities

    def describe_sub_entities(self) -> list[LaunchDescriptionEntity]:
        return self.__entities

    @property
    def entities(self) -> list[LaunchDescriptionEntity]:
        return self.__entities

    @property
    def deprecated(self) -> bool:
        return self.__deprecated_reason is not None

    @property
    def deprecated_reason(self) -> Optional[str]:
        return self.__deprecated_reason

    def add_entity(self, entity: LaunchDescriptionEntity) -> None:
        self.__entities.append(entity)

    def add_action(self, action: LaunchDescriptionEntity) -> None:
        self.__entities.append(action)

    def get_launch_arguments(self, conditional_inclusion: bool = False) -> list[Any]:
        return [argument for argument, _ in self.get_launch_arguments_with_include_launch_description_actions(conditional_inclusion)]

    def get_launch_arguments_with_include_launch_description_actions(self, conditional_inclusion: bool = False) -> list[tuple[Any, Optional[list[Any]]]]:
        """The arguments declared here and in what can be loaded without a context, first of each name.

        As launch/launch_description.py: conditional ones are marked `_conditionally_included`, a
        `ResetLaunchConfigurations` hides what follows it; an include already on the chain is not
        entered again (its cycle is reported when it runs).
        """
        from .actions.declare_launch_argument import DeclareLaunchArgument
        from .actions.include_launch_description import IncludeLaunchDescription
        from .actions.scope import ResetLaunchConfigurations

        found: list[tuple[Any, Optional[list[Any]]]] = []
        names: set[str] = set()

        def walk(entities: Iterable[Any], conditional: bool, includes: Optional[list[Any]], chain: tuple[str, ...]) -> None:
            for entity in entities:
                if isinstance(entity, DeclareLaunchArgument) and entity.name not in names:
                    names.add(entity.name)
                    entity._conditionally_included = conditional or entity.condition is not None
                    found.append((entity, includes))
                if isinstance(entity, ResetLaunchConfigurations):
                    return
                next_includes, next_chain = includes, chain
                if isinstance(entity, IncludeLaunchDescription):
                    location = entity._static_location()
                    if location is None or location in chain:
                        continue
                    next_includes = [*(includes or []), entity]
                    next_chain = (*chain, location)
                walk(entity.describe_sub_entities(), False, next_includes, next_chain)
                for _, sub_entities in entity.describe_conditional_sub_entities():
                    walk(sub_entities, True, next_includes, next_chain)

        walk(self.__entities, conditional_inclusion, None, ())
        return found
