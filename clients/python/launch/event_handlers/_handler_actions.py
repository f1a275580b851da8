"""What a handler's record holds: its target's id and its actions, evaluated at registration.

A handler given as a function (`on_exit=lambda event, context: LogInfo(...)`) is called then, with
the event to come (`_plan.EventToCome`): what it returns is the handler's actions, and the event's
attributes it formats into them are filled in by the run.
"""

from typing import Any, Optional

from .._input_error import LaunchInputError
from .._plan import EventDecision, EventToCome, Plan
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


def handler_actions(context: Any, plan: Plan, entities: Any, what: str, with_context: bool = True) -> list[dict[str, Any]]:
    """The records of a handler's actions; a function is called as launch calls it: `(event, context)`, or `(event)` (`with_context` False: OnProcessIO's)."""
    if entities is None:
        return []
    if callable(entities) and not isinstance(entities, (LaunchDescriptionEntity, list, tuple)):
        try:
            entities = entities(EventToCome(), context) if with_context else entities(EventToCome())
        except EventDecision as decision:
            raise LaunchInputError(
                f"{what}: the function decides on the event ({decision}), which rclsim cannot do: it evaluates a handler's actions before the run; "
                'give actions that need only its text (LocalSubstitution, or the event formatted into a message)'
            ) from None
        if entities is None:
            return []
    return plan.nested(context, normalize_to_list_of_entities(entities), event_locals=True)
