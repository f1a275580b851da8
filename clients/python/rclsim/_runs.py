"""Serving the runs the simulation grants, and the threads' claims on them.

The simulation grants one callback at a time (``Run``); the program answers ``Done``. A thread
of the program that blocks (``rclpy.spin``, ``time.sleep``) *yields*: it ends the run under way
with ``Done`` and serves the runs the simulation grants until what it waits for comes, then goes
on as part of the run that brought it. So the program's code between two blocking calls is
always part of exactly one run, whose ``Done`` is sent when the code blocks again or ends. The
program's threads take turns (``_threads``): a thread that blocks first lets the threads that can
go on run inside the run under way, and a run for a node another thread spins is that thread's.
A custom executor's wait *claims* such a run instead of running it: its callback runs when the
program calls the handler it got (``run_claimed``), in whichever thread. The modules above the
port reach all this through ``_port``'s runs section.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from rclsim import _cpu_clocks, _output, _port, _socket, _tasks
from rclsim._errors import SimulationError, describe_error, input_error_of
from rclsim._threads import Threads, Waiter

# Runs that are no entity's callback: their entity is an id the simulation numbers apart.
_NOT_CALLBACKS = frozenset(("SETTLED", "END_HOOK", "CONTINUATION", "CAN_EXECUTE"))

# The program's threads, one running at a time.
threads = Threads()
# Callbacks by entity id (timers, subscriptions, services, clients, guards) and by the ids the
# simulation numbers apart from entities (awaits).
handlers: dict[int, _port.RunHandler] = {}
settled: dict[int, _port.RunHandler] = {}
# The program's end hooks (rclsim.on_end), by the id the simulation's END_HOOK run names.
end_hooks: dict[int, _port.RunHandler] = {}
# Which node each callback entity belongs to, and which thread spins each node now: a run for an
# entity goes to the thread that spins its node.
owners: dict[int, int] = {}
spinners: dict[int, threading.Thread] = {}
# Entities in callback groups of the program's own class, with their group: the simulation asks
# before each of their callbacks (CAN_EXECUTE), the group's code decides.
custom_groups: dict[int, tuple[Any, Any]] = {}
# What a thread takes of the callbacks' runs granted to it, to run later instead of at once (a
# custom executor's wait_for_ready_callbacks): given the run, its entity's node, and for a
# CONTINUATION the task it lets go on.
claims: dict[threading.Thread, _port.Claim] = {}
# What a Shutdown does first, as rclpy's signal handler does: shut down every context.
on_shutdown: list[Callable[[], None]] = []
# The run whose code is under way (0: the program's top-level code).
current_run: int | None = 0
# The run ended (Shutdown): blocking calls return at once, sim time stands still.
shut_down = False
# How many runs each thread dispatched: what its spin_once waits for.
_served: dict[threading.Thread, int] = {}
# The claimed run under way whose callback has not begun, with its entity.
_unbegun: dict[int, int] = {}
# The callbacks each thread runs, innermost last (a callback that waits holds its thread).
_callbacks: dict[threading.Thread, list[int]] = {}
# What the run under way gives back in its Done (a callback group's CAN_EXECUTE answer).
_run_result = b""
# KeyboardInterrupt was raised in the main thread (once, as Ctrl-C raises it).
_interrupt_raised = False


def handle(entity: int, handler: _port.RunHandler, node: int) -> None:
    """The callback of one of ``node``'s entities (its runs go to the thread that spins the node)."""
    handlers[entity] = handler
    owners[entity] = node


def served() -> int:
    """How many runs the calling thread dispatched."""
    return _served.get(threading.current_thread(), 0)


def callback_under_way() -> int | None:
    """The entity whose callback the calling thread runs (0: tasks), innermost; None: none."""
    stack = _callbacks.get(threading.current_thread())
    return stack[-1] if stack else None


def callbacks_of(thread: threading.Thread) -> list[int]:
    """The callbacks ``thread`` runs, innermost last."""
    return _callbacks.setdefault(thread, [])


def done(failure: BaseException | None = None, result: bytes = b"") -> None:
    """Ends the run under way (its effects go with it), which failed with ``failure`` if given."""
    global current_run, _run_result
    if current_run is None:
        return
    entity = _unbegun.pop(current_run, None)
    if entity is not None:
        # A claimed callback that has not begun: its entity waits held, as a callback that waits, until it runs.
        _port.hold(entity, True)
    result = result or _run_result
    _run_result = b""
    error = input_error = ""
    if failure is not None:
        error = describe_error(failure)
        input_error = input_error_of(failure)
    more_tasks, pending, woke = _tasks.end_of_run()
    _port.done(current_run, error=error, input_error=input_error, result=result, more_tasks=more_tasks, pending=pending, woke=woke, wrote_output=_output.wrote())
    current_run = None


def serve(until: Callable[[], bool]) -> None:
    """Yields: lets what can go on run, ends the run under way and runs what the simulation
    grants, until ``until()``.

    The run in which ``until()`` became true stays under way: the code that called serve
    goes on in it. An error of a callback propagates to that code, as rclpy's spin raises it.
    """
    me = threading.current_thread()
    _socket.check_turn()
    _interrupt_if_due(me)
    if until() or shut_down:
        return
    waiter = Waiter(me, until)
    threads.waiting.append(waiter)
    try:
        while True:
            chosen = threads.next_to_run(me, shut_down)
            if chosen is None and not shut_down:
                # Nobody else can go on: this thread ends the run and reads the next.
                done()
                incoming = _socket.receive()
                if "shutdown" in incoming:
                    _interrupted()
                    _interrupt_if_due(me)
                    continue
                if "run" not in incoming:
                    raise SimulationError(f"the simulation sent {sorted(incoming)} while the program waited", "Error")
                run = incoming["run"]
                _start(run)
                chosen = _runner_of(run, me)
                if chosen is None:
                    _run_here(run, me)
                    if until():
                        return
                    continue
                chosen.run = run
            if chosen is None:
                return
            threads.turn.hand_over(chosen.thread if isinstance(chosen, Waiter) else chosen)
            if waiter.run is not None:
                run, waiter.run = waiter.run, None
                _run_here(run, me)
            _interrupt_if_due(me)
            if until() or shut_down:
                return
    finally:
        threads.waiting.remove(waiter)


def _runner_of(run: dict[str, Any], me: threading.Thread) -> Waiter | None:
    """The waiting thread that spins the node of the run's entity (for the tasks' turn: that
    spins an executor, when ``me`` spins none), when another than ``me``."""
    kind = run["kind"]
    if kind == "CONTINUATION" and me not in _tasks.executors:
        spinning = [thread for thread in _tasks.executors if thread is not me]
        return next((waiter for thread in spinning for waiter in threads.waiting if waiter.thread is thread), None)
    if kind in _NOT_CALLBACKS:
        return None
    spinner = spinners.get(owners.get(run["entity"], -1))
    if spinner is None or spinner is me:
        return None
    return next((waiter for waiter in threads.waiting if waiter.thread is spinner), None)


def _run_here(run: dict[str, Any], me: threading.Thread) -> None:
    """Runs ``run`` in the calling thread, ``me``."""
    global _run_result
    claim = claims.get(me)
    if claim is not None:
        kind = run["kind"]
        if kind == "CONTINUATION":
            # rclpy's wait yields a task under way as its own handler (executors.py 572-576).
            entry = _tasks.next_task()
            if entry is None:
                return
            if claim(run, entry[2] if entry[2] is not None else -1, entry):
                _unbegun[run["run"]] = run["entity"]
                return
            _tasks.run(entry, me)
            return
        if kind not in _NOT_CALLBACKS and claim(run, owners.get(run["entity"], -1), None):
            _unbegun[run["run"]] = run["entity"]
            return
    _run_result = _dispatch(run, me)
    # Only an entity's callback, or a task let go on, is the executor's work that spin_once waits
    # for: not a group's answer, nor a wake-up (another thread's sleep), nor an end hook.
    kind = run["kind"]
    if kind not in _NOT_CALLBACKS or (kind == "CONTINUATION" and _tasks.stepped):
        _served[me] = _served.get(me, 0) + 1


def _interrupt_if_due(me: threading.Thread) -> None:
    """Once the run ended, the main thread gets KeyboardInterrupt where it waits, as Ctrl-C raises it."""
    global _interrupt_raised
    if shut_down and me is threads.main and not _interrupt_raised:
        _interrupt_raised = True
        raise KeyboardInterrupt


def _interrupted() -> None:
    """The run ended: as Ctrl-C does to an rclpy program, its contexts shut down; the main
    thread gets KeyboardInterrupt, and the program's code goes on to its end."""
    global shut_down
    shut_down = True
    for shut in on_shutdown:
        shut()


def _start(run: dict[str, Any]) -> None:
    global current_run
    current_run = run["run"]


def run_nested(run: dict[str, Any]) -> None:
    """A run granted while a question waits (a parameter callback, a spin_once): answered at once."""
    global current_run, _run_result
    outer, outer_result = current_run, _run_result
    _run_result = b""
    _start(run)
    error: Exception | None = None
    result = b""
    try:
        result = _dispatch(run)
    except Exception as failure:  # noqa: BLE001 - the simulation decides what a callback's error does
        error = failure
    done(error, result)
    current_run, _run_result = outer, outer_result


def _dispatch(run: dict[str, Any], me: threading.Thread | None = None) -> bytes:
    """Runs the callback a Run names in the calling thread (``me``, when the caller knows it):
    what it gives back for Done.result (a CAN_EXECUTE answer)."""
    kind = run["kind"]
    entity = run["entity"]
    if kind not in _NOT_CALLBACKS:
        # An entity's callback (the runs of a program's work, first).
        handler = handlers.get(entity)
        if handler is None:
            raise SimulationError(f"the simulation ran {kind} {entity}, which this program does not have", "Error")
        thread = me or threading.current_thread()
        stack = _callbacks.get(thread)
        if stack is None:
            stack = _callbacks[thread] = []
        stack.append(entity)
        try:
            handler(run)
        finally:
            stack.pop()
            # Its execution time counts once it ran, as the C++ client counts it.
            _cpu_clocks.ran(thread, run.get("execution_ns", 0))
        if custom_groups:
            custom = custom_groups.get(entity)
            if custom is not None:
                custom[0].ending_execution(custom[1])
        return b""
    if kind == "CONTINUATION":
        entry = _tasks.next_task()
        if entry is not None:
            _tasks.run(entry, me or threading.current_thread())
        return b""
    if kind == "CAN_EXECUTE":
        group, member = custom_groups[entity]
        # rclpy's executor asks can_execute at its wait and beginning_execution as the handler starts.
        return b"\x01" if group.can_execute(member) and group.beginning_execution(member) else b"\x00"
    # SETTLED or END_HOOK: no entity's callback.
    if kind == "SETTLED":
        handler = settled.pop(entity, None)
        if handler is None:
            # A wake-up the program gave up on (WakeUp.cancel) that was already on its way.
            return b""
    else:
        handler = end_hooks.get(entity)
        if handler is None:
            raise SimulationError(f"the simulation ran {kind} {entity}, which this program does not have", "Error")
    handler(run)
    return b""


def run_claimed(run: dict[str, Any], work: Callable[[], object] | None = None) -> None:
    """Runs a claimed run's callback (or ``work``, a claimed task's step) in the calling thread:
    part of its run while that is under way, else of the run under way now (its entity held
    until then, released after)."""
    do = (lambda: _dispatch(run)) if work is None else work
    if _unbegun.pop(run["run"], None) is not None:
        do()
        return
    try:
        do()
    finally:
        _port.hold(run["entity"], False)
