"""`launch.EventHandler`: the base of the handlers `RegisterEventHandler` takes.

Each handler of the plan gives its record with `_plan_record(context, plan)` (docs/launch-plan.md).
"""

from typing import Any, Callable, Optional


class BaseEventHandler:
    def __init__(self, *, matcher: Optional[Callable[[Any], bool]] = None, handle_once: bool = False) -> None:
        self.__matcher = matcher
        self.__handle_once = handle_once

    @property
    def matcher(self) -> Optional[Callable[[Any], bool]]:
        return self.__matcher

    @property
    def handle_once(self) -> bool:
        return self.__handle_once


class EventHandler(BaseEventHandler):
    def __init__(self, *, matcher: Optional[Callable[[Any], bool]] = None, entities: Any = None, handle_once: bool = False) -> None:
        super().__init__(matcher=matcher, handle_once=handle_once)
        self.__entities = entities

    @property
    def entities(self) -> Any:
        return self.__entities
