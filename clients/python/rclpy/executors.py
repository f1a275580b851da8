"""rclpy.executors: executors whose turns the simulation decides.

A spinning executor spins its nodes in the simulation (``Spin``) and yields: the simulation
grants the callbacks of its nodes, in the order its executor model gives them, until what the
spin waits for happens (a callback ran, a future completed, a timeout came, shutdown).

A custom executor (a subclass with its own ``spin_once`` or ``wait_for_ready_callbacks``) runs
its own code as in rclpy: ``spin`` calls its ``spin_once`` again and again, and
``wait_for_ready_callbacks`` hands it the next callback the simulation grants, as a handler to
call in whichever thread it likes.
"""

from __future__ import annotations

import itertools
import os
import threading
import warnings
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

from rclpy.context import Context
from rclpy.task import Future, Task
from rclpy.utilities import get_default_context
from rclsim import _port, _waits
from rclsim._errors import SimulationError


class ExternalShutdownException(Exception):
    """The context was shut down while the executor spun."""


class ShutdownException(Exception):
    pass


class TimeoutException(Exception):
    pass


class ConditionReachedException(Exception):
    pass


def _never() -> bool:
    return False


# The methods whose override makes an executor custom (rclpy: "A custom executor must define spin_once").
_OWN_LOOP = ("spin_once", "spin_once_until_future_complete", "wait_for_ready_callbacks")


class Executor:
    # A callback that sleeps or waits holds the executor's one thread: nothing else of its runs.
    _blocks_when_a_callback_waits = True
    # Whether the class runs its own spin_once or wait_for_ready_callbacks (rclpy's custom executors).
    _custom = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._custom = any(getattr(cls, name) is not getattr(Executor, name) for name in _OWN_LOOP)

    def __init__(self, *, context: Context | None = None) -> None:
        self._context = get_default_context() if context is None else context
        self._nodes: list[Any] = []
        self._is_shutdown = False
        # The thread that spins the nodes in the simulation, and the nodes it spins.
        self._spinner: threading.Thread | None = None
        self._spun: list[Any] = []
        # What a spin_until_future_complete of a custom executor waits for (its waits end then).
        self._until: Callable[[], bool] = _never

    @property
    def context(self) -> Context:
        return self._context

    def add_node(self, node: Any) -> bool:
        if node in self._nodes:
            return False
        self._nodes.append(node)
        node._executor = self
        # rclpy's add_node wakes the executor's wait, whose next pass takes the current nodes.
        if self._spinner is not None and node not in self._spun:
            self._spin_nodes([node], "SPIN", self._spun)
        return True

    def remove_node(self, node: Any) -> None:
        if node in self._nodes:
            self._nodes.remove(node)
            if node._executor is self:
                node._executor = None
            if self._spinner is not None and node in self._spun:
                self._spun.remove(node)
                _port.unserve_node_in(node.handle, self._spinner)
                if not node._destroyed:
                    self._spin_nodes([node], "STOP")

    def get_nodes(self) -> list[Any]:
        return list(self._nodes)

    def shutdown(self, timeout_sec: float | None = None) -> bool:
        self._is_shutdown = True
        for node in list(self._nodes):
            self.remove_node(node)
        return True

    # rclpy (rolling) shuts an executor down at the end of a `with` block.
    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.shutdown()

    def create_task(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> Task:
        """A task that runs after the callback under way (rclpy runs it at its executor's next turn)."""
        task = Task(callback, args, kwargs, executor=self)
        _port.task_add(task, self)
        return task

    def _stopped(self) -> bool:
        return self._is_shutdown or not self._context.ok()

    def spin(self) -> None:
        if not self._custom:
            self._serve(lambda: self._stopped(), None)
            return
        # rclpy's: spin_once again and again, the nodes spun in the simulation all along.
        if self._stopped():
            return
        with self._spinning_here():
            while not self._stopped():
                self.spin_once()

    def spin_once(self, timeout_sec: float | None = None) -> None:
        if not self._custom:
            before = _port.runs_served()
            self._serve(lambda: _port.runs_served() > before or self._stopped(), timeout_sec)
            return
        # rclpy's SingleThreadedExecutor: the next ready callback, run here.
        try:
            handler, _, _ = self.wait_for_ready_callbacks(timeout_sec)
        except (ShutdownException, ExternalShutdownException, TimeoutException, ConditionReachedException):
            return
        handler()
        handler.result()

    def spin_until_future_complete(self, future: Future, timeout_sec: float | None = None) -> None:
        if not self._custom:
            self._serve(lambda: future.done() or self._stopped(), timeout_sec)
            return
        # rclpy's: spin_once_until_future_complete until the future is done or the time is up; a
        # wait under way ends when the future is done (ConditionReachedException through spin_once)
        # or its timeout came (TimeoutException, if spin_once lets it through).
        end = None if timeout_sec is None or timeout_sec < 0 else _port.now_ns() + round(timeout_sec * 1_000_000_000)
        self._until = future.done
        try:
            with self._spinning_here():
                while not future.done() and not self._stopped():
                    left = None if end is None else (end - _port.now_ns()) / 1_000_000_000
                    if left is not None and left <= 0:
                        return
                    try:
                        self.spin_once_until_future_complete(future, left)
                    except (ConditionReachedException, TimeoutException):
                        pass
        finally:
            self._until = _never

    def spin_once_until_future_complete(self, future: Future, timeout_sec: float | None = None) -> None:
        if not self._custom:
            before = _port.runs_served()
            self._serve(lambda: future.done() or _port.runs_served() > before or self._stopped(), timeout_sec)
            return
        # rclpy's base Executor has none: a custom executor's own spin_once does it here.
        self.spin_once(timeout_sec)

    def wait_for_ready_callbacks(
        self, timeout_sec: float | None = None, nodes: list[Any] | None = None, condition: Callable[[], bool] = _never
    ) -> tuple[Task, Any, Any]:
        """rclpy's: the next callback the simulation grants to one of the nodes (default: the
        executor's), as ``(handler, entity, node)``; calling ``handler`` (a Task) runs it, in any
        thread. The callback stays the simulation's run under way until it ran, or until the
        program waits for something else: then its entity is held, as a callback that waits, until
        the handler runs. Raises TimeoutException, ShutdownException, ExternalShutdownException or
        ConditionReachedException when the wait ends without one, as rclpy does."""
        if self._spinner is threading.current_thread():
            return self._next_ready(timeout_sec, nodes, condition)
        with self._spinning_here():
            return self._next_ready(timeout_sec, nodes, condition)

    def _next_ready(self, timeout_sec: float | None, nodes: list[Any] | None, condition: Callable[[], bool]) -> tuple[Task, Any, Any]:
        def reached() -> bool:
            return condition() or self._until()

        if not self._is_shutdown and self._context.ok() and not reached():
            # Nodes added since the spin began are spun too, as rclpy's wait takes the current ones.
            self._spin_nodes([node for node in self._nodes if node not in self._spun], "SPIN", self._spun)
            waited = {node.handle: node for node in (self._spun if nodes is None else nodes)}
            caught = _waits.claim(waited, timeout_sec, lambda: self._stopped() or reached())
            if caught is not None:
                run, owner, entry = caught
                node = waited.get(owner)
                if entry is not None:
                    # A task under way is its own handler, with the entity and node of the callback it runs.
                    task, entity = entry[0], entry[1]
                    task._claimed_by(run, entry)
                    return task, None if node is None or entity is None else _entity_of(node, entity), node
                handler = Task(_port.run_claimed, (run,), executor=self)
                return handler, _entity_of(node, run["entity"]), node
        if self._is_shutdown:
            raise ShutdownException()
        if not self._context.ok():
            raise ExternalShutdownException()
        if reached():
            raise ConditionReachedException()
        raise TimeoutException()

    def _serve(self, until: Callable[[], bool], timeout_sec: float | None) -> None:
        """Spins the nodes in the simulation and serves their runs until ``until()`` or the timeout."""
        if self._stopped():
            return
        with self._spinning_here():
            _waits.serve(until, timeout_sec)

    @contextmanager
    def _spinning_here(self) -> Iterator[None]:
        """The calling thread spins the executor's nodes in the simulation meanwhile: their runs are its."""
        if self._spinner is not None:
            raise RuntimeError("Executor is already spinning")
        self._spinner = threading.current_thread()
        self._spun = []
        self._spin_nodes(list(self._nodes), "SPIN", self._spun)
        # A spin inside a callback of another executor's spin: that one's again once this ends.
        outer = _port.tasks_go_to(self, self._spinner)
        # Code that blocks while this executor runs a callback (a sleep) holds the executor; so
        # does a custom executor's thread blocking outside its wait (it waits for nothing then).
        pauses = self._blocks_when_a_callback_waits or self._custom
        if pauses:
            _waits.pausers().append(self._pause)
        try:
            yield
        finally:
            if pauses:
                _waits.pausers().remove(self._pause)
            for node in self._spun:
                _port.unserve_node_in(node.handle, self._spinner)
            _port.tasks_go_back(self._spinner, outer)
            self._spinner = None
            self._spin_nodes([n for n in self._spun if not n._destroyed], "STOP")

    def _pause(self) -> Callable[[], None]:
        nodes = [n for n in self._nodes if not n._destroyed]
        self._spin_nodes(nodes, "STOP")
        return lambda: self._spin_nodes([n for n in nodes if not n._destroyed], "SPIN")

    def _spin_nodes(self, nodes: list[Any], how: str, spun: list[Any] | None = None) -> None:
        """Spins or stops the nodes in the simulation; those spun anew go to ``spun``, their runs to this thread."""
        threads = self._threads()
        for node in nodes:
            try:
                _port.spin(node.handle, how, threads)
            except SimulationError:
                # A node whose context was shut down meanwhile spins no more.
                continue
            if spun is not None:
                spun.append(node)
                _port.serve_node_in(node.handle, self._spinner or threading.current_thread())

    def _threads(self) -> int:
        """How many threads the simulation's model of this executor has: a custom executor's own
        code decides where its callbacks run, so as many of them may overlap as there are CPUs."""
        return (os.cpu_count() or 1) if self._custom else 1


def _entity_of(node: Any, entity: int) -> Any:
    """The node's timer, subscription, guard condition, client or service with that id, or the
    action it is part of (rclpy yields the action as one waitable); None for a QoS event handler."""
    for candidate in itertools.chain(node.timers, node.subscriptions, node.guards, node.clients, node.services):
        if candidate.handle == entity:
            return candidate
    return next((waitable for waitable in node.waitables if entity in getattr(getattr(waitable, "_parts", None), "ids", ())), None)


class SingleThreadedExecutor(Executor):
    pass


class MultiThreadedExecutor(Executor):
    """Runs one callback at a time, deterministically; while one waits (a sleep, a call), the
    others of its nodes run meanwhile, as its other threads would."""

    _blocks_when_a_callback_waits = False

    def __init__(self, num_threads: int | None = None, *, context: Context | None = None) -> None:
        super().__init__(context=context)
        if num_threads is None:
            # As rclpy: the CPUs the process may use (the simulation's fixed count), else 2.
            num_threads = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()) or 2
        if num_threads == 1:
            warnings.warn("MultiThreadedExecutor is used with a single thread.\nUse the SingleThreadedExecutor instead.", stacklevel=2)
        self._num_threads = num_threads
        # rclpy's pool, by its name (programs and rclpy's tests read its size); the simulation's
        # model runs the callbacks, so no thread of it ever starts.
        self._executor = ThreadPoolExecutor(num_threads)

    @property
    def num_threads(self) -> int:
        return self._num_threads

    def _threads(self) -> int:
        return self._num_threads
