"""`OnShutdown`: actions when the launch ends (an `on_shutdown` record)."""

from typing import Any

from .._plan import Plan
from ..event_handler import BaseEventHandler
from ._handler_actions import handler_actions


class OnShutdown(BaseEventHandler):
    def __init__(self, *, on_shutdown: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entities = on_shutdown

    def _plan_record(self, context: Any, plan: Plan, registration: Any) -> None:
        record = plan.add(registration, 'on_shutdown', actions=[])
        record['actions'] = handler_actions(context, plan, self.entities, 'OnShutdown on_shutdown')
