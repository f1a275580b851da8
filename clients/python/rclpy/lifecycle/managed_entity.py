"""rclpy.lifecycle.ManagedEntity: what a lifecycle node's transitions are passed on to."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from rclpy.lifecycle._state_machine import TransitionCallbackReturnType

TransitionCallbackReturn = TransitionCallbackReturnType


class ManagedEntity:
    """An entity whose transition callbacks the node calls from its own; each succeeds by default."""

    def on_configure(self, state: Any) -> TransitionCallbackReturn:
        return TransitionCallbackReturn.SUCCESS

    def on_cleanup(self, state: Any) -> TransitionCallbackReturn:
        return TransitionCallbackReturn.SUCCESS

    def on_shutdown(self, state: Any) -> TransitionCallbackReturn:
        return TransitionCallbackReturn.SUCCESS

    def on_activate(self, state: Any) -> TransitionCallbackReturn:
        return TransitionCallbackReturn.SUCCESS

    def on_deactivate(self, state: Any) -> TransitionCallbackReturn:
        return TransitionCallbackReturn.SUCCESS

    def on_error(self, state: Any) -> TransitionCallbackReturn:
        return TransitionCallbackReturn.SUCCESS


class SimpleManagedEntity(ManagedEntity):
    """An entity that is enabled while its node is active."""

    def __init__(self) -> None:
        self._enabled = False

    def on_activate(self, state: Any) -> TransitionCallbackReturn:
        self._enabled = True
        return TransitionCallbackReturn.SUCCESS

    def on_deactivate(self, state: Any) -> TransitionCallbackReturn:
        self._enabled = False
        return TransitionCallbackReturn.SUCCESS

    @property
    def is_activated(self) -> bool:
        return self._enabled

    @staticmethod
    def when_enabled(wrapped: Callable[..., Any] | None = None, *, when_not_enabled: Callable[[], Any] | None = None) -> Any:
        """Decorates a method so that it does nothing (but call when_not_enabled) while not enabled."""

        def decorator(method: Callable[..., Any]) -> Callable[..., Any]:
            @wraps(method)
            def only_when_enabled(self: SimpleManagedEntity, *args: Any, **kwargs: Any) -> None:
                if not self._enabled:
                    if when_not_enabled is not None:
                        when_not_enabled()
                    return
                method(self, *args, **kwargs)

            return only_when_enabled

        return decorator if wrapped is None else decorator(wrapped)
