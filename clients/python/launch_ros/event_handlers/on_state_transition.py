"""`OnStateTransition`: actions when a lifecycle node goes from one state to another (an `on_state_transition` record)."""

from typing import Any, Optional

from launch._plan import Plan
from launch.event_handler import BaseEventHandler
from launch.event_handlers._handler_actions import handler_actions, target_id


class OnStateTransition(BaseEventHandler):
    def __init__(
        self,
        *,
        entities: Any,
        target_lifecycle_node: Any = None,
        transition: Optional[str] = None,
        start_state: Optional[str] = None,
        goal_state: Optional[str] = None,
        matcher: Any = None,
        handle_once: bool = False,
    ) -> None:
        super().__init__(handle_once=handle_once)
        self.entities = entities
        self.target_lifecycle_node = target_lifecycle_node if target_lifecycle_node is not None else matcher
        self.start_state = start_state
        self.goal_state = goal_state

    def _plan_record(self, context: Any, plan: Plan, registration: Any) -> None:
        record = plan.add(
            registration,
            'on_state_transition',
            target=target_id(plan, self.target_lifecycle_node, 'OnStateTransition'),
            start_state=self.start_state,
            goal_state=self.goal_state,
            actions=[],
        )
        record['actions'] = handler_actions(context, plan, self.entities, 'OnStateTransition entities')
