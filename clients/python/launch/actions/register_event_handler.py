"""`RegisterEventHandler`: a handler the run calls; its record holds the actions, evaluated now."""

from typing import Any

from .._input_error import LaunchInputError
from .._plan import plan_of
from ..action import Action


class RegisterEventHandler(Action):
    def __init__(self, event_handler: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__event_handler = event_handler

    @property
    def event_handler(self) -> Any:
        return self.__event_handler

    def describe_conditional_sub_entities(self) -> list[tuple[str, list[Any]]]:
        entities = getattr(self.__event_handler, 'entities', None)
        return [('event handler', list(entities))] if isinstance(entities, (list, tuple)) else []

    def execute(self, context: Any) -> None:
        record = getattr(self.__event_handler, '_plan_record', None)
        if record is None:
            raise LaunchInputError(
                f'{type(self.__event_handler).__name__} is not supported: the plan has OnProcessStart, OnProcessExit, OnExecutionComplete (of a process), OnShutdown, OnStateTransition'
            )
        record(context, plan_of(context), self)
