"""`EmitEvent` and `Shutdown`: events the plan knows (`Shutdown`, launch_ros' `ChangeState`) as records."""

from typing import Any

from .._input_error import LaunchInputError
from .._plan import plan_of
from ..action import Action
from ..event import Event
from ..events.shutdown import Shutdown as ShutdownEvent


class EmitEvent(Action):
    def __init__(self, *, event: Event, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__event = event

    @property
    def event(self) -> Event:
        return self.__event

    def execute(self, context: Any) -> None:
        record = getattr(self.__event, '_plan_record', None)
        if record is None:
            raise LaunchInputError(f"EmitEvent of {type(self.__event).__name__} is not supported: rclsim's launch emits Shutdown and lifecycle ChangeState")
        record(context, plan_of(context), self)


class Shutdown(EmitEvent):
    """The action `Shutdown(reason=…)`: emits the event of that name."""

    def __init__(self, *, reason: str = 'reason not given', **kwargs: Any) -> None:
        super().__init__(event=ShutdownEvent(reason=reason), **kwargs)
