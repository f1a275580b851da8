"""`launch.events.Shutdown`: the launch ends; emitted, it is a `shutdown` record with its reason."""

from typing import Any

from .._plan import Plan
from ..event import Event


class Shutdown(Event):
    name = 'launch.events.Shutdown'

    def __init__(self, *, reason: str = 'reason not given', due_to_sigint: bool = False) -> None:
        self.__reason = reason
        self.__due_to_sigint = due_to_sigint

    @property
    def reason(self) -> str:
        return self.__reason

    @property
    def due_to_sigint(self) -> bool:
        return self.__due_to_sigint

    def _plan_record(self, context: Any, plan: Plan, emitter: Any) -> None:
        plan.add(emitter, 'shutdown', reason=str(self.__reason))
