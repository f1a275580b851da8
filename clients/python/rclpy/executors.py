"""rclpy.executors: executors whose turns the simulation decides.

A spinning executor spins its nodes in the simulation (``Spin``) and yields: the simulation
grants the callbacks of its nodes, in the order its executor model gives them, until what the
spin waits for happens (a callback ran, a future completed, a timeout came, shutdown).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from rclpy.context import Context
from rclpy.task import Future, Task, step
from rclpy.utilities import get_default_context
from rclsim import _runtime, _waits
from rclsim._connection import SimulationError


class ExternalShutdownException(Exception):
    """The context was shut down while the executor spun."""


class ShutdownException(Exception):
    pass


class TimeoutException(Exception):
    pass


class ConditionReachedException(Exception):
    pass


class Executor:
    # A callback that sleeps or waits holds the executor's one thread: nothing else of its runs.
    _blocks_when_a_callback_waits = True

    def __init__(self, *, context: Context | None = None) -> None:
        self._context = get_default_context() if context is None else context
        self._nodes: list[Any] = []
        self._is_shutdown = False
        self._spinning = False

    @property
    def context(self) -> Context:
        return self._context

    def add_node(self, node: Any) -> bool:
        if node in self._nodes:
            return False
        self._nodes.append(node)
        node._executor = self
        return True

    def remove_node(self, node: Any) -> None:
        if node in self._nodes:
            self._nodes.remove(node)
            if node._executor is self:
                node._executor = None

    def get_nodes(self) -> list[Any]:
        return list(self._nodes)

    def shutdown(self, timeout_sec: float | None = None) -> bool:
        self._is_shutdown = True
        for node in list(self._nodes):
            self.remove_node(node)
        return True

    def create_task(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> Task:
        """A task that runs after the callback under way (rclpy runs it at its executor's next turn)."""
        task = Task(callback, args, kwargs, executor=self)
        _runtime.connection().tasks.append(lambda: step(task))
        return task

    def _stopped(self) -> bool:
        return self._is_shutdown or not self._context.ok()

    def spin(self) -> None:
        self._serve(lambda: self._stopped(), None)

    def spin_once(self, timeout_sec: float | None = None) -> None:
        connection = _runtime.connection()
        before = connection.served()
        self._serve(lambda: connection.served() > before or self._stopped(), timeout_sec)

    def spin_until_future_complete(self, future: Future, timeout_sec: float | None = None) -> None:
        self._serve(lambda: future.done() or self._stopped(), timeout_sec)

    def spin_once_until_future_complete(self, future: Future, timeout_sec: float | None = None) -> None:
        connection = _runtime.connection()
        before = connection.served()
        self._serve(lambda: future.done() or connection.served() > before or self._stopped(), timeout_sec)

    def _serve(self, until: Callable[[], bool], timeout_sec: float | None) -> None:
        """Spins the nodes in the simulation and serves their runs until ``until()`` or the timeout."""
        if self._spinning:
            raise RuntimeError("Executor is already spinning")
        if self._stopped():
            return
        nodes = list(self._nodes)
        self._spinning = True
        connection = _runtime.connection()
        # The runs of these nodes' callbacks are this thread's (the program's other threads wait for theirs).
        spinners = connection.spinners
        me = threading.current_thread()
        for node in nodes:
            spinners[node.handle] = me
        self._spin_nodes(nodes, "SPIN")
        # Tasks made before the spin run at its first turn.
        _runtime.connection().run_tasks()
        # Code that blocks while this executor runs a callback (a sleep) holds the executor.
        if self._blocks_when_a_callback_waits:
            _waits.pausers().append(self._pause)
        try:
            if timeout_sec is None or timeout_sec < 0:
                _runtime.connection().serve(until)
            else:
                wake = _waits.WakeUp(_runtime.connection().now_ns + round(timeout_sec * 1_000_000_000))
                try:
                    _runtime.connection().serve(lambda: until() or wake.came)
                finally:
                    wake.cancel()
        finally:
            if self._blocks_when_a_callback_waits:
                _waits.pausers().remove(self._pause)
            for node in nodes:
                if spinners.get(node.handle) is me:
                    del spinners[node.handle]
            self._spinning = False
            self._spin_nodes([n for n in nodes if not n._destroyed], "STOP")

    def _pause(self) -> Callable[[], None]:
        nodes = [n for n in self._nodes if not n._destroyed]
        self._spin_nodes(nodes, "STOP")
        return lambda: self._spin_nodes([n for n in nodes if not n._destroyed], "SPIN")

    def _spin_nodes(self, nodes: list[Any], how: str) -> None:
        connection = _runtime.connection()
        threads = self._threads()
        for node in nodes:
            try:
                connection.ask({"spin": {"node": node.handle, "how": how, "threads": threads}})
            except SimulationError:
                # A node whose context was shut down meanwhile spins no more.
                pass


    def _threads(self) -> int:
        """How many threads the simulation's model of this executor has."""
        return 1


class SingleThreadedExecutor(Executor):
    pass


class MultiThreadedExecutor(Executor):
    """Runs one callback at a time, deterministically; while one waits (a sleep, a call), the
    others of its nodes run meanwhile, as its other threads would."""

    _blocks_when_a_callback_waits = False

    def __init__(self, num_threads: int | None = None, *, context: Context | None = None) -> None:
        super().__init__(context=context)
        import os

        self._num_threads = num_threads if num_threads is not None else (os.cpu_count() or 2)

    @property
    def num_threads(self) -> int:
        return self._num_threads

    def _threads(self) -> int:
        return self._num_threads
