"""`TimerAction`: actions that run `period` seconds after the timer does (a `timer` record)."""

from typing import Any, Iterable

from .._input_error import LaunchInputError
from .._plan import plan_of
from ..action import Action
from ..utilities.type_utils import normalize_typed_substitution, perform_typed_substitution


class TimerAction(Action):
    def __init__(self, *, period: Any, actions: Iterable[Any], cancel_on_shutdown: Any = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__period = normalize_typed_substitution(period, float)
        self.__actions = list(actions)

    @property
    def actions(self) -> list[Any]:
        return self.__actions

    def describe_conditional_sub_entities(self) -> list[tuple[str, list[Any]]]:
        return [('TimerAction', self.__actions)]

    def execute(self, context: Any) -> None:
        period = float(perform_typed_substitution(context, self.__period, float))
        if period < 0:
            raise LaunchInputError(f'TimerAction period {period} is negative')
        plan = plan_of(context)
        record = plan.add(self, 'timer', period=period, actions=[])
        record['actions'] = plan.nested(context, self.__actions)
