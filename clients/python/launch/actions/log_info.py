"""`LogInfo`: a message launch prints as `[INFO] [launch.user]: …` (a `log` record)."""

from typing import Any

from .._plan import plan_of
from ..action import Action
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions


class LogInfo(Action):
    def __init__(self, *, msg: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__msg = normalize_to_list_of_substitutions(msg)

    @property
    def msg(self) -> list[Any]:
        return self.__msg

    def execute(self, context: Any) -> None:
        plan_of(context).add(self, 'log', message=perform_substitutions(context, self.__msg))
