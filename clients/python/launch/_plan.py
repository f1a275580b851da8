"""The launch plan being written while a launch file is evaluated (docs/launch-plan.md).

Actions add their records here (`context._plan`); what runs later (an event handler's actions,
a timer's, `on_exit`) is evaluated now, in a scope of its own, into the record that holds it.
"""

import os
from typing import Any, Iterable

from ._visit import visit_entities
from .substitutions.substitution_failure import SubstitutionFailure


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
        A substitution that fails in them (an unset environment variable) is an `error` record
        where it failed: launch would fail when the event happens, not before.
        """
        saved, self._target = self._target, []
        context._push_launch_configurations()
        context._push_environment()
        context._push_locals()
        if event_locals:
            context.extend_locals({'event': EventToCome()})
        try:
            visit_entities(context, entities)
            return self._target
        except SubstitutionFailure as failure:
            # launch evaluates a handler's actions when its event happens, and fails then: so does the run.
            if not event_locals:
                raise
            file, line = getattr(failure, '_rclsim_origin', ('', 0))
            self._target.append({'kind': 'error', 'file': file, 'line': line, 'message': str(failure)})
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


class EventDecision(RuntimeError):
    """A handler function asked the event a question only the run can answer (`if event.returncode != 0`)."""


class EventText(str):
    """An attribute of the event to come: its text is `${event.NAME}`, filled in by the run.

    A handler function may format it (`'says "{}"'.format(event.text.decode().strip())`):
    `decode`/`encode` keep it, `strip` & co. become filters the run applies (`${event.text|strip}`).
    Comparing it with anything but a text is a decision on the event, which cannot be taken before
    the run: that raises EventDecision.
    """

    __hash__ = str.__hash__

    def _filtered(self, name: str) -> 'EventText':
        return EventText(self[:-1] + '|' + name + '}')

    def decode(self, *_args: object, **_kwargs: object) -> 'EventText':
        return self

    def encode(self, *_args: object, **_kwargs: object) -> 'EventText':  # type: ignore[override]
        return self

    def strip(self, chars: object = None) -> 'EventText':
        return self._filtered('strip') if chars is None else self._decided('.strip(chars)')

    def lstrip(self, chars: object = None) -> 'EventText':
        return self._filtered('lstrip') if chars is None else self._decided('.lstrip(chars)')

    def rstrip(self, chars: object = None) -> 'EventText':
        return self._filtered('rstrip') if chars is None else self._decided('.rstrip(chars)')

    def lower(self) -> 'EventText':
        return self._filtered('lower')

    def upper(self) -> 'EventText':
        return self._filtered('upper')

    def _decided(self, how: str) -> 'EventText':
        raise EventDecision(f'{self}{how}')

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return str.__eq__(self, other)
        raise EventDecision(f'{self} == {other!r}')

    def __ne__(self, other: object) -> bool:
        if isinstance(other, str):
            return str.__ne__(self, other)
        raise EventDecision(f'{self} != {other!r}')

    def __int__(self) -> int:
        raise EventDecision(f'int({self})')

    def __float__(self) -> float:
        raise EventDecision(f'float({self})')

    def __lt__(self, other: object) -> bool:
        raise EventDecision(f'{self} < {other!r}')

    def __gt__(self, other: object) -> bool:
        raise EventDecision(f'{self} > {other!r}')


class EventToCome:
    """The event a handler's actions see (`LocalSubstitution('event.NAME')`, a handler function's argument)."""

    def __getattr__(self, name: str) -> EventText:
        if name.startswith('__'):
            raise AttributeError(name)
        return EventText('${event.' + name + '}')


def plan_of(context: Any) -> Plan:
    plan = getattr(context, '_plan', None)
    if plan is None:
        raise RuntimeError('this action runs only under rclsim\'s launch evaluator (python3 -m rclsim._launch_plan)')
    return plan
