"""`launch.Action`: an entity that does something when visited, unless its condition is false."""

from typing import Any, Optional

from ._origin import caller_origin
from .condition import Condition
from .launch_description_entity import LaunchDescriptionEntity


class Action(LaunchDescriptionEntity):
    def __init__(self, *, condition: Optional[Condition] = None) -> None:
        self.__condition = condition
        # The launch file and line the plan names for this action (docs/launch-plan.md).
        self._origin = caller_origin()

    @property
    def condition(self) -> Optional[Condition]:
        return self.__condition

    def get_sub_entities(self) -> list[LaunchDescriptionEntity]:
        return []

    # launch/launch_description.py walks these to find arguments without a context.
    def describe_sub_entities(self) -> list[LaunchDescriptionEntity]:
        return self.get_sub_entities() if self.condition is None else []

    def describe_conditional_sub_entities(self) -> list[tuple[str, list[LaunchDescriptionEntity]]]:
        if self.condition is None:
            return []
        return [(f'Conditionally included by {self.describe()}', self.get_sub_entities())]

    def visit(self, context: Any) -> Optional[list[LaunchDescriptionEntity]]:
        if self.__condition is None or self.__condition.evaluate(context):
            return self.execute(context)
        return None

    def execute(self, context: Any) -> Optional[list[LaunchDescriptionEntity]]:
        return None
