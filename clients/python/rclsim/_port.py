"""The node port of a Python program (proto/node.proto; DESIGN.md "Seams"): one function per
request the Python client sends, named after it, which builds the message and sends it (an
effect) or asks it (a question: its answer; Failed raises SimulationError). A message whose
operation is a oneof has a function per member it uses (``timer_op_cancel``). The rclpy modules
reach the simulation only through these; what the simulation runs back is ``_runs``'s.

Sections as NodePort's: entities, parameters, graph, job, executor — between the handshake and
the program's end. A field at its proto3 default is left out when written, so a function may
give every field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from rclsim import _socket
from rclsim._socket import ask, send

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


def await_service_of_client(client: int, timeout_ms: float) -> int:
    """A wait until a server matches ``client`` or ``timeout_ms`` passed (negative: none): its id,
    which Run kind SETTLED names (input true or false)."""
    return int(ask({"await_event": {"service_of_client": client, "timeout_ms": timeout_ms}})["created"]["id"])


# ---------------------------------------------------------------- job


def job_op_finish(code: int) -> None:
    """The run ends with this exit code, after the step under way."""
    send({"job": {"finish": code}})


def job_op_set_result(name: str, value_json: str) -> None:
    send({"job": {"set_result": {"name": name, "value_json": value_json}}})


def job_op_get_result(name: str) -> str:
    """A result's value as JSON ('': none)."""
    return str(ask({"job": {"get_result": name}})["answer"]["json"])


def job_op_on_end(hook: int) -> None:
    """The end hook ``hook`` runs (Run kind END_HOOK) once the run's loop ended."""
    send({"job": {"on_end": hook}})


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


def await_at_ns(at_ns: int, *, weak: bool = False, after_ready: bool = False) -> int:
    """A wake-up at sim time ``at_ns``: its id, which Run kind SETTLED names."""
    return int(ask({"await_event": {"at_ns": at_ns, "timeout_ms": -1, "weak": weak, "after_ready": after_ready}})["created"]["id"])


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


# ---------------------------------------------------------------- the program's end


def exit(code: int) -> None:  # noqa: A001 - Exit's name
    """The program ends with ``code``: the simulation ends it; the socket closes."""
    send({"exit": {"code": code}})
    _socket.close()
