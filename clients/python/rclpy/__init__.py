"""rclpy inside an rclsim simulation (docs/design.md#python-programs).

The same API as ROS 2 Jazzy's rclpy, over the node protocol: the simulation owns every entity
and decides every order and time; this client runs the program's callbacks when told to.
"""

from __future__ import annotations

import sys
from typing import Any

from rclpy.context import Context
from rclpy.executors import Executor, SingleThreadedExecutor
from rclpy.node import Node
from rclpy.parameter import Parameter
from rclpy.signals import SignalHandlerOptions, install_signal_handlers
from rclpy.task import Future
from rclpy.utilities import get_default_context, ok, shutdown, try_shutdown

__all__ = [
    "init",
    "shutdown",
    "try_shutdown",
    "ok",
    "create_node",
    "spin",
    "spin_once",
    "spin_until_future_complete",
    "get_global_executor",
    "get_default_context",
    "Parameter",
]

_global_executor: Executor | None = None


class InitContextManager:
    """What init() returns: ``with rclpy.init():`` shuts the context down at the block's end."""

    def __init__(self, context: Context) -> None:
        self.context = context

    def __enter__(self) -> InitContextManager:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.context.try_shutdown()


def init(*, args: list[str] | None = None, context: Context | None = None, domain_id: int | None = None, signal_handler_options: Any = None) -> InitContextManager:
    default = context is None or context is get_default_context()
    context = get_default_context() if context is None else context
    context.init(list(sys.argv if args is None else args), domain_id=domain_id)
    # rclpy installs its handlers for the default context unless told otherwise.
    if signal_handler_options is None:
        signal_handler_options = SignalHandlerOptions.ALL if default else SignalHandlerOptions.NO
    install_signal_handlers(signal_handler_options)
    return InitContextManager(context)


def get_global_executor() -> Executor:
    """One executor for rclpy.spin and its kin, made for the default context and dropped when that
    context shuts down (as rclpy does: after init again, a new one serves the new context)."""
    global _global_executor
    if _global_executor is None:
        executor = _global_executor = SingleThreadedExecutor()

        def reset() -> None:
            global _global_executor
            executor.shutdown()
            if _global_executor is executor:
                _global_executor = None

        get_default_context().on_shutdown(reset)
    return _global_executor


def create_node(node_name: str, **kwargs: Any) -> Node:
    return Node(node_name, **kwargs)


def _with_node(node: Node, executor: Executor | None) -> Executor:
    executor = get_global_executor() if executor is None else executor
    executor.add_node(node)
    return executor


def spin(node: Node, executor: Executor | None = None) -> None:
    executor = _with_node(node, executor)
    try:
        executor.spin()
    finally:
        executor.remove_node(node)


def spin_once(node: Node, *, executor: Executor | None = None, timeout_sec: float | None = None) -> None:
    executor = _with_node(node, executor)
    try:
        executor.spin_once(timeout_sec=timeout_sec)
    finally:
        executor.remove_node(node)


def spin_until_future_complete(node: Node, future: Future, executor: Executor | None = None, timeout_sec: float | None = None) -> None:
    executor = _with_node(node, executor)
    try:
        executor.spin_until_future_complete(future, timeout_sec)
    finally:
        executor.remove_node(node)
