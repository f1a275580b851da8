"""Blocking waits that take sim time (docs/design.md#sleeping-takes-sim-time).

Code that blocks yields its run and is woken by the simulation: at ``now + d`` for a sleep (an
``Await`` at that time, settled as its own run), or when a run it waits for came (a response, a
server). While it waits, the executor whose callback it is runs nothing: the executor pauses its
nodes (their events wait, as in a real executor whose thread is busy). That is the executor the
waiting thread spins; another thread's executor goes on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Container
from typing import Any

from rclsim import _port
from rclsim._errors import SimulationError

Pauser = Callable[[], Callable[[], None]]

# What the executors a thread spins do when code on that thread blocks: pause their nodes, and later resume them.
_pausers: dict[threading.Thread, list[Pauser]] = {}


def pausers() -> list[Pauser]:
    """The calling thread's executors' pausers (an executor that spins adds its own while it spins)."""
    return _pausers.setdefault(threading.current_thread(), [])


def block(until: Callable[[], bool]) -> None:
    """Serves the simulation's runs until ``until()``, with the blocked executors paused — or, a
    callback of an executor with several threads (which pauses nothing), with its thread and group
    held meanwhile (``Hold``)."""
    resumes = [pause() for pause in pausers()]
    held = None if resumes else _port.callback_under_way()
    if held is not None:
        _port.hold(held, True)
    try:
        _port.serve_runs(until)
    finally:
        if held is not None:
            _port.hold(held, False)
        for resume in resumes:
            resume()


class WakeUp:
    """A wake-up the simulation gives at a sim time, as its own run; cancel() if no longer needed.

    A timeout's (``after_ready``) comes once what is ready at its time ran: a wait with a timeout
    returns what is ready at its deadline, as rcl's wait set does."""

    def __init__(self, at_ns: int, after_ready: bool = False) -> None:
        self.came = False
        try:
            if at_ns >= 1 << 63:
                raise SimulationError(f"a wait until {at_ns} ns is out of the simulation's exact time range (start ± 2^53 ns, about 104 days)", "SimTimeRangeError")
            self.id = _port.await_at_ns(at_ns, self._wake, after_ready=after_ready)
        except SimulationError as error:
            if error.kind != "SimTimeRangeError":
                raise
            # What CPython's time.sleep raises for a length its clock cannot hold.
            raise OverflowError(str(error)) from None

    def _wake(self, run: object) -> None:
        self.came = True

    def cancel(self) -> None:
        _port.forget_await(self.id)


def sleep_ns(duration_ns: int) -> None:
    if duration_ns <= 0:
        return
    wake = WakeUp(_port.now_ns() + duration_ns)
    block(lambda: wake.came)


def wait_until(done: Callable[[], bool], timeout_sec: float | None) -> None:
    """Blocks until ``done()`` or, with a timeout, until that much sim time passed."""
    if timeout_sec is None:
        block(done)
        return
    wake = WakeUp(_port.now_ns() + round(timeout_sec * 1_000_000_000))
    try:
        block(lambda: done() or wake.came)
    finally:
        wake.cancel()


def serve(until: Callable[[], bool], timeout_sec: float | None) -> None:
    """Serves the simulation's runs until ``until()`` or, with a timeout (None or negative: none),
    until that much sim time passed."""
    if timeout_sec is None or timeout_sec < 0:
        _port.serve_runs(until)
        return
    wake = WakeUp(_port.now_ns() + round(timeout_sec * 1_000_000_000), after_ready=True)
    try:
        _port.serve_runs(lambda: until() or wake.came)
    finally:
        wake.cancel()


def claim(nodes: Container[int], timeout_sec: float | None, until: Callable[[], bool]) -> tuple[dict[str, Any], int, Any] | None:
    """Serves the simulation's runs until it grants this thread a callback of one of ``nodes``, or
    a turn of the tasks: that run, not run (_port.run_claimed runs it), its node, and the
    task whose turn it is (else None); None when ``until()`` or the timeout came first."""
    caught: list[tuple[dict[str, Any], int, Any]] = []

    def take(run: dict[str, Any], node: int, task: Any) -> bool:
        # A task's turn is the executor's, whichever node (if any) its callback was of.
        if caught or (task is None and node not in nodes):
            return False
        caught.append((run, node, task))
        return True

    _port.claim_runs(take)
    try:
        serve(lambda: bool(caught) or until(), timeout_sec)
    finally:
        _port.claim_runs(None)
    return caught[0] if caught else None
