"""The node port of a Python program (proto/node.proto; docs/design.md#seams): the modules above it
(rclpy, rclsim's API, ``_waits``, ``_selectors``, ``_interfaces``) reach the simulation only through
this one. Below it: ``_socket`` (the transport), ``_runs`` (serving runs, threads' claims) and
``_tasks``, which only ``_main`` (the process's top, wiring them) and ``_machine`` (each clock read
takes the sim time the socket last heard) use besides.

One function per request the Python client sends, named after its message, which builds it and
sends it (an effect) or asks it (a question: its answer; Failed raises SimulationError). A message
whose operation is a oneof has a function per member (``timer_op_cancel``). They are generated
from proto/node.proto into ``_port_ops`` (scripts/nodePortOps.mjs) and are this module's too; the
ones written here do more than send and decode: a request that makes the simulation run the
program's code later takes that code (``await_at_ns``'s ``on_settled``, ``job_op_on_end``'s hook),
as NodePort's methods take their callbacks, and ``create`` takes the callback group as one.

The handshake, the senders written here, the program's end; then the other way: the runs the simulation grants (Run, Shutdown) and the
program's tasks, which ``_runs`` and ``_tasks`` keep and serve. A field at its proto3 default is
left out when written, so a function may give every field.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from rclsim import _port_ops, _runs, _socket, _tasks
from rclsim._port_ops import *  # noqa: F403 - the generated senders are the port's
from rclsim._socket import send

# What runs a Run of the program's (its input and details: proto/node.proto's Run, as a dict).
RunHandler = Callable[[dict[str, Any]], None]
# What takes the runs granted to a thread, to run later (``claim_runs``).
Claim = Callable[[dict[str, Any], int, Any], bool]

_welcome: dict[str, Any] = {}

# ---------------------------------------------------------------- the handshake


def hello(protocol_version: int, client: str, language: str) -> dict[str, Any]:
    """Hello: the simulation's answer, Welcome (kept: ``welcome()``) or Failed."""
    global _welcome
    first = _socket.handshake({"hello": {"protocol_version": protocol_version, "client": client, "language": language}})
    _welcome = first.get("welcome", {})
    return first


def welcome() -> dict[str, Any]:
    """Who the program is and what it starts with: the Welcome of the handshake."""
    return _welcome


def now_ns() -> int:
    """Sim time now (ns since the epoch), as the simulation last told it: asked of nobody."""
    return _socket.now_ns


# ---------------------------------------------------------------- entities


class Group(NamedTuple):
    """The executor callback group an entity is in (Create's callback_group, reentrant and
    custom_group): number 0 is its node's default one."""

    number: int = 0
    reentrant: bool = False
    custom: bool = False


_DEFAULT_GROUP = Group()


def create(
    kind: str,
    node: int = 0,
    *,
    name: str = "",
    namespace: str = "",
    type: str = "",  # noqa: A002 - Create's field
    qos_json: str = "",
    period_ns: int = 0,
    clock: str = "",
    group: Group = _DEFAULT_GROUP,
    events: Sequence[str] = (),
    context: int = 0,
    args: Sequence[str] = (),
    use_global_arguments: bool = False,
    options_json: str = "",
    canceled: bool = False,
) -> dict[str, Any]:
    """An entity of ``kind`` (NODE, PUBLISHER, SUBSCRIPTION, SERVICE, CLIENT, TIMER,
    GUARD_CONDITION): Created (its id, names, event handlers)."""
    return _port_ops.create(
        kind,
        node,
        name=name,
        namespace=namespace,
        type=type,
        qos_json=qos_json,
        period_ns=period_ns,
        clock=clock,
        callback_group=group.number,
        reentrant=group.reentrant,
        events=events,
        context=context,
        args=args,
        use_global_arguments=use_global_arguments,
        options_json=options_json,
        canceled=canceled,
        custom_group=group.custom,
    )


# ---------------------------------------------------------------- requests whose outcome comes back as a Run


def await_service_of_client(client: int, timeout_ms: float, on_settled: RunHandler) -> int:
    """A wait until a server matches ``client`` or ``timeout_ms`` passed (negative: none):
    ``on_settled`` runs its Run kind SETTLED (input true or false). Its id."""
    waited = _port_ops.await_service_of_client(client, timeout_ms)
    _runs.settled[waited] = on_settled
    return waited


def job_op_on_end(hook: Callable[[], object]) -> None:
    """``hook`` runs (Run kind END_HOOK) once the run's loop ended, after the end hooks before it."""
    number = len(_runs.end_hooks) + 1
    _runs.end_hooks[number] = lambda run: hook()
    _port_ops.job_op_on_end(number)


def await_at_ns(at_ns: int, on_settled: RunHandler, *, weak: bool = False, after_ready: bool = False) -> int:
    """A wake-up at sim time ``at_ns``: ``on_settled`` runs its Run kind SETTLED. Its id."""
    wake = _port_ops.await_at_ns(at_ns, -1, weak, after_ready)
    _runs.settled[wake] = on_settled
    return wake


def forget_await(wake: int) -> None:
    """The program waits no more for the Await ``wake``: unless it settled, it goes (Destroy.wake)."""
    if _runs.settled.pop(wake, None) is not None:
        _port_ops.destroy(wake, wake=True)


def done(
    run: int,
    *,
    error: str = "",
    pending: bool = False,
    load_failed: bool = False,
    result: bytes = b"",
    wrote_output: bool = False,
    input_error: str = "",
    more_tasks: bool = False,
    woke: bool = False,
) -> None:
    """The run ``run`` ended (its effects were sent before): how, and what it leaves."""
    done: dict[str, Any] = {"run": run}
    # Only what is set, in field order: a Done goes with every callback.
    if error:
        done["error"] = error
    if pending:
        done["pending"] = True
    if load_failed:
        done["load_failed"] = True
    if result:
        done["result"] = result
    if wrote_output:
        done["wrote_output"] = True
    if input_error:
        done["input_error"] = input_error
    if more_tasks:
        done["more_tasks"] = True
    if woke:
        done["woke"] = True
    send({"done": done})


# ---------------------------------------------------------------- runs: what the simulation runs in the program


def on_run(entity: int, handler: RunHandler, node: int) -> None:
    """``handler`` runs each Run of ``entity``'s callback (TIMER_FIRED, MESSAGE, REQUEST, RESPONSE,
    GUARD_TRIGGERED, EVENT), in the thread that spins ``node`` (``serve_node_in``)."""
    _runs.handle(entity, handler, node)


def on_can_execute(entity: int, group: Any, member: Any) -> None:
    """Run kind CAN_EXECUTE of ``entity``, in a callback group of the program's own class
    (Create.custom_group): ``group``'s code answers for ``member``, and hears when its callback ended."""
    _runs.custom_groups[entity] = (group, member)


def forget_runs(entity: int) -> None:
    """``entity`` went: no Run of its callback is the program's any more."""
    _runs.handlers.pop(entity, None)


def forget_can_execute(entity: int) -> None:
    """``entity`` went: its group is asked no more (nor told when a callback under way ends)."""
    _runs.custom_groups.pop(entity, None)


def on_shutdown(callback: Callable[[], None]) -> None:
    """``callback`` runs first when the simulation ends the program (Shutdown), as rclpy's signal handler runs."""
    _runs.on_shutdown.append(callback)


def serve_runs(until: Callable[[], bool]) -> None:
    """The calling thread waits: the run under way ends (Done) and the runs the simulation grants
    run, until ``until()`` (the code goes on in the run in which it became true)."""
    _runs.serve(until)


def runs_served() -> int:
    """How many runs of callbacks or tasks the calling thread ran: what a spin_once waits for."""
    return _runs.served()


def callback_under_way() -> int | None:
    """The entity whose callback the calling thread runs (0: tasks), innermost; None: none."""
    return _runs.callback_under_way()


def serve_node_in(node: int, thread: threading.Thread) -> None:
    """The runs of ``node``'s callbacks go to ``thread``, which spins it, from now on."""
    _runs.spinners[node] = thread


def unserve_node_in(node: int, thread: threading.Thread) -> None:
    """The runs of ``node``'s callbacks go to ``thread`` no more (if they did): to whichever thread serves."""
    if _runs.spinners.get(node) is thread:
        del _runs.spinners[node]


def claim_runs(take: Claim | None) -> None:
    """The runs granted to the calling thread go to ``take`` first (None: no more), which may keep
    one to run later (``run_claimed``): given the run, its entity's node, and for a CONTINUATION
    the task it lets go on. A custom executor's wait."""
    me = threading.current_thread()
    if take is None:
        del _runs.claims[me]
    else:
        _runs.claims[me] = take


def run_claimed(run: dict[str, Any], work: Callable[[], object] | None = None) -> None:
    """Runs a claimed run's callback (or ``work``, a claimed task's step: ``task_step``) in the calling thread."""
    _runs.run_claimed(run, work)


# ---------------------------------------------------------------- tasks (Done.pending, more_tasks, woke; Run kind CONTINUATION)


def task_add(task: _tasks.Task, executor: Any = None) -> None:
    """A task that ``executor`` (default: the one the calling thread spins) lets go on in its turns."""
    _tasks.add(task, executor)


def task_step(entry: Any) -> None:
    """One step of a task a claimed CONTINUATION handed out, in the calling thread."""
    _tasks.step(entry)


def tasks_go_to(executor: Any, thread: threading.Thread) -> Any:
    """``thread`` spins ``executor`` from now on: the tasks' turns there are its. The executor
    it spun before (a spin inside another executor's callback), for ``tasks_go_back``."""
    outer = _tasks.executors.get(thread)
    _tasks.executors[thread] = executor
    _tasks.wake_for(executor)
    return outer


def tasks_go_back(thread: threading.Thread, outer: Any) -> None:
    """``thread``'s spin ended: the tasks' turns there are ``outer``'s again (None: no executor's)."""
    if outer is None:
        del _tasks.executors[thread]
    else:
        _tasks.executors[thread] = outer


# ---------------------------------------------------------------- the program's end


def exit(code: int) -> None:  # noqa: A001 - Exit's name
    """The program ends with ``code``: the simulation ends it; the socket closes."""
    send({"exit": {"code": code}})
    _socket.close()
