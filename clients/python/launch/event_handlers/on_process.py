"""`OnProcessStart`, `OnProcessExit`, `OnExecutionComplete` (of a process: when it exits), `OnProcessIO`."""

import sys
from typing import Any

from .._plan import Plan
from ..event_handler import BaseEventHandler
from ._handler_actions import handler_actions, target_id


class OnProcessStart(BaseEventHandler):
    def __init__(self, *, target_action: Any = None, on_start: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.target_action = target_action
        self.entities = on_start

    def _plan_record(self, context: Any, plan: Plan, registration: Any) -> None:
        record = plan.add(registration, 'on_process_start', target=target_id(plan, self.target_action, 'OnProcessStart'), actions=[])
        record['actions'] = handler_actions(context, plan, self.entities, 'OnProcessStart on_start')


class OnProcessExit(BaseEventHandler):
    def __init__(self, *, target_action: Any = None, on_exit: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.target_action = target_action
        self.entities = on_exit

    def _plan_record(self, context: Any, plan: Plan, registration: Any) -> None:
        record = plan.add(registration, 'on_process_exit', target=target_id(plan, self.target_action, 'OnProcessExit'), actions=[])
        record['actions'] = handler_actions(context, plan, self.entities, 'OnProcessExit on_exit')


class OnExecutionComplete(BaseEventHandler):
    """A process's execution completes when it exits: the plan's `on_process_exit`."""

    def __init__(self, *, target_action: Any = None, on_completion: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.target_action = target_action
        self.entities = on_completion

    def _plan_record(self, context: Any, plan: Plan, registration: Any) -> None:
        record = plan.add(registration, 'on_process_exit', target=target_id(plan, self.target_action, 'OnExecutionComplete'), actions=[])
        record['actions'] = handler_actions(context, plan, self.entities, 'OnExecutionComplete on_completion')


class OnProcessIO(BaseEventHandler):
    """A process's output handed to a function: the plan has no such record, so it is left out, with a warning line."""

    def __init__(self, *, target_action: Any = None, on_stdin: Any = None, on_stdout: Any = None, on_stderr: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.target_action = target_action

    def _plan_record(self, context: Any, plan: Plan, registration: Any) -> None:
        file, line = registration._origin
        print(f"{file}:{line}: warning: OnProcessIO is left out: rclsim's launch does not hand a process's output to a function", file=sys.stderr)
