"""The tables from a tag to how it builds its action, and from a `$(name …)` to its
substitution, and the decorators that fill them (upstream: launch/frontend/expose.py).

A parse method takes (entity, parser) for an action, (args) for a substitution, and returns the
class and its constructor's keyword arguments. `expose_action`/`expose_substitution` take a class
with a `parse` classmethod, as upstream's, or a plain function.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Iterable, Optional

from .errors import EntityValueError

ParseMethod = Callable[..., tuple[Any, dict[str, Any]]]

action_parse_methods: dict[str, ParseMethod] = {}
substitution_parse_methods: dict[str, ParseMethod] = {}


class UnknownSubstitutionError(ValueError):
    """A `$(name …)` no substitution is exposed for."""


def instantiate_action(entity: Any, parser: Any) -> Any:
    """The action the entity's tag builds; the tag may hold nothing its parser did not read."""
    method = action_parse_methods.get(entity.type_name)
    if method is None:
        import difflib

        close = difflib.get_close_matches(entity.type_name, sorted(action_parse_methods), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ''
        raise EntityValueError(entity.file, entity.line, f'unknown tag {entity.label()}{hint}')
    action_type, kwargs = method(entity, parser)
    entity.assert_entity_completely_parsed()
    return action_type(**kwargs)


def instantiate_substitution(type_name: str, args: Optional[Iterable[Any]] = None) -> Any:
    """The substitution `$(type_name args…)` names; each arg a list of substitutions."""
    method = substitution_parse_methods.get(type_name)
    if method is None:
        raise UnknownSubstitutionError(f"unknown substitution '$({type_name})'")
    substitution_type, kwargs = method([] if args is None else list(args))
    return substitution_type(**kwargs)


def _expose(name: str, table: dict[str, ParseMethod], kind: str) -> Callable[[Any], Any]:
    def decorator(exposed: Any) -> Any:
        if inspect.isclass(exposed):
            method = getattr(exposed, 'parse', None)
            if not inspect.ismethod(method):
                raise RuntimeError("Did not find a class method called 'parse' in the class being decorated.")
        elif inspect.isfunction(exposed):
            method = exposed
        else:
            raise RuntimeError(f'Exposed {kind} parser for {name} is not a callable or a class containing a parse method')
        if name in table and table[name] != method:
            raise RuntimeError(f'Two {kind} parsing methods exposed with the same name: [{name}].')
        table[name] = method
        return exposed

    return decorator


def expose_action(name: str) -> Callable[[Any], Any]:
    """Expose a parse method for the tag `name`."""
    return _expose(name, action_parse_methods, 'action')


def expose_substitution(name: str) -> Callable[[Any], Any]:
    """Expose a parse method for `$(name …)`."""
    return _expose(name, substitution_parse_methods, 'substitution')
