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
    """A process's output, each piece it writes to stdout or stderr (`on_process_io` records, one per stream).

    Its functions take the event alone, as launch's do; `event.text` is the piece written. rclsim
    has no stdin to give a process, so `on_stdin` is left out with a warning line.
    """

    def __init__(self, *, target_action: Any = None, on_stdin: Any = None, on_stdout: Any = None, on_stderr: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.target_action = target_action
        self.on_stdin = on_stdin
        self.streams = {'stdout': on_stdout, 'stderr': on_stderr}

    def _plan_record(self, context: Any, plan: Plan, registration: Any) -> None:
        if self.on_stdin is not None:
            file, line = registration._origin
            print(f'{file}:{line}: warning: OnProcessIO on_stdin is left out: rclsim gives a process no input', file=sys.stderr)
        target = target_id(plan, self.target_action, 'OnProcessIO')
        for stream, entities in self.streams.items():
            if entities is None:
                continue
            record = plan.add(registration, 'on_process_io', target=target, stream=stream, actions=[])
            record['actions'] = handler_actions(context, plan, entities, f'OnProcessIO on_{stream}', with_context=False)
