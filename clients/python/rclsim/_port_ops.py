# Generated from proto/node.proto by scripts/nodePortOps.mjs (npm run build): do not edit.
"""The Python client's senders, one per operation of the node port (``_port`` re-exports them).

A sender takes its message's fields in the .proto's order, at proto3's defaults unless given (a
field at its default is left out when written), sends or asks the message, and returns what its
answer names (a Failed answer raises SimulationError).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rclsim._socket import ask, send

__all__ = [
    "create",
    "destroy",
    "publish",
    "send_request",
    "send_response",
    "timer_op_cancel",
    "timer_op_reset",
    "timer_op_change_period_ns",
    "timer_op_state",
    "trigger_guard",
    "log",
    "graph_query",
    "get_interface",
    "job_op_finish",
    "job_op_set_result",
    "job_op_get_result",
    "job_op_on_end",
    "job_op_start_ns",
    "context_op_create",
    "context_op_init",
    "context_op_shutdown",
    "context_op_state",
    "context_op_default_context",
    "spin",
    "js_timer",
    "js_timer_op_cancel",
    "js_timer_op_ref",
    "js_timer_op_unref",
    "js_timer_op_refresh",
    "parameter_op_declare",
    "parameter_op_get",
    "parameter_op_set",
    "parameter_op_undeclare",
    "parameter_op_read",
    "parameter_op_hook",
    "forget_request",
    "await_service_of_client",
    "await_at_ns",
    "entity_op",
    "action_op_add",
    "action_op_remove",
    "next_goal_id",
    "logger_op_level",
    "logger_op_set_level",
    "logger_op_add_child",
    "logger_op_remove_child",
    "hold",
    "assertion",
    "bag_op_open",
    "bag_op_read_next",
    "bag_op_set_filter",
    "bag_op_seek_ns",
    "bag_op_create_topic",
    "bag_op_write",
    "bag_op_close",
    "world_joints_op_open",
    "world_joints_op_read",
    "world_joints_op_write",
]


def create(
    kind: str = "ENTITY_KIND_UNSPECIFIED",
    node: int = 0,
    name: str = "",
    namespace: str = "",
    type: str = "",
    qos_json: str = "",
    period_ns: int = 0,
    clock: str = "",
    filter_expression: str = "",
    filter_parameters: Sequence[str] = (),
    callback_group: int = 0,
    reentrant: bool = False,
    events: Sequence[str] = (),
    context: int = 0,
    args: Sequence[str] = (),
    use_global_arguments: bool = False,
    options_json: str = "",
    canceled: bool = False,
    subscription_options_json: str = "",
    custom_group: bool = False,
) -> dict[str, Any]:
    """Create (entities): asked: its Created."""
    create = {
        "kind": kind,
        "node": node,
        "name": name,
        "namespace": namespace,
        "type": type,
        "qos_json": qos_json,
        "period_ns": period_ns,
        "clock": clock,
        "filter_expression": filter_expression,
        "filter_parameters": list(filter_parameters),
        "callback_group": callback_group,
        "reentrant": reentrant,
        "events": list(events),
        "context": context,
        "args": list(args),
        "use_global_arguments": use_global_arguments,
        "options_json": options_json,
        "canceled": canceled,
        "subscription_options_json": subscription_options_json,
        "custom_group": custom_group,
    }
    created: dict[str, Any] = ask({"create": create})["created"]
    return created


def destroy(id: int = 0, wake: bool = False, node: bool = False) -> None:
    """Destroy (entities): sent, not answered."""
    send({"destroy": {"id": id, "wake": wake, "node": node}})


def publish(publisher: int = 0, cdr: bytes = b"") -> None:
    """Publish (entities): sent, not answered."""
    send({"publish": {"publisher": publisher, "cdr": cdr}})


def send_request(
    client: int = 0,
    sequence: int = 0,
    cdr: bytes = b"",
    has_timeout: bool = False,
    timeout_ms: float = 0.0,
) -> None:
    """SendRequest (entities): sent, not answered; then Run kind RESPONSE."""
    send_request = {
        "client": client,
        "sequence": sequence,
        "cdr": cdr,
        "has_timeout": has_timeout,
        "timeout_ms": timeout_ms,
    }
    send({"send_request": send_request})


def send_response(service: int = 0, request: int = 0, cdr: bytes = b"") -> None:
    """SendResponse (entities): sent, not answered."""
    send({"send_response": {"service": service, "request": request, "cdr": cdr}})


def timer_op_cancel(timer: int = 0) -> None:
    """TimerOp.cancel (entities): sent, not answered."""
    send({"timer": {"timer": timer, "cancel": True}})


def timer_op_reset(timer: int = 0) -> None:
    """TimerOp.reset (entities): sent, not answered."""
    send({"timer": {"timer": timer, "reset": True}})


def timer_op_change_period_ns(timer: int = 0, change_period_ns: int = 0) -> None:
    """TimerOp.change_period_ns (entities): sent, not answered."""
    send({"timer": {"timer": timer, "change_period_ns": change_period_ns}})


def timer_op_state(timer: int = 0) -> str:
    """TimerOp.state (entities): asked: its Answer.json."""
    return str(ask({"timer": {"timer": timer, "state": True}})["answer"]["json"])


def trigger_guard(guard: int = 0) -> None:
    """TriggerGuard (entities): sent, not answered."""
    send({"trigger": {"guard": guard}})


def log(
    node: int = 0,
    logger: str = "",
    severity: int = 0,
    message: str = "",
    function: str = "",
    file: str = "",
    line: int = 0,
) -> bool:
    """Log (entities): asked: whether its Answer.json is "true"."""
    log = {
        "node": node,
        "logger": logger,
        "severity": severity,
        "message": message,
        "function": function,
        "file": file,
        "line": line,
    }
    return bool(ask({"log": log})["answer"]["json"] == "true")


def graph_query(query: str = "", arguments: Sequence[str] = ()) -> str:
    """GraphQuery (graph): asked: its Answer.json."""
    return str(ask({"graph": {"query": query, "arguments": list(arguments)}})["answer"]["json"])


def get_interface(type: str = "") -> str:
    """GetInterface (entities): asked: its Answer.json."""
    return str(ask({"get_interface": {"type": type}})["answer"]["json"])


def job_op_finish(finish: int = 0) -> None:
    """JobOp.finish (job): sent, not answered."""
    send({"job": {"finish": finish}})


def job_op_set_result(name: str = "", value_json: str = "") -> None:
    """JobOp.set_result (job): sent, not answered."""
    send({"job": {"set_result": {"name": name, "value_json": value_json}}})


def job_op_get_result(get_result: str = "") -> str:
    """JobOp.get_result (job): asked: its Answer.json."""
    return str(ask({"job": {"get_result": get_result}})["answer"]["json"])


def job_op_on_end(on_end: int = 0) -> None:
    """JobOp.on_end (job): sent, not answered; then Run kind END_HOOK."""
    send({"job": {"on_end": on_end}})


def job_op_start_ns(start_ns: int = 0) -> bool:
    """JobOp.start_ns (job): asked: whether its Answer.json is "true"."""
    return bool(ask({"job": {"start_ns": start_ns}})["answer"]["json"] == "true")


def context_op_create(context: int = 0) -> int:
    """ContextOp.create (entities): asked: the id of its Created."""
    return int(ask({"context": {"context": context, "create": True}})["created"]["id"])


def context_op_init(context: int = 0, argv: Sequence[str] = ()) -> None:
    """ContextOp.init (entities): asked, answered empty."""
    ask({"context": {"context": context, "init": {"argv": list(argv)}}})


def context_op_shutdown(context: int = 0) -> None:
    """ContextOp.shutdown (entities): asked, answered empty."""
    ask({"context": {"context": context, "shutdown": True}})


def context_op_state(context: int = 0) -> str:
    """ContextOp.state (entities): asked: its Answer.json."""
    return str(ask({"context": {"context": context, "state": True}})["answer"]["json"])


def context_op_default_context(context: int = 0) -> int:
    """ContextOp.default_context (entities): asked: the id of its Created."""
    return int(ask({"context": {"context": context, "default_context": True}})["created"]["id"])


def spin(node: int = 0, how: str = "SPIN", threads: int = 0) -> None:
    """Spin (executor): asked, answered empty."""
    ask({"spin": {"node": node, "how": how, "threads": threads}})


def js_timer(kind: str = "SET_TIMEOUT", delay_ms: float = 0.0) -> int:
    """JsTimer (executor): asked: the id of its Created; then Run kind JS_TIMER."""
    return int(ask({"js_timer": {"kind": kind, "delay_ms": delay_ms}})["created"]["id"])


def js_timer_op_cancel(timer: int = 0) -> None:
    """JsTimerOp.cancel (executor): sent, not answered."""
    send({"js_timer_op": {"timer": timer, "cancel": True}})


def js_timer_op_ref(timer: int = 0) -> None:
    """JsTimerOp.ref (executor): sent, not answered."""
    send({"js_timer_op": {"timer": timer, "ref": True}})


def js_timer_op_unref(timer: int = 0) -> None:
    """JsTimerOp.unref (executor): sent, not answered."""
    send({"js_timer_op": {"timer": timer, "unref": True}})


def js_timer_op_refresh(timer: int = 0) -> None:
    """JsTimerOp.refresh (executor): sent, not answered."""
    send({"js_timer_op": {"timer": timer, "refresh": True}})


def parameter_op_declare(
    node: int = 0,
    parameters: bytes = b"",
    descriptors: bytes = b"",
    ignore_overrides: bool = False,
) -> bytes:
    """ParameterOp.declare (parameters): asked: its Answer.cdr."""
    parameter = {
        "node": node,
        "declare": {"parameters": parameters,
        "descriptors": descriptors,
        "ignore_overrides": ignore_overrides},
    }
    return bytes(ask({"parameter": parameter})["answer"]["cdr"])


def parameter_op_get(node: int = 0, get: str = "") -> bytes:
    """ParameterOp.get (parameters): asked: its Answer.cdr."""
    return bytes(ask({"parameter": {"node": node, "get": get}})["answer"]["cdr"])


def parameter_op_set(node: int = 0, parameters: bytes = b"", atomically: bool = False) -> bytes:
    """ParameterOp.set (parameters): asked: its Answer.cdr; then Run kind PARAMETERS."""
    parameter = {
        "node": node,
        "set": {"parameters": parameters,
        "atomically": atomically},
    }
    return bytes(ask({"parameter": parameter})["answer"]["cdr"])


def parameter_op_undeclare(node: int = 0, undeclare: str = "") -> None:
    """ParameterOp.undeclare (parameters): asked, answered empty."""
    ask({"parameter": {"node": node, "undeclare": undeclare}})


def parameter_op_read(node: int = 0, what: str = "WHAT_UNSPECIFIED", names: Sequence[str] = ()) -> dict[str, Any]:
    """ParameterOp.read (parameters): asked: its Answer."""
    answer: dict[str, Any] = ask({"parameter": {"node": node, "read": {"what": what, "names": list(names)}}})["answer"]
    return answer


def parameter_op_hook(node: int = 0, hook: str = "PARAMETER_HOOK_UNSPECIFIED") -> None:
    """ParameterOp.hook (parameters): asked, answered empty; then Run kind PARAMETERS."""
    ask({"parameter": {"node": node, "hook": hook}})


def forget_request(client: int = 0, sequence: int = 0) -> None:
    """ForgetRequest (entities): sent, not answered."""
    send({"forget_request": {"client": client, "sequence": sequence}})


def await_service_of_client(
    service_of_client: int = 0,
    timeout_ms: float = 0.0,
    weak: bool = False,
    after_ready: bool = False,
) -> int:
    """Await.service_of_client (executor): asked: the id of its Created; then Run kind SETTLED."""
    await_event = {
        "service_of_client": service_of_client,
        "timeout_ms": timeout_ms,
        "weak": weak,
        "after_ready": after_ready,
    }
    return int(ask({"await_event": await_event})["created"]["id"])


def await_at_ns(at_ns: int = 0, timeout_ms: float = 0.0, weak: bool = False, after_ready: bool = False) -> int:
    """Await.at_ns (executor): asked: the id of its Created; then Run kind SETTLED."""
    await_event = {
        "at_ns": at_ns,
        "timeout_ms": timeout_ms,
        "weak": weak,
        "after_ready": after_ready,
    }
    return int(ask({"await_event": await_event})["created"]["id"])


def entity_op(entity: int = 0, op: str = "", args_json: str = "") -> str:
    """EntityOp (entities): asked: its Answer.json."""
    return str(ask({"entity": {"entity": entity, "op": op, "args_json": args_json}})["answer"]["json"])


def action_op_add(node: int = 0, type: str = "", parts: Sequence[int] = ()) -> int:
    """ActionOp.add (entities): asked: the id of its Created."""
    return int(ask({"action": {"node": node, "add": {"type": type, "parts": list(parts)}}})["created"]["id"])


def action_op_remove(node: int = 0, remove: int = 0) -> None:
    """ActionOp.remove (entities): asked, answered empty."""
    ask({"action": {"node": node, "remove": remove}})


def next_goal_id() -> bytes:
    """NextGoalId (entities): asked: its Answer.cdr."""
    return bytes(ask({"next_goal_id": {}})["answer"]["cdr"])


def logger_op_level(logger: str = "") -> str:
    """LoggerOp.level (entities): asked: its Answer.json."""
    return str(ask({"logger": {"logger": logger, "level": True}})["answer"]["json"])


def logger_op_set_level(logger: str = "", set_level: int = 0) -> None:
    """LoggerOp.set_level (entities): asked, answered empty."""
    ask({"logger": {"logger": logger, "set_level": set_level}})


def logger_op_add_child(logger: str = "", add_child: str = "") -> bool:
    """LoggerOp.add_child (entities): asked: whether its Answer.json is "true"."""
    return bool(ask({"logger": {"logger": logger, "add_child": add_child}})["answer"]["json"] == "true")


def logger_op_remove_child(logger: str = "", remove_child: str = "") -> None:
    """LoggerOp.remove_child (entities): asked, answered empty."""
    ask({"logger": {"logger": logger, "remove_child": remove_child}})


def hold(entity: int = 0, on: bool = False) -> None:
    """Hold (executor): sent, not answered."""
    send({"hold": {"entity": entity, "on": on}})


def assertion(kind: str = "ALWAYS", message: str = "", holds: bool = False, details_json: str = "") -> None:
    """Assertion (job): sent, not answered."""
    send({"assertion": {"kind": kind, "message": message, "holds": holds, "details_json": details_json}})


def bag_op_open(
    bag: int = 0,
    uri: str = "",
    storage_id: str = "",
    cwd: str = "",
    write: bool = False,
    storage_preset_profile: str = "",
    storage_config_uri: str = "",
) -> str:
    """BagOp.open (job): asked: its Answer.json."""
    bag = {
        "bag": bag,
        "open": {"uri": uri,
        "storage_id": storage_id,
        "cwd": cwd,
        "write": write,
        "storage_preset_profile": storage_preset_profile,
        "storage_config_uri": storage_config_uri},
    }
    return str(ask({"bag": bag})["answer"]["json"])


def bag_op_read_next(bag: int = 0) -> dict[str, Any]:
    """BagOp.read_next (job): asked: its Answer."""
    answer: dict[str, Any] = ask({"bag": {"bag": bag, "read_next": True}})["answer"]
    return answer


def bag_op_set_filter(
    bag: int = 0,
    topics: Sequence[str] = (),
    topics_regex: str = "",
    regex_to_exclude: str = "",
    exclude_topics: Sequence[str] = (),
) -> bool:
    """BagOp.set_filter (job): asked: whether its Answer.json is "true"."""
    bag = {
        "bag": bag,
        "set_filter": {"topics": list(topics),
        "topics_regex": topics_regex,
        "regex_to_exclude": regex_to_exclude,
        "exclude_topics": list(exclude_topics)},
    }
    return bool(ask({"bag": bag})["answer"]["json"] == "true")


def bag_op_seek_ns(bag: int = 0, seek_ns: int = 0) -> bool:
    """BagOp.seek_ns (job): asked: whether its Answer.json is "true"."""
    return bool(ask({"bag": {"bag": bag, "seek_ns": seek_ns}})["answer"]["json"] == "true")


def bag_op_create_topic(
    bag: int = 0,
    name: str = "",
    type: str = "",
    serialization_format: str = "",
    offered_qos_profiles: str = "",
    type_description_hash: str = "",
) -> bool:
    """BagOp.create_topic (job): asked: whether its Answer.json is "true"."""
    bag = {
        "bag": bag,
        "create_topic": {"name": name,
        "type": type,
        "serialization_format": serialization_format,
        "offered_qos_profiles": offered_qos_profiles,
        "type_description_hash": type_description_hash},
    }
    return bool(ask({"bag": bag})["answer"]["json"] == "true")


def bag_op_write(bag: int = 0, topic: str = "", recv_ns: int = 0, send_ns: int = 0, data: bytes = b"") -> bool:
    """BagOp.write (job): asked: whether its Answer.json is "true"."""
    bag = {
        "bag": bag,
        "write": {"topic": topic,
        "recv_ns": recv_ns,
        "send_ns": send_ns,
        "data": data},
    }
    return bool(ask({"bag": bag})["answer"]["json"] == "true")


def bag_op_close(bag: int = 0) -> bool:
    """BagOp.close (job): asked: whether its Answer.json is "true"."""
    return bool(ask({"bag": {"bag": bag, "close": True}})["answer"]["json"] == "true")


def world_joints_op_open(claim: int = 0, model: str = "", joints: Sequence[str] = ()) -> str:
    """WorldJointsOp.open (job): asked: its Answer.json."""
    world_joints = {
        "claim": claim,
        "open": {"model": model,
        "joints": list(joints)},
    }
    return str(ask({"world_joints": world_joints})["answer"]["json"])


def world_joints_op_read(claim: int = 0) -> str:
    """WorldJointsOp.read (job): asked: its Answer.json."""
    return str(ask({"world_joints": {"claim": claim, "read": True}})["answer"]["json"])


def world_joints_op_write(claim: int = 0, velocities: Sequence[float] = ()) -> None:
    """WorldJointsOp.write (job): sent, not answered."""
    send({"world_joints": {"claim": claim, "write": {"velocities": list(velocities)}}})
