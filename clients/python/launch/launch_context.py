"""`launch.LaunchContext`: launch configurations, the environment and locals, each scoped by a stack.

As launch/launch_context.py: the environment is `os.environ` itself (so `EnvironmentVariable`
and the processes' environment see `SetEnvironmentVariable`), pushed and popped by copies.
`_plan` is the evaluator's plan being written (rclsim/_launch_plan.py), None outside it.
"""

import os
from typing import Any, MutableMapping, Optional

from .substitution import Substitution


class _Locals:
    """`context.locals`: read-only attribute access to the locals."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__['_values'] = values

    def __getattr__(self, key: str) -> Any:
        values = self.__dict__['_values']
        if key not in values:
            raise AttributeError(f"context.locals does not contain attribute '{key}', it contains: [{', '.join(values)}]")
        return values[key]

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError(f"can't set attribute '{key}', locals are read-only")


class LaunchContext:
    def __init__(self, *, argv: Optional[list[str]] = None, noninteractive: bool = False) -> None:
        self.__argv = list(argv) if argv is not None else []
        self.__noninteractive = noninteractive
        self.__globals: dict[str, Any] = {}
        self.__locals: dict[str, Any] = {}
        self.__locals_stack: list[dict[str, Any]] = []
        self.__configurations: dict[str, Any] = {}
        self.__configurations_stack: list[dict[str, Any]] = []
        self.__environment_stack: list[dict[str, str]] = []
        self.__environment_reset = dict(os.environ)
        self._plan: Any = None
        # AnonName's count (substitutions/anon_name.py).
        self._anonymous_names = 0
        self._event_handlers: list[Any] = []

    @property
    def argv(self) -> list[str]:
        return self.__argv

    @property
    def noninteractive(self) -> bool:
        return self.__noninteractive

    @property
    def is_shutdown(self) -> bool:
        return False

    @property
    def launch_configurations(self) -> dict[str, Any]:
        return self.__configurations

    @property
    def environment(self) -> MutableMapping[str, str]:
        return os.environ

    @property
    def locals(self) -> _Locals:
        return _Locals(self.get_locals_as_dict())

    def get_locals_as_dict(self) -> dict[str, Any]:
        combined = dict(self.__globals)
        combined.update(self.__locals)
        return combined

    def extend_globals(self, extensions: dict[str, Any]) -> None:
        self.__globals.update(extensions)

    def extend_locals(self, extensions: dict[str, Any]) -> None:
        self.__locals.update(extensions)

    def _push_locals(self) -> None:
        self.__locals_stack.append(dict(self.__locals))

    def _pop_locals(self) -> None:
        self.__locals = self.__locals_stack.pop()

    def _push_launch_configurations(self) -> None:
        self.__configurations_stack.append(dict(self.__configurations))

    def _pop_launch_configurations(self) -> None:
        self.__configurations = self.__configurations_stack.pop()

    def _reset_launch_configurations(self) -> None:
        self.__configurations = {}

    def _push_environment(self) -> None:
        self.__environment_stack.append(dict(os.environ))

    def _pop_environment(self) -> None:
        _restore_environment(self.__environment_stack.pop())

    def _reset_environment(self) -> None:
        _restore_environment(self.__environment_reset)

    def perform_substitution(self, substitution: Substitution) -> str:
        return substitution.perform(self)

    def register_event_handler(self, event_handler: Any, append: bool = False) -> None:
        self._event_handlers.append(event_handler)

    def would_handle_event(self, event: Any) -> bool:
        return False


def _restore_environment(values: dict[str, str]) -> None:
    os.environ.clear()
    os.environ.update(values)
