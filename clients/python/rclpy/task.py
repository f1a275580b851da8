"""rclpy.task: Future and Task.

A Task runs a coroutine callback (``async def``) step by step: each step runs until the coroutine
awaits a future that is not done; the task goes on when the executor next loops (rclpy's executor
yields its tasks under way before each wait; the simulation's model of it says when).
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Coroutine, Generator
from types import CoroutineType
from typing import Any


class Future:
    """The outcome of something that completes later (a service call, a goal, a task)."""

    def __init__(self, *, executor: Any = None) -> None:
        self._state = "PENDING"
        self._result: Any = None
        self._exception: BaseException | None = None
        self._callbacks: list[Callable[[Future], None]] = []
        # With an executor, done callbacks become its tasks (rclpy: _schedule_or_invoke_done_callbacks).
        self._executor: Any = executor
        # rclsim's own: what completes another future in the code that completes this one (_complete_with).
        self._followers: list[Callable[[Future], None]] = []

    def _set_executor(self, executor: Any) -> None:
        self._executor = executor

    def __await__(self) -> Generator[Any, None, Any]:
        waker = self._asyncio_waker()
        if waker is not None:
            # In an asyncio task: wait on an asyncio future, not by yielding again and again — a
            # loop polled without pause never lets sim time move.
            yield from waker.__await__()
        while not self.done():
            yield
        return self.result()

    def _asyncio_waker(self) -> Any:
        """An asyncio future done when this one is, when awaited in a running asyncio loop."""
        asyncio = sys.modules.get("asyncio")
        if asyncio is None or self.done():
            return None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return None
        waker = loop.create_future()
        # At once, as rclpy's __await__ polling sees it done: not a done callback, a task's turn later.
        self._complete_with(lambda _: None if waker.done() else waker.set_result(None))
        return waker

    def cancel(self) -> None:
        if not self.done():
            self._state = "CANCELLED"
            self._invoke_done_callbacks()

    def cancelled(self) -> bool:
        return self._state == "CANCELLED"

    def done(self) -> bool:
        return self._state != "PENDING"

    def result(self) -> Any:
        if self._exception is not None:
            raise self._exception
        return self._result

    def exception(self) -> BaseException | None:
        return self._exception

    def set_result(self, result: Any) -> None:
        self._result = result
        self._state = "FINISHED"
        self._invoke_done_callbacks()

    def set_exception(self, exception: BaseException) -> None:
        self._exception = exception
        self._state = "FINISHED"
        self._invoke_done_callbacks()

    def _complete_with(self, follower: Callable[[Future], None]) -> None:
        """``follower`` runs as this future completes, in the code that completes it, before its
        done callbacks: a future rclpy completes in the same handler (an ActionClient's goal
        future, in its waitable's execute), where a done callback would wait for a task's turn."""
        self._followers.append(follower)

    def _invoke_done_callbacks(self) -> None:
        followers, self._followers = self._followers, []
        for follower in followers:
            follower(self)
        callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            self._done_callback(callback)

    def _done_callback(self, callback: Callable[[Future], None]) -> None:
        if self._executor is not None:
            self._executor.create_task(callback, self)
        else:
            callback(self)

    def add_done_callback(self, callback: Callable[[Future], None]) -> None:
        if self.done():
            self._done_callback(callback)
        else:
            self._callbacks.append(callback)

    def remove_done_callback(self, callback: Callable[[Future], None]) -> bool:
        if callback in self._callbacks:
            self._callbacks.remove(callback)
            return True
        return False


class Task(Future):
    def __init__(self, handler: Callable[..., Any], args: tuple[Any, ...] = (), kwargs: dict[str, Any] | None = None, executor: Any = None) -> None:
        super().__init__(executor=executor)
        self._handler = handler
        self._args = args
        self._kwargs = kwargs or {}
        # rclpy's Task takes a coroutine as its handler too (executor.create_task(coro())).
        self._coroutine: Coroutine[Any, Any, Any] | None = handler if inspect.iscoroutine(handler) else None
        self._executing = False
        # The simulation's run in which a custom executor's wait handed this task out, until called.
        self._claim: tuple[dict[str, Any], Any] | None = None

    def _claimed_by(self, run: dict[str, Any], entry: Any) -> None:
        """A custom executor's wait handed the task out in ``run``: its next call is that run's work."""
        self._claim = (run, entry)

    def __call__(self) -> None:
        """Runs the task's next step (the handler, or the coroutine until it awaits what is not done)."""
        claim = self._claim
        if claim is not None:
            from rclsim import _port

            self._claim = None
            _port.run_claimed(claim[0], lambda: _port.task_step(claim[1]))
            return
        if self.done() or self._executing:
            return
        self._executing = True
        try:
            if self._coroutine is None:
                outcome = self._handler(*self._args, **self._kwargs)
                if not inspect.iscoroutine(outcome):
                    self.set_result(outcome)
                    return
                self._coroutine = outcome
            self._coroutine.send(None)
        except StopIteration as finished:
            self.set_result(finished.value)
        except Exception as error:
            # Kept, as rclpy's Task keeps it: the executor that runs the task raises it.
            self.set_exception(error)
        finally:
            self._executing = False

    def executing(self) -> bool:
        return self._executing


def invoke(callback: Callable[..., Any], *args: Any) -> Future | None:
    """Calls a callback as rclpy's executor does: a coroutine callback becomes a Task that goes
    on after later callbacks until it is done; its Task is returned (None for a plain one)."""
    outcome = callback(*args)
    # inspect.iscoroutine's test, without its call (a callback each run).
    if not isinstance(outcome, CoroutineType):
        return None
    task = Task(lambda: outcome)
    schedule(task)
    return task


def schedule(task: Task) -> None:
    """Runs the task's first step now and lets it go on after each later callback until done."""
    from rclsim import _port

    if not step(task):
        _port.task_add(task)


def step(task: Task) -> bool:
    """One step of a task the executor runs: whether it is done. Its error is raised, as rclpy's
    executor raises a callback's from spin."""
    task()
    error = task.exception()
    if error is not None:
        raise error
    return task.done()
