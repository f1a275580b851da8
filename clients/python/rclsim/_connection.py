"""The program's end of the node protocol (docs/node-protocol.md): the node port over the wire.

The simulation grants one callback at a time (``Run``); the program answers ``Done``. A thread
of the program that blocks (``rclpy.spin``, ``time.sleep``) *yields*: it ends the run under way
with ``Done`` and serves the runs the simulation grants until what it waits for comes, then goes
on as part of the run that brought it. So the program's code between two blocking calls is
always part of exactly one run, whose ``Done`` is sent when the code blocks again or ends. The
program's threads take turns (``_threads``): a thread that blocks first lets the threads that can
go on run inside the run under way, and a run for a node another thread spins is that thread's.
A custom executor's wait *claims* such a run instead of running it: its callback runs when the
program calls the handler it got (``run_claimed``), in whichever thread.
"""

from __future__ import annotations

import errno
import os
import sys
import threading
from collections.abc import Callable
from typing import Any, NoReturn, Protocol

from rclsim import _protocol
from rclsim._errors import describe_error, input_error_of, mark_input_error
from rclsim._threads import Threads, Waiter

RunHandler = Callable[[dict[str, Any]], None]


# A task, the entity whose callback it runs and that entity's node (None: create_task's), and the
# executor that runs it (rclpy keeps tasks per executor; None: whichever spins).
TaskEntry = tuple["Task", "int | None", "int | None", Any]


class Task(Protocol):
    """What the connection needs of rclpy.task.Task (rclsim does not import rclpy)."""

    def __call__(self) -> None: ...
    def done(self) -> bool: ...
    def executing(self) -> bool: ...
    def exception(self) -> BaseException | None: ...


def _may_go_on(entry: TaskEntry) -> bool:
    """Whether a pass yields the task when its turn comes: neither done nor executing (executors.py 573)."""
    return not entry[0].executing() and not entry[0].done()


# Runs that are no entity's callback: their entity is an id the simulation numbers apart.
_NOT_CALLBACKS = frozenset(("SETTLED", "END_HOOK", "CONTINUATION", "CAN_EXECUTE"))


class SimulationError(Exception):
    """What the simulation answered ``Failed`` to: the error the API raises there."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


def _out_of_turn(holder: threading.Thread) -> NoReturn:
    """A thread rclsim does not schedule (one started before the program ran) talks to the
    simulation while another holds the turn: nothing would order them. One line, and the end."""
    sys.__stderr__.write(
        f"rclsim: thread '{threading.current_thread().name}' used rclpy while thread '{holder.name}' had the turn: "
        "it was not started by the program's code, so rclsim cannot give it turns (docs/python.md)\n"
    )
    sys.__stderr__.flush()
    os._exit(70)


def _simulation_ended() -> NoReturn:
    """The simulation closed its end (the run ended, or rclsim was killed): the program ends at
    once, as the protocol asks — none of its code runs past the run's end."""
    os._exit(1)


def _port_closed(error: OSError) -> NoReturn:
    """The program's own code closed file descriptor 3 (EBADF): it cannot talk to the simulation
    any more. One line, not the client's traceback, and the end; the simulation names the program."""
    if error.errno != errno.EBADF:
        raise error
    sys.__stderr__.write("rclsim: the program closed file descriptor 3, its socket to the simulation, and cannot go on\n")
    sys.__stderr__.flush()
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
        # The program's end hooks (rclsim.on_end), by the id the simulation's END_HOOK run names.
        self.end_hooks: dict[int, RunHandler] = {}
        # Tasks (coroutine callbacks, executor.create_task, futures' done callbacks) not done yet,
        # in the order they were made, each with the entity whose callback it runs and that
        # entity's node (None: create_task's): Done says some wait, and the simulation lets one go
        # on per Run kind CONTINUATION when the program's rclpy executor loops, as rclpy's yields
        # its tasks under way before each wait.
        self.tasks: list[TaskEntry] = []
        # The pass of the executor's generator under way: the tasks it began with, newest last
        # (yielded first); None between passes.
        self._pass: list[TaskEntry] | None = None
        # The run under way let a task go on (Done.more_tasks says whether its pass has more).
        self._stepped = False
        # The executor's guard condition was triggered since the last Done (Done.woke).
        self._woke = False
        # The executor each thread spins now (rclpy.executors): a task goes on in its executor's turns.
        self.executors: dict[threading.Thread, Any] = {}
        # The run whose code is under way (0: the program's top-level code).
        self.current_run: int | None = 0
        self.now_ns = 0
        # The program's threads, one running at a time.
        self.threads = Threads()
        # Which node each callback entity belongs to, and which thread spins each node now: a run
        # for an entity goes to the thread that spins its node.
        self.owners: dict[int, int] = {}
        self.spinners: dict[int, threading.Thread] = {}
        # How many runs each thread dispatched: what its spin_once waits for.
        self._served: dict[threading.Thread, int] = {}
        # Entities in callback groups of the program's own class, with their group: the
        # simulation asks before each of their callbacks (CAN_EXECUTE), the group's code decides.
        self.custom_groups: dict[int, tuple[Any, Any]] = {}
        # What a thread takes of the callbacks' runs granted to it, to run later instead of at once
        # (a custom executor's wait_for_ready_callbacks): given the run, its entity's node, and for
        # a CONTINUATION the task it lets go on.
        self.claims: dict[threading.Thread, Callable[[dict[str, Any], int, TaskEntry | None], bool]] = {}
        # The claimed run under way whose callback has not begun, with its entity.
        self._unbegun: dict[int, int] = {}
        # The callbacks each thread runs, innermost last (a callback that waits holds its thread).
        self._callbacks: dict[threading.Thread, list[int]] = {}
        # What the run under way gives back in its Done (a callback group's CAN_EXECUTE answer).
        self._run_result = b""
        # KeyboardInterrupt was raised in the main thread (once, as Ctrl-C raises it).
        self._interrupt_raised = False
        # Clock reads since the program last heard from the simulation (a busy-wait reads on and on).
        self.clock_reads = 0
        # The run ended (Shutdown): blocking calls return at once, sim time stands still.
        self.shut_down = False
        # What a Shutdown does first, as rclpy's signal handler does: shut down every context.
        self.on_shutdown: list[Callable[[], None]] = []
        self.wrote_output: Callable[[], bool] = lambda: False

    # ---- sending

    def send(self, message: dict[str, Any]) -> None:
        """An effect (not answered): held until the program next reads, then written with the rest."""
        self._check_turn()
        self._outbox.append(message)

    def _check_turn(self) -> None:
        holder = self.threads.turn.holder
        if holder is not threading.current_thread():
            _out_of_turn(holder)

    def handle(self, entity: int, handler: RunHandler, node: int) -> None:
        """The callback of one of ``node``'s entities (its runs go to the thread that spins the node)."""
        self.handlers[entity] = handler
        self.owners[entity] = node

    def served(self) -> int:
        """How many runs the calling thread dispatched."""
        return self._served.get(threading.current_thread(), 0)

    def _flush(self) -> None:
        if self._outbox:
            outbox, self._outbox = self._outbox, []
            try:
                _protocol.write_messages(self._fd, outbox)
            except (BrokenPipeError, ConnectionResetError):
                _simulation_ended()
            except OSError as error:
                _port_closed(error)

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """A question: the answer (Created, Answer); Failed raises. Runs granted meanwhile are served."""
        self._check_turn()
        self._asks += 1
        ask = self._asks
        # Fields in number order (ask is 1) are encoded once; out of order they are sorted first.
        self.send({"ask": ask, **message})
        while True:
            incoming = self._receive()
            if incoming.get("answers") == ask:
                if "failed" in incoming:
                    failed = incoming["failed"]
                    refused = SimulationError(failed["message"], failed["kind"])
                    # The request met bad input of the run (a params file, the ROS arguments): the simulation's line says so.
                    raise mark_input_error(refused, failed["message"]) if failed["input_error"] else refused
                return incoming
            if "run" in incoming:
                self._run_nested(incoming["run"])
            else:
                raise SimulationError(f"the simulation sent {sorted(incoming)} while a question waited", "Error")

    def _receive(self) -> dict[str, Any]:
        self.clock_reads = 0
        self._flush()
        try:
            body = self._frames.read()
        except OSError as error:
            _port_closed(error)
        if body is None:
            _simulation_ended()
        message = _protocol.decode_to_client(body)
        run = message.get("run")
        if run is not None:
            self._frames.polls = run.get("read_polls", 0)
        return message

    def handshake(self) -> dict[str, Any]:
        """Sends Hello (already queued) and reads the simulation's Welcome or Failed."""
        return self._receive()

    # ---- runs

    def done(self, failure: BaseException | None = None, result: bytes = b"") -> None:
        """Ends the run under way (its effects go with it), which failed with ``failure`` if given."""
        if self.current_run is None:
            return
        entity = self._unbegun.pop(self.current_run, None)
        if entity is not None:
            # A claimed callback that has not begun: its entity waits held, as a callback that waits, until it runs.
            self.send({"hold": {"entity": entity, "on": True}})
        done: dict[str, Any] = {"run": self.current_run}
        result = result or self._run_result
        self._run_result = b""
        if failure is not None:
            done["error"] = describe_error(failure)
            input_error = input_error_of(failure)
            if input_error:
                done["input_error"] = input_error
        if result:
            done["result"] = result
        if self._stepped:
            self._stepped = False
            if self._pass_has_more():
                done["more_tasks"] = True
        if self.tasks:
            self.tasks = [entry for entry in self.tasks if not entry[0].done()]
            if self._runnable_tasks():
                done["pending"] = True
        if self._woke:
            self._woke = False
            done["woke"] = True
        if self.wrote_output():
            done["wrote_output"] = True
        self.send({"done": done})
        self.current_run = None

    def serve(self, until: Callable[[], bool]) -> None:
        """Yields: lets what can go on run, ends the run under way and runs what the simulation
        grants, until ``until()``.

        The run in which ``until()`` became true stays under way: the code that called serve
        goes on in it. An error of a callback propagates to that code, as rclpy's spin raises it.
        """
        me = threading.current_thread()
        self._check_turn()
        self._interrupt_if_due(me)
        if until() or self.shut_down:
            return
        threads = self.threads
        waiter = Waiter(me, until)
        threads.waiting.append(waiter)
        try:
            while True:
                chosen = threads.next_to_run(me, self.shut_down)
                if chosen is None and not self.shut_down:
                    # Nobody else can go on: this thread ends the run and reads the next.
                    self.done()
                    incoming = self._receive()
                    if "shutdown" in incoming:
                        self._interrupted()
                        self._interrupt_if_due(me)
                        continue
                    if "run" not in incoming:
                        raise SimulationError(f"the simulation sent {sorted(incoming)} while the program waited", "Error")
                    run = incoming["run"]
                    self._start(run)
                    chosen = self._runner_of(run, me)
                    if chosen is None:
                        self._run_here(run, me)
                        if until():
                            return
                        continue
                    chosen.run = run
                if chosen is None:
                    return
                threads.turn.hand_over(chosen.thread if isinstance(chosen, Waiter) else chosen)
                if waiter.run is not None:
                    run, waiter.run = waiter.run, None
                    self._run_here(run, me)
                self._interrupt_if_due(me)
                if until() or self.shut_down:
                    return
        finally:
            threads.waiting.remove(waiter)

    def _runner_of(self, run: dict[str, Any], me: threading.Thread) -> Waiter | None:
        """The waiting thread that spins the node of the run's entity (for the tasks' turn: that
        spins an executor, when ``me`` spins none), when another than ``me``."""
        kind = run["kind"]
        if kind == "CONTINUATION" and me not in self.executors:
            spinning = [thread for thread in self.executors if thread is not me]
            return next((waiter for thread in spinning for waiter in self.threads.waiting if waiter.thread is thread), None)
        if kind in _NOT_CALLBACKS:
            return None
        spinner = self.spinners.get(self.owners.get(run["entity"], -1))
        if spinner is None or spinner is me:
            return None
        return next((waiter for waiter in self.threads.waiting if waiter.thread is spinner), None)

    def _run_here(self, run: dict[str, Any], me: threading.Thread) -> None:
        """Runs ``run`` in the calling thread, ``me``."""
        claim = self.claims.get(me)
        if claim is not None:
            kind = run["kind"]
            if kind == "CONTINUATION":
                # rclpy's wait yields a task under way as its own handler (executors.py 572-576).
                entry = self._next_task()
                if entry is None:
                    return
                self._stepped = True
                if claim(run, entry[2] if entry[2] is not None else -1, entry):
                    self._unbegun[run["run"]] = run["entity"]
                    return
                self._run_task(entry, me)
                return
            if kind not in _NOT_CALLBACKS and claim(run, self.owners.get(run["entity"], -1), None):
                self._unbegun[run["run"]] = run["entity"]
                return
        self._run_result = self._dispatch(run, me)
        # Only an entity's callback, or a task let go on, is the executor's work that spin_once waits
        # for: not a group's answer, nor a wake-up (another thread's sleep), nor an end hook.
        kind = run["kind"]
        if kind not in _NOT_CALLBACKS or (kind == "CONTINUATION" and self._stepped):
            self._served[me] = self._served.get(me, 0) + 1

    def _interrupt_if_due(self, me: threading.Thread) -> None:
        """Once the run ended, the main thread gets KeyboardInterrupt where it waits, as Ctrl-C raises it."""
        if self.shut_down and me is self.threads.main and not self._interrupt_raised:
            self._interrupt_raised = True
            raise KeyboardInterrupt

    def _interrupted(self) -> None:
        """The run ended: as Ctrl-C does to an rclpy program, its contexts shut down; the main
        thread gets KeyboardInterrupt, and the program's code goes on to its end."""
        self.shut_down = True
        for shut in self.on_shutdown:
            shut()

    def _start(self, run: dict[str, Any]) -> None:
        self.current_run = run["run"]
        self.now_ns = run["now_ns"]

    def _run_nested(self, run: dict[str, Any]) -> None:
        """A run granted while a question waits (a parameter callback, a spin_once): answered at once."""
        outer, outer_result = self.current_run, self._run_result
        self._run_result = b""
        self._start(run)
        error: Exception | None = None
        result = b""
        try:
            result = self._dispatch(run)
        except Exception as failure:  # noqa: BLE001 - the simulation decides what a callback's error does
            error = failure
        self.done(error, result)
        self.current_run, self._run_result = outer, outer_result

    def _dispatch(self, run: dict[str, Any], me: threading.Thread | None = None) -> bytes:
        """Runs the callback a Run names in the calling thread (``me``, when the caller knows it):
        what it gives back for Done.result (a CAN_EXECUTE answer)."""
        kind = run["kind"]
        entity = run["entity"]
        if kind not in _NOT_CALLBACKS:
            # An entity's callback (the runs of a program's work, first).
            handler = self.handlers.get(entity)
            if handler is None:
                raise SimulationError(f"the simulation ran {kind} {entity}, which this program does not have", "Error")
            thread = me or threading.current_thread()
            stack = self._callbacks.get(thread)
            if stack is None:
                stack = self._callbacks[thread] = []
            stack.append(entity)
            try:
                handler(run)
            finally:
                stack.pop()
            if self.custom_groups:
                custom = self.custom_groups.get(entity)
                if custom is not None:
                    custom[0].ending_execution(custom[1])
            return b""
        if kind == "CONTINUATION":
            entry = self._next_task()
            if entry is not None:
                self._stepped = True
                self._run_task(entry, me or threading.current_thread())
            return b""
        if kind == "CAN_EXECUTE":
            group, member = self.custom_groups[entity]
            # rclpy's executor asks can_execute at its wait and beginning_execution as the handler starts.
            return b"\x01" if group.can_execute(member) and group.beginning_execution(member) else b"\x00"
        # SETTLED or END_HOOK: no entity's callback.
        if kind == "SETTLED":
            handler = self.settled.pop(entity, None)
            if handler is None:
                # A wake-up the program gave up on (WakeUp.cancel) that was already on its way.
                return b""
        else:
            handler = self.end_hooks.get(entity)
            if handler is None:
                raise SimulationError(f"the simulation ran {kind} {entity}, which this program does not have", "Error")
        handler(run)
        return b""

    def run_claimed(self, run: dict[str, Any], work: Callable[[], object] | None = None) -> None:
        """Runs a claimed run's callback (or ``work``, a claimed task's step) in the calling thread:
        part of its run while that is under way, else of the run under way now (its entity held
        until then, released after)."""
        do = (lambda: self._dispatch(run)) if work is None else work
        if self._unbegun.pop(run["run"], None) is not None:
            do()
            return
        try:
            do()
        finally:
            self.send({"hold": {"entity": run["entity"], "on": False}})

    def callback_under_way(self) -> int | None:
        """The entity whose callback the calling thread runs (0: tasks), innermost; None: none."""
        stack = self._callbacks.get(threading.current_thread())
        return stack[-1] if stack else None

    def add_task(self, task: Task, executor: Any = None) -> None:
        """A task ``executor`` (default: the one the calling thread spins) runs from its next pass
        on (rclpy's create_task triggers the executor's guard condition): of the callback under
        way, if any, and its node."""
        me = threading.current_thread()
        stack = self._callbacks.get(me)
        entity = stack[-1] if stack else None
        self.tasks.append((task, entity or None, self.owners.get(entity) if entity else None, executor or self.executors.get(me)))
        self._woke = True

    def wake_for_tasks(self, executor: Any) -> None:
        """``executor`` begins to spin: a new generator, whose first pass begins with its tasks under way."""
        if any(entry[3] is executor and not entry[0].done() for entry in self.tasks):
            self._woke = True

    def _runnable_tasks(self) -> bool:
        """Whether a task not done may go on: one of an executor that spins now, or of none."""
        spinning = self.executors.values()
        return any(entry[3] is None or any(entry[3] is executor for executor in spinning) for entry in self.tasks if not entry[0].done())

    def _next_task(self) -> TaskEntry | None:
        """The next task of the executor's pass (Jazzy's executors.py 567-579): the pass takes
        the executor's tasks as it begins and yields, newest first, each that is neither done nor
        executing when its turn comes; tasks made meanwhile wait for the next pass."""
        if self._pass is None:
            executor = self.executors.get(threading.current_thread())
            self._pass = [entry for entry in self.tasks if executor is None or entry[3] is None or entry[3] is executor]
        while self._pass:
            entry = self._pass.pop()
            if _may_go_on(entry):
                return entry
        self._pass = None
        return None

    def _pass_has_more(self) -> bool:
        """Whether the pass under way yields another task; ends it if not."""
        if self._pass is not None and any(_may_go_on(entry) for entry in self._pass):
            return True
        self._pass = None
        return False

    def _run_task(self, entry: TaskEntry, me: threading.Thread) -> None:
        """One step of a task, as rclpy's executor runs its handler: its error is raised, as its
        spin raises a callback's."""
        self.step_task(entry, me)
        error = entry[0].exception()
        if error is not None:
            raise error

    def step_task(self, entry: TaskEntry, me: threading.Thread | None = None) -> None:
        """One step of a task in the calling thread (entity 0 of its callbacks: tasks). A
        coroutine callback that ends triggers the executor's guard condition, as rclpy's handler does."""
        task, entity = entry[0], entry[1]
        stack = self._callbacks.setdefault(me or threading.current_thread(), [])
        stack.append(0)
        try:
            task()
        finally:
            stack.pop()
        if entity is not None and task.done():
            self._woke = True

    def exit(self, code: int) -> None:
        """The program ends (sys.exit, or its code ran to its end): the simulation ends it."""
        self.send({"exit": {"code": code}})
        self._flush()
        os.close(self._fd)
