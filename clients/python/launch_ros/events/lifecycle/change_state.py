"""`ChangeState`: ask a lifecycle node for a transition; emitted, a `change_state` record."""

from typing import Any

from launch._input_error import LaunchInputError
from launch._plan import Plan
from launch.event import Event
from launch.events.matchers import ActionMatcher


class ChangeState(Event):
    name = 'launch_ros.events.lifecycle.ChangeState'

    def __init__(self, *, lifecycle_node_matcher: Any, transition_id: int) -> None:
        self.__matcher = lifecycle_node_matcher
        self.__transition_id = transition_id

    @property
    def lifecycle_node_matcher(self) -> Any:
        return self.__matcher

    @property
    def transition_id(self) -> int:
        return self.__transition_id

    def _plan_record(self, context: Any, plan: Plan, emitter: Any) -> None:
        if not isinstance(self.__matcher, ActionMatcher):
            raise LaunchInputError('ChangeState: the lifecycle node must be named with launch.events.matchers.matches_action(node)')
        plan.add(emitter, 'change_state', target=plan.id_of(self.__matcher.target_action), transition=int(self.__transition_id))
