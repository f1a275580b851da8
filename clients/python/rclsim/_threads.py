"""The program's threads, one at a time, in an order its code and the simulation's runs decide.

A thread of the program runs only while it holds the *turn*. It gives the turn up only where it
would block: waiting in the simulation (``rclpy.spin``, ``time.sleep``, a service call), for
another thread (``Thread.join``), an ``Event``, a ``Condition`` (a ``concurrent.futures`` result,
a ``Semaphore``) or a queue — or when it ends. Who gets the turn then is decided in a fixed order
(``_runs.serve``): threads started and not yet run, in the order they were started; then
threads whose wait is over, in the order they began waiting; and when none can go on, one waiting
thread reads the simulation's next run — which goes to the thread that spins the executor of its
entity's node. So the program's threads interleave the
same way on every run, as docs/design.md#python-programs asks; none of them runs beside another.

Waits on a bare ``Lock`` are not taken over: a thread that holds one while it waits in the
simulation, and another that wants it, stop the program (as they would deadlock a program under a
real single-threaded executor).
"""

from __future__ import annotations

import _thread
import queue
import threading
import time
from collections.abc import Callable
from typing import Any


class Turn:
    """Which thread may run the program's code now."""

    def __init__(self) -> None:
        self._changed = threading.Condition(threading.Lock())
        self._native_wait = self._changed.wait
        self.holder: threading.Thread = threading.current_thread()

    def give(self, thread: threading.Thread) -> None:
        with self._changed:
            self.holder = thread
            self._changed.notify_all()

    def wait_for(self, me: threading.Thread) -> None:
        with self._changed:
            while self.holder is not me:
                self._native_wait()

    def hand_over(self, thread: threading.Thread) -> None:
        """Gives the turn to ``thread`` and waits until it comes back."""
        me = threading.current_thread()
        self.give(thread)
        self.wait_for(me)


class Waiter:
    """A thread waiting in ``_runs.serve`` until ``until()``; ``run`` is a run handed to it to dispatch."""

    def __init__(self, thread: threading.Thread, until: Callable[[], bool]) -> None:
        self.thread = thread
        self.until = until
        self.run: dict[str, Any] | None = None


class Threads:
    """The scheduler's state: threads not yet run, and threads waiting, each in its order."""

    def __init__(self) -> None:
        self.turn = Turn()
        self.fresh: list[threading.Thread] = []
        self.waiting: list[Waiter] = []
        self.main = threading.main_thread()

    def next_to_run(self, me: threading.Thread, shut_down: bool) -> threading.Thread | Waiter | None:
        """Who goes on before ``me`` waits further: a fresh thread, else a waiter whose wait is over."""
        if self.fresh:
            return self.fresh.pop(0)
        for waiter in self.waiting:
            if waiter.thread is not me and (shut_down or waiter.until()):
                return waiter
        return None

    def ended(self, me: threading.Thread, shut_down: bool) -> None:
        """``me`` ran to its end: the turn goes to who can go on, else to a waiting thread, which reads."""
        chosen = self.next_to_run(me, shut_down)
        if chosen is None and self.waiting:
            chosen = self.waiting[0]
        if chosen is not None:
            self.turn.give(chosen.thread if isinstance(chosen, Waiter) else chosen)


def install(threads: Threads, wait: Callable[[Callable[[], bool], float | None], None], shut_down: Callable[[], bool]) -> None:
    """Thread.start/join, Event.wait, Condition.wait and blocking queues take turns; ``wait(until,
    timeout)`` waits cooperatively."""
    native_start = threading.Thread.start
    native_join = threading.Thread.join
    native_event_wait = threading.Event.wait
    native_condition_wait = threading.Condition.wait
    starting = threading.local()

    def start(self: threading.Thread) -> None:
        body = self.run
        self._rclsim_done = False  # type: ignore[attr-defined]

        def run() -> None:
            me = threading.current_thread()
            threads.turn.wait_for(me)
            try:
                body()
            finally:
                self._rclsim_done = True  # type: ignore[attr-defined]
                threads.ended(me, shut_down())

        self.run = run  # type: ignore[method-assign]
        threads.fresh.append(self)
        # Thread.start waits (an Event) until the new thread is up: that wait is the runtime's, not the program's.
        starting.native = True
        try:
            native_start(self)
        finally:
            starting.native = False

    def join(self: threading.Thread, timeout: float | None = None) -> None:
        if not hasattr(self, "_rclsim_done"):
            native_join(self, timeout)
            return
        wait(lambda: self._rclsim_done, timeout)  # type: ignore[attr-defined]
        if self._rclsim_done:  # type: ignore[attr-defined]
            # Its code is over: what is left of it needs no turn.
            native_join(self)

    def event_wait(self: threading.Event, timeout: float | None = None) -> bool:
        if getattr(starting, "native", False):
            return native_event_wait(self, timeout)
        wait(self.is_set, timeout)
        return self.is_set()

    def condition_wait(self: threading.Condition, timeout: float | None = None) -> bool:
        if getattr(starting, "native", False) or (timeout is not None and timeout <= 0):
            return native_condition_wait(self, timeout)
        # Condition.wait's own steps, with the wait for a notify taken in turns.
        waiter = _thread.allocate_lock()
        waiter.acquire()
        self._waiters.append(waiter)  # type: ignore[attr-defined]
        saved = self._release_save()  # type: ignore[attr-defined]
        notified = False
        try:
            wait(lambda: not waiter.locked(), timeout)
            notified = waiter.acquire(False)
            return notified
        finally:
            self._acquire_restore(saved)  # type: ignore[attr-defined]
            if not notified:
                self._waiters.remove(waiter)  # type: ignore[attr-defined]

    threading.Thread.start = start  # type: ignore[method-assign]
    threading.Thread.join = join  # type: ignore[method-assign]
    threading.Event.wait = event_wait  # type: ignore[method-assign]
    threading.Condition.wait = condition_wait  # type: ignore[method-assign]
    # The timeouts threading counts itself (Condition.wait_for, Semaphore.acquire) in sim time, as its waits take it.
    threading._time = time.monotonic  # type: ignore[attr-defined]

    def park() -> None:
        """Past the run's end, what a thread waits for without a timeout can come no more: it
        stops for good (the program ends without it), as it would stay blocked in Python."""
        if shut_down() and threading.current_thread() is not threads.main:
            threads.ended(threading.current_thread(), True)
            never = _thread.allocate_lock()
            never.acquire()
            never.acquire()

    _install_queues(wait, park)


def _install_queues(wait: Callable[[Callable[[], bool], float | None], None], park: Callable[[], None]) -> None:
    """Blocking gets and puts of ``queue`` wait cooperatively: with one thread at a time, a check
    and the operation after it cannot be split by another thread."""
    native_get = queue.Queue.get
    native_put = queue.Queue.put

    def get(self: queue.Queue[Any], block: bool = True, timeout: float | None = None) -> Any:
        if block:
            wait(lambda: self.qsize() > 0, timeout)
            if timeout is None and self.qsize() == 0:
                # A pool's idle worker (concurrent.futures) after the run's end.
                park()
        return native_get(self, False)

    def put(self: queue.Queue[Any], item: Any, block: bool = True, timeout: float | None = None) -> None:
        if block and self.maxsize > 0:
            wait(lambda: self.qsize() < self.maxsize, timeout)
        native_put(self, item, False)

    queue.Queue.get = get  # type: ignore[method-assign]
    queue.Queue.put = put  # type: ignore[method-assign]
    queue.SimpleQueue = _SimpleQueue  # type: ignore[misc, assignment]


class _SimpleQueue(queue.Queue):  # type: ignore[type-arg]
    """queue.SimpleQueue (a C type whose get blocks natively) as an unbounded Queue, which takes turns."""
