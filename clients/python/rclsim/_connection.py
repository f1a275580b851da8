"""The program's end of the node protocol (docs/node-protocol.md): the node port over the wire.

The simulation grants one callback at a time (``Run``); the program answers ``Done``. A thread
of the program that blocks (``rclpy.spin``, ``time.sleep``) *yields*: it ends the run under way
with ``Done`` and serves the runs the simulation grants until what it waits for comes, then goes
on as part of the run that brought it. So the program's code between two blocking calls is
always part of exactly one run, whose ``Done`` is sent when the code blocks again or ends.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from typing import Any, NoReturn

from rclsim import _protocol
from rclsim._errors import describe_error

RunHandler = Callable[[dict[str, Any]], None]


class SimulationError(Exception):
    """What the simulation answered ``Failed`` to: the error the API raises there."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


def _threads_unsupported(waiting: int) -> NoReturn:
    """Another thread talks to the simulation while one waits in it: their messages would mix, and
    nothing would order them. Not supported yet: the program ends with one line saying so."""
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    sys.__stderr__.write(
        f"rclsim: thread '{threading.current_thread().name}' used rclpy while thread '{names.get(waiting, waiting)}' waited "
        "in the simulation: programs whose threads use rclpy side by side are not supported yet (docs/python.md)\n"
    )
    sys.__stderr__.flush()
    os._exit(70)


def _simulation_ended() -> NoReturn:
    """The simulation closed its end (the run ended, or rclsim was killed): the program ends at
    once, as the protocol asks — none of its code runs past the run's end."""
    os._exit(1)


class Connection:
    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._frames = _protocol.Frames(fd)
        self._outbox: list[dict[str, Any]] = []
        self._asks = 0
        # Callbacks by entity id (timers, subscriptions, services, clients, guards) and by the
        # ids the simulation numbers apart from entities (awaits, end hooks).
        self.handlers: dict[int, RunHandler] = {}
        self.settled: dict[int, RunHandler] = {}
        # A node's set-parameters callbacks, by node id (nodes are numbered apart from entities):
        # their outcome goes back in Done.result.
        self.parameter_hooks: dict[int, Callable[[dict[str, Any]], bytes]] = {}
        # The program's end hooks (rclsim.on_end), by the id the simulation's END_HOOK run names.
        self.end_hooks: dict[int, RunHandler] = {}
        # Tasks (coroutine callbacks, executor.create_task, futures' done callbacks) not done yet:
        # Done says some wait, and the simulation lets them go on (Run kind CONTINUATION) when the
        # program's rclpy executor loops, as rclpy's runs its tasks before each wait.
        self.tasks: list[Callable[[], bool]] = []
        # The run whose code is under way (0: the program's top-level code).
        self.current_run: int | None = 0
        self.now_ns = 0
        # The thread inside ask() or serve() (waiting in the simulation, or running what it granted).
        self._inside: int | None = None
        self._entering = threading.Lock()
        # How many runs serve() dispatched: what spin_once waits for.
        self.runs_served = 0
        # The run ended (Shutdown): blocking calls return at once, sim time stands still.
        self.shut_down = False
        # What a Shutdown does first, as rclpy's signal handler does: shut down every context.
        self.on_shutdown: list[Callable[[], None]] = []
        self.wrote_output: Callable[[], bool] = lambda: False

    # ---- sending

    def send(self, message: dict[str, Any]) -> None:
        """An effect (not answered): held until the program next reads, then written with the rest."""
        inside = self._inside
        if inside is not None and inside != threading.get_ident():
            _threads_unsupported(inside)
        self._outbox.append(message)

    def _enter(self) -> int | None:
        """The calling thread now talks to the simulation (the one before it: None, or itself, nested)."""
        me = threading.get_ident()
        with self._entering:
            before = self._inside
            if before is not None and before != me:
                _threads_unsupported(before)
            self._inside = me
        return before

    def _flush(self) -> None:
        if self._outbox:
            outbox, self._outbox = self._outbox, []
            try:
                _protocol.write_messages(self._fd, outbox)
            except (BrokenPipeError, ConnectionResetError):
                _simulation_ended()

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """A question: the answer (Created, Answer); Failed raises. Runs granted meanwhile are served."""
        before = self._enter()
        try:
            self._asks += 1
            ask = self._asks
            # Fields in number order (ask is 1) are encoded once; out of order they are sorted first.
            self.send({"ask": ask, **message})
            while True:
                incoming = self._receive()
                if incoming.get("answers") == ask:
                    if "failed" in incoming:
                        failed = incoming["failed"]
                        raise SimulationError(failed["message"], failed["kind"])
                    return incoming
                if "run" in incoming:
                    self._run_nested(incoming["run"])
                else:
                    raise SimulationError(f"the simulation sent {sorted(incoming)} while a question waited", "Error")
        finally:
            self._inside = before

    def _receive(self) -> dict[str, Any]:
        self._flush()
        body = self._frames.read()
        if body is None:
            _simulation_ended()
        return _protocol.decode_to_client(body)

    def handshake(self) -> dict[str, Any]:
        """Sends Hello (already queued) and reads the simulation's Welcome or Failed."""
        return self._receive()

    # ---- runs

    def done(self, error: str = "", result: bytes = b"") -> None:
        """Ends the run under way (its effects go with it)."""
        if self.current_run is None:
            return
        done: dict[str, Any] = {"run": self.current_run}
        if error:
            done["error"] = error
        if result:
            done["result"] = result
        if self.tasks:
            done["pending"] = True
        if self.wrote_output():
            done["wrote_output"] = True
        self.send({"done": done})
        self.current_run = None

    def serve(self, until: Callable[[], bool]) -> None:
        """Yields: ends the run under way, then runs what the simulation grants until ``until()``.

        The run in which ``until()`` became true stays under way: the code that called serve
        goes on in it. An error of a callback propagates to that code, as rclpy's spin raises it.
        """
        if until() or self.shut_down:
            return
        before = self._enter()
        try:
            self.done()
            while not until():
                incoming = self._receive()
                if "shutdown" in incoming:
                    self._interrupted()
                if "run" not in incoming:
                    raise SimulationError(f"the simulation sent {sorted(incoming)} while the program waited", "Error")
                run = incoming["run"]
                self._start(run)
                self.runs_served += 1
                result = self._dispatch(run)
                if not until():
                    self.done(result=result)
        finally:
            self._inside = before

    def _interrupted(self) -> NoReturn:
        """The run ended: as Ctrl-C does to an rclpy program, its contexts shut down and the thread
        that waits gets KeyboardInterrupt; the program's code goes on to its end."""
        self.shut_down = True
        for shut in self.on_shutdown:
            shut()
        raise KeyboardInterrupt

    def _start(self, run: dict[str, Any]) -> None:
        self.current_run = run["run"]
        self.now_ns = run["now_ns"]

    def _run_nested(self, run: dict[str, Any]) -> None:
        """A run granted while a question waits (a parameter callback, a spin_once): answered at once."""
        outer = self.current_run
        self._start(run)
        error = ""
        result = b""
        try:
            result = self._dispatch(run)
        except Exception as failure:  # noqa: BLE001 - the simulation decides what a callback's error does
            error = describe_error(failure)
        self.done(error, result)
        self.current_run = outer

    def _dispatch(self, run: dict[str, Any]) -> bytes:
        """Runs the callback a Run names: what it gives back for Done.result (parameter callbacks)."""
        kind = run["kind"]
        entity = run["entity"]
        if kind == "PARAMETERS":
            hook = self.parameter_hooks.get(entity)
            if hook is None:
                raise SimulationError(f"the simulation ran the parameter callbacks of node {entity}, which this program does not have", "Error")
            return hook(run)
        if kind == "CONTINUATION":
            self.run_tasks()
            return b""
        if kind == "SETTLED":
            handler = self.settled.pop(entity, None)
            if handler is None:
                # A wake-up the program gave up on (WakeUp.cancel) that was already on its way.
                return b""
        else:
            handler = (self.end_hooks if kind == "END_HOOK" else self.handlers).get(entity)
        if handler is None:
            raise SimulationError(f"the simulation ran {kind} {entity}, which this program does not have", "Error")
        handler(run)
        return b""

    def run_tasks(self) -> None:
        """Lets every unfinished task go on (those awaiting something not done yet yield again).

        A task may make tasks (executor.create_task in a task): they run in this same turn, in the
        order they were made, as rclpy's executor yields them before it waits."""
        tried: list[Callable[[], bool]] = []
        while True:
            fresh = [task for task in self.tasks if not any(task is seen for seen in tried)]
            if not fresh:
                return
            for task in fresh:
                tried.append(task)
                if task():
                    self.tasks = [kept for kept in self.tasks if kept is not task]

    def exit(self, code: int) -> None:
        """The program ends (sys.exit, or its code ran to its end): the simulation ends it."""
        self.send({"exit": {"code": code}})
        self._flush()
        os.close(self._fd)
