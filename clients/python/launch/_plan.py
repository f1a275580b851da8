"""The launch plan being written while a launch file is evaluated (docs/launch-plan.md).

Actions add their records here (`context._plan`); what runs later (an event handler's actions,
a timer's, `on_exit`) is evaluated now, in a scope of its own, into the record that holds it.
"""

import os
from typing import Any, Iterable

from ._visit import visit_entities


class Plan:
    def __init__(self, files_dir: str) -> None:
        self.arguments: list[dict[str, Any]] = []
        self.actions: list[dict[str, Any]] = []
        self.include_chain: list[str] = []
        self.base_environment = dict(os.environ)
        self._argument_names: set[str] = set()
        self._target = self.actions
        self._ids: dict[int, str] = {}
        # Keeps the actions named by id alive, so no other object reuses their id().
        self._named: list[Any] = []
        self._files_dir = files_dir
        self._files = 0

    def id_of(self, action: Any) -> str:
        """The action's id: "a1", "a2", … in the order actions are first executed or referred to."""
        key = id(action)
        if key not in self._ids:
            self._named.append(action)
            self._ids[key] = f'a{len(self._ids) + 1}'
        return self._ids[key]

    def add(self, action: Any, kind: str, **fields: Any) -> dict[str, Any]:
        file, line = getattr(action, '_origin', ('', 0))
        record = {'kind': kind, 'file': file, 'line': line, **fields}
        self._target.append(record)
        return record

    def declare(self, record: dict[str, Any]) -> None:
        if record['name'] not in self._argument_names:
            self._argument_names.add(record['name'])
            self.arguments.append(record)

    def nested(self, context: Any, entities: Iterable[Any], event_locals: bool = False) -> list[dict[str, Any]]:
        """The records of `entities`, evaluated now in a scope that ends with them.

        A handler's actions see `event` among the locals (`LocalSubstitution('event.reason')`):
        the event is not known yet, so its attributes are texts `${event.NAME}` the run fills in.
        """
        saved, self._target = self._target, []
        context._push_launch_configurations()
        context._push_environment()
        context._push_locals()
        if event_locals:
            context.extend_locals({'event': _EventToCome()})
        try:
            visit_entities(context, entities)
            return self._target
        finally:
            context._pop_locals()
            context._pop_environment()
            context._pop_launch_configurations()
            self._target = saved

    def environment(self, additional: Iterable[tuple[str, str]] = ()) -> dict[str, str]:
        """What the launch's scope set in the environment (by name), then `additional` in order."""
        changed = {name: value for name, value in sorted(os.environ.items()) if self.base_environment.get(name) != value}
        changed.update(additional)
        return changed

    def write_file(self, name: str, text: str) -> str:
        """A file the plan refers to (a parameter file with substitutions), kept beside the plan."""
        os.makedirs(self._files_dir, exist_ok=True)
        self._files += 1
        path = os.path.join(self._files_dir, f'{self._files}_{name}')
        with open(path, 'w', encoding='utf-8') as file:
            file.write(text)
        return path


class _EventToCome:
    def __getattr__(self, name: str) -> str:
        if name.startswith('__'):
            raise AttributeError(name)
        return '${event.' + name + '}'


def plan_of(context: Any) -> Plan:
    plan = getattr(context, '_plan', None)
    if plan is None:
        raise RuntimeError('this action runs only under rclsim\'s launch evaluator (python3 -m rclsim._launch_plan)')
    return plan
