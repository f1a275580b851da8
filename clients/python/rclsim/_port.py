"""The node port of a Python program (proto/node.proto; docs/design.md#seams): the modules above it
(rclpy, rclsim's API, ``_waits``, ``_selectors``, ``_interfaces``) reach the simulation only through
this one. Below it: ``_socket`` (the transport), ``_runs`` (serving runs, threads' claims) and
``_tasks``, which only ``_main`` (the process's top, wiring them) and ``_machine`` (each clock read
takes the sim time the socket last heard) use besides.

One function per request the Python client sends, named after it, which builds the message and
sends it (an effect) or asks it (a question: its answer; Failed raises SimulationError). A message
whose operation is a oneof has a function per member it uses (``timer_op_cancel``). A request
that makes the simulation run the program's code later takes that code (``await_at_ns``'s
``on_settled``, ``job_op_on_end``'s hook), as NodePort's methods take their callbacks.

Sections as NodePort's: entities, parameters, graph, job, executor — between the handshake and
the program's end; then the other way: the runs the simulation grants (Run, Shutdown) and the
program's tasks, which ``_runs`` and ``_tasks`` keep and serve. A field at its proto3 default is
left out when written, so a function may give every field.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from rclsim import _runs, _socket, _tasks
from rclsim._socket import ask, send

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


def context_op_create() -> int:
    """A context of the program's (rclpy's Context): its id."""
    return int(ask({"context": {"create": True}})["created"]["id"])


def context_op_init(context: int, argv: Sequence[str]) -> None:
    ask({"context": {"context": context, "init": {"argv": list(argv)}}})


def context_op_shutdown(context: int) -> None:
    ask({"context": {"context": context, "shutdown": True}})


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
    create = {
        "kind": kind,
        "node": node,
        "name": name,
        "namespace": namespace,
        "type": type,
        "qos_json": qos_json,
        "period_ns": period_ns,
        "clock": clock,
        "callback_group": group.number,
        "reentrant": group.reentrant,
        "events": list(events),
        "context": context,
        "args": list(args),
        "use_global_arguments": use_global_arguments,
        "options_json": options_json,
        "canceled": canceled,
        "custom_group": group.custom,
    }
    created: dict[str, Any] = ask({"create": create})["created"]
    return created


def destroy(id: int, *, node: bool = False, wake: bool = False) -> None:  # noqa: A002 - Destroy's field
    """An entity, a node with its entities, or an Await's wake-up (``wake``) goes."""
    send({"destroy": {"id": id, "node": node, "wake": wake}})


def publish(publisher: int, cdr: bytes) -> None:
    send({"publish": {"publisher": publisher, "cdr": cdr}})


def send_request(client: int, sequence: int, cdr: bytes) -> None:
    send({"send_request": {"client": client, "sequence": sequence, "cdr": cdr}})


def forget_request(client: int, sequence: int) -> None:
    """The program no longer waits for this response: dropped when it comes."""
    send({"forget_request": {"client": client, "sequence": sequence}})


def send_response(service: int, request: int, cdr: bytes) -> None:
    send({"send_response": {"service": service, "request": request, "cdr": cdr}})


def timer_op_cancel(timer: int) -> None:
    send({"timer": {"timer": timer, "cancel": True}})


def timer_op_reset(timer: int) -> None:
    send({"timer": {"timer": timer, "reset": True}})


def timer_op_state(timer: int) -> str:
    """The timer's state as JSON: {"canceled", "period", "nextCall", "lastCall"} (ns as decimal strings)."""
    return str(ask({"timer": {"timer": timer, "state": True}})["answer"]["json"])


def trigger_guard(guard: int) -> None:
    send({"trigger": {"guard": guard}})


def entity_op(entity: int, op: str, args_json: str = "[]") -> str:
    """A question on one entity (subscriptionCount, publisherCount, isReady …): its answer as JSON."""
    return str(ask({"entity": {"entity": entity, "op": op, "args_json": args_json}})["answer"]["json"])


def action_op_add(node: int, type: str, parts: Sequence[int]) -> int:  # noqa: A002 - AddAction's field
    """The entities ``parts`` are one action of ``node``, of ``type``: the action's id."""
    return int(ask({"action": {"node": node, "add": {"type": type, "parts": list(parts)}}})["created"]["id"])


def action_op_remove(node: int, action: int) -> None:
    ask({"action": {"node": node, "remove": action}})


def get_interface(type: str) -> str:  # noqa: A002 - GetInterface's field
    """An interface type's definition (a package's types, with ''), as JSON."""
    return str(ask({"get_interface": {"type": type}})["answer"]["json"])


def log(logger: str, severity: int, message: str, function: str, file: str, line: int) -> bool:
    """A log record: whether it passed its logger's level."""
    log = {"logger": logger, "severity": severity, "message": message, "function": function, "file": file, "line": line}
    return bool(ask({"log": log})["answer"]["json"] == "true")


def logger_op_level(logger: str) -> int:
    """The logger's effective level."""
    return int(ask({"logger": {"logger": logger, "level": True}})["answer"]["json"])


def logger_op_set_level(logger: str, level: int) -> None:
    ask({"logger": {"logger": logger, "set_level": level}})


def logger_op_add_child(logger: str, child: str) -> None:
    """A child logger of ``logger`` publishes on /rosout as its parent does."""
    ask({"logger": {"logger": logger, "add_child": child}})


# ---------------------------------------------------------------- parameters


def parameter_op_read(node: int, what: str) -> dict[str, Any]:
    """What the node has (ParameterRead.What: "OVERRIDES" …): the Answer, its ``cdr`` and ``json``."""
    answer: dict[str, Any] = ask({"parameter": {"node": node, "read": {"what": what}}})["answer"]
    return answer


# ---------------------------------------------------------------- graph


def graph_query(query: str, arguments: Sequence[str]) -> str:
    """A question on the graph (rclnodejs's method names, "service_is_ready"): its answer as JSON."""
    return str(ask({"graph": {"query": query, "arguments": list(arguments)}})["answer"]["json"])


def await_service_of_client(client: int, timeout_ms: float, on_settled: RunHandler) -> int:
    """A wait until a server matches ``client`` or ``timeout_ms`` passed (negative: none):
    ``on_settled`` runs its Run kind SETTLED (input true or false). Its id."""
    waited = int(ask({"await_event": {"service_of_client": client, "timeout_ms": timeout_ms}})["created"]["id"])
    _runs.settled[waited] = on_settled
    return waited


# ---------------------------------------------------------------- job


def job_op_finish(code: int) -> None:
    """The run ends with this exit code, after the step under way."""
    send({"job": {"finish": code}})


def job_op_set_result(name: str, value_json: str) -> None:
    send({"job": {"set_result": {"name": name, "value_json": value_json}}})


def job_op_get_result(name: str) -> str:
    """A result's value as JSON ('': none)."""
    return str(ask({"job": {"get_result": name}})["answer"]["json"])


def job_op_on_end(hook: Callable[[], object]) -> None:
    """``hook`` runs (Run kind END_HOOK) once the run's loop ended, after the end hooks before it."""
    number = len(_runs.end_hooks) + 1
    _runs.end_hooks[number] = lambda run: hook()
    send({"job": {"on_end": number}})


def assertion(kind: str, message: str, holds: bool, details_json: str) -> None:
    """An assertion of the program's code (ALWAYS, SOMETIMES, REACHABLE, UNREACHABLE)."""
    send({"assertion": {"kind": kind, "message": message, "holds": holds, "details_json": details_json}})


# ---------------------------------------------------------------- executor


def spin(node: int, how: str, threads: int) -> None:
    """SPIN or STOP ``node`` in the simulation's model of an rclpy executor of ``threads`` threads."""
    ask({"spin": {"node": node, "how": how, "threads": threads}})


def hold(entity: int, on: bool) -> None:
    """A callback of ``entity`` (0: tasks) waits on its thread (``on``), or its wait ended."""
    send({"hold": {"entity": entity, "on": on}})


def await_at_ns(at_ns: int, on_settled: RunHandler, *, weak: bool = False, after_ready: bool = False) -> int:
    """A wake-up at sim time ``at_ns``: ``on_settled`` runs its Run kind SETTLED. Its id."""
    wake = int(ask({"await_event": {"at_ns": at_ns, "timeout_ms": -1, "weak": weak, "after_ready": after_ready}})["created"]["id"])
    _runs.settled[wake] = on_settled
    return wake


def forget_await(wake: int) -> None:
    """The program waits no more for the Await ``wake``: unless it settled, it goes (Destroy.wake)."""
    if _runs.settled.pop(wake, None) is not None:
        destroy(wake, wake=True)


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
