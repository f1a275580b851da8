"""rclpy.utilities: the default context and helpers around it."""

from __future__ import annotations

from typing import Any

from rclpy.context import Context
from rclpy.signals import uninstall_signal_handlers

_default_context: Context | None = None


def get_default_context(*, shutting_down: bool = False) -> Context:
    """The default context; with shutting_down it is handed over and the next call makes a fresh
    one, so rclpy.init() works again after rclpy.shutdown(), as in rclpy."""
    global _default_context
    if _default_context is None:
        _default_context = Context()
    context = _default_context
    if shutting_down:
        _default_context = None
    return context


def ok(*, context: Context | None = None) -> bool:
    return (context or get_default_context()).ok()


def shutdown(*, context: Context | None = None, uninstall_handlers: bool | None = None) -> None:
    default = context is None or context is _default_context
    (context or get_default_context(shutting_down=True)).shutdown()
    if uninstall_handlers or (uninstall_handlers is None and default):
        uninstall_signal_handlers()


def try_shutdown(*, context: Context | None = None, uninstall_handlers: bool | None = None) -> None:
    if context is not None:
        context.try_shutdown()
    elif _default_context is not None:
        get_default_context(shutting_down=True).try_shutdown()


def get_rmw_implementation_identifier() -> str:
    from rclsim import _port

    return str(_port.welcome().get("rmw_implementation", ""))


def timeout_sec_to_nsec(timeout_sec: float | None) -> int:
    """None or negative: wait for ever (-1); else the nanoseconds."""
    if timeout_sec is None or timeout_sec < 0:
        return -1
    return int(float(timeout_sec) * 1e9)


def remove_ros_args(args: list[str] | None = None) -> list[str]:
    """The arguments without the ROS ones (between --ros-args and --, or to the end)."""
    import sys

    kept: list[str] = []
    inside = False
    for arg in sys.argv if args is None else args:
        if arg == "--ros-args":
            inside = True
        elif inside and arg == "--":
            inside = False
        elif not inside:
            kept.append(arg)
    return kept


def get_available_rmw_implementations() -> set[Any]:
    return {get_rmw_implementation_identifier()}
