"""What a handler's record holds: its target's id and its actions, evaluated at registration."""

from typing import Any, Optional

from .._input_error import LaunchInputError
from .._plan import Plan
from ..events.matchers import ActionMatcher
from ..launch_description_entity import LaunchDescriptionEntity
from ..utilities import normalize_to_list_of_entities


def target_id(plan: Plan, target: Any, what: str) -> Optional[str]:
    if target is None:
        return None
    if isinstance(target, ActionMatcher):
        target = target.target_action
    if isinstance(target, LaunchDescriptionEntity):
        return plan.id_of(target)
    raise LaunchInputError(f'{what}: a target that is a function is not supported: the plan names its target; give the action itself or matches_action(action)')


def handler_actions(context: Any, plan: Plan, entities: Any, what: str) -> list[dict[str, Any]]:
    if entities is None:
        return []
    if callable(entities) and not isinstance(entities, (LaunchDescriptionEntity, list, tuple)):
        raise LaunchInputError(
            f"{what} as a function is not supported: rclsim evaluates a handler's actions before the run, so it cannot call a function with the event; give a list of actions"
        )
    return plan.nested(context, normalize_to_list_of_entities(entities), event_locals=True)
