"""rclpy.node.Node: a node of the simulation, whose entities the simulation owns and whose
callbacks it grants (Run) when the node's executor spins."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rcl_interfaces.msg import ParameterDescriptor, ParameterEvent
from rcl_interfaces.srv import SetParameters

# As rclpy's node module does: a program that imports rclpy.node may use rclpy.logging unimported.
import rclpy.logging  # noqa: F401
from rclpy.callback_groups import CallbackGroup, MutuallyExclusiveCallbackGroup, ReentrantCallbackGroup
from rclpy.client import Client
from rclpy.clock import Clock, ROSClock
from rclpy.context import Context
from rclpy.event_handler import PublisherEventCallbacks, SubscriptionEventCallbacks
from rclpy.exceptions import NotInitializedException
from rclpy.expand_topic_name import expand_topic_name
from rclpy.guard_condition import GuardCondition
from rclpy._handle import Handle
from rclpy import _rclpy_pybind11 as _rclpy
from rclpy.impl.rcutils_logger import RcutilsLogger
from rclpy.node_parameters import NodeParameters
from rclpy._node_graph import NodeGraph
from rclpy.parameter import Parameter
from rclpy.parameter_service import ParameterService
from rclpy.publisher import Publisher
from rclpy.qos import QoSProfile, qos_profile_from, qos_profile_parameter_events, qos_profile_services_default
from rclpy.service import Service
from rclpy.subscription import Subscription, _takes_message_info
from rclpy.task import invoke
from rclpy.time_source import TimeSource
from rclpy.timer import Rate, Timer
from rclpy.type_description_service import TypeDescriptionService
from rclpy.type_support import check_is_valid_msg_type, check_is_valid_srv_type, deserialize, type_name
from rclpy.utilities import get_default_context
from rclpy.validate_full_topic_name import validate_full_topic_name
from rclpy.validate_namespace import validate_namespace
from rclpy.validate_node_name import validate_node_name
from rclpy.validate_topic_name import validate_topic_name
from rclsim import _port
from rclsim._errors import SimulationError, carry_input_error

S_TO_NS = 1_000_000_000
# rclpy's node module names the binding's error its graph queries raise.
NodeNameNonExistentError = _rclpy.NodeNameNonExistentError


class Node(NodeParameters, NodeGraph):
    PARAM_REL_TOL = 1e-6

    def __init__(
        self,
        node_name: str,
        *,
        context: Context | None = None,
        cli_args: list[str] | None = None,
        namespace: str | None = None,
        use_global_arguments: bool = True,
        enable_rosout: bool = True,
        rosout_qos_profile: Any = None,
        start_parameter_services: bool = True,
        parameter_overrides: list[Any] | None = None,
        allow_undeclared_parameters: bool = False,
        automatically_declare_parameters_from_overrides: bool = False,
        enable_logger_service: bool = False,
    ) -> None:
        self._context = get_default_context() if context is None else context
        if not self._context.ok():
            raise NotInitializedException("cannot create node")
        self._init_parameters(allow_undeclared_parameters)
        # The node's parameters and their services are the program's (below), as in rclpy; the
        # simulation still takes the overrides, for the type description service it makes.
        options: dict[str, Any] = {"startParameterServices": False, "enableRosout": enable_rosout, "enableLoggerService": enable_logger_service}
        if parameter_overrides:
            options["parameterOverrides"] = [_override_json(p) for p in parameter_overrides]
        try:
            created = self._create_node(node_name, namespace or "", cli_args, use_global_arguments, options)
        except Exception:
            _validate_node_names(node_name, namespace or "")
            raise
        self._handle: int = created["id"]
        self._name: str = created["name"]
        self._namespace: str = created["namespace"]
        self._logger = RcutilsLogger(created["logger"])
        self._default_callback_group = MutuallyExclusiveCallbackGroup()
        self._rate_group: ReentrantCallbackGroup | None = None
        self._publishers: list[Publisher] = []
        self._subscriptions: list[Subscription] = []
        self._timers: list[Timer] = []
        self._clients: list[Client] = []
        self._services: list[Service] = []
        self._guards: list[Any] = []
        self._waitables: list[Any] = []
        self._executor: Any = None
        self._destroyed = False
        # rclpy's order from here: the events publisher, the overrides, the clock, the
        # parameters declared from overrides, use_sim_time, the services.
        self._parameter_event_publisher = self.create_publisher(ParameterEvent, "/parameter_events", qos_profile_parameter_events)
        for parameter, source in self._simulation_overrides():
            self._parameter_overrides[parameter.name] = parameter
            self._override_sources[parameter.name] = source
        for parameter in parameter_overrides or []:
            # The program's own override is no input of the run: rclpy's error alone, if it does not fit.
            self._parameter_overrides[parameter.name] = parameter
            self._override_sources.pop(parameter.name, None)
        self._clock = ROSClock()
        if automatically_declare_parameters_from_overrides:
            self.declare_parameters("", [(name, p.value, ParameterDescriptor()) for name, p in self._parameter_overrides.items()], ignore_override=True)
        self._time_source = TimeSource(node=self)
        self._time_source.attach_clock(self._clock)
        if start_parameter_services:
            self._parameter_service = ParameterService(self)
        self._type_description_service = TypeDescriptionService(self)

    def _create_node(self, name: str, namespace: str, cli_args: list[str] | None, use_global_arguments: bool, options: dict[str, Any]) -> dict[str, Any]:
        with api_errors():
            return _port.create(
                "NODE", context=self._context.handle, name=name, namespace=namespace, args=cli_args or [], use_global_arguments=use_global_arguments, options_json=json.dumps(options)
            )

    def _simulation_overrides(self) -> list[tuple[Parameter, str]]:
        """The overrides rcl gives the node (params files and -p arguments, global and its own),
        each with where it came from ("--ros-args -p 'rate:=5'", "params.yaml:3 (for /n)")."""
        with api_errors():
            answer = _port.parameter_op_read(self._handle, "OVERRIDES")
        overrides = [Parameter.from_parameter_msg(m) for m in deserialize(SetParameters.Request, answer["cdr"]).parameters]
        return list(zip(overrides, json.loads(answer["json"]), strict=True))

    # ---- who it is

    @property
    def handle(self) -> Handle:
        return Handle(self._handle, self)

    @property
    def context(self) -> Context:
        return self._context

    @property
    def executor(self) -> Any:
        return self._executor

    @executor.setter
    def executor(self, new_executor: Any) -> None:
        if self._executor is new_executor:
            return
        if self._executor is not None:
            self._executor.remove_node(self)
        if new_executor is not None:
            new_executor.add_node(self)
        self._executor = new_executor

    @property
    def default_callback_group(self) -> CallbackGroup:
        return self._default_callback_group

    @property
    def publishers(self) -> Iterator[Publisher]:
        yield from self._publishers

    @property
    def subscriptions(self) -> Iterator[Subscription]:
        yield from self._subscriptions

    @property
    def timers(self) -> Iterator[Timer]:
        yield from self._timers

    @property
    def clients(self) -> Iterator[Client]:
        yield from self._clients

    @property
    def services(self) -> Iterator[Service]:
        yield from self._services

    @property
    def guards(self) -> Iterator[Any]:
        yield from self._guards

    @property
    def waitables(self) -> Iterator[Any]:
        yield from self._waitables

    def get_name(self) -> str:
        return self._name

    def get_namespace(self) -> str:
        return self._namespace

    def get_fully_qualified_name(self) -> str:
        return f"{self._namespace.rstrip('/')}/{self._name}"

    def resolve_topic_name(self, topic: str, *, only_expand: bool = False) -> str:
        return str(self._graph("resolveTopicName", topic, only_expand))

    def resolve_service_name(self, service: str, *, only_expand: bool = False) -> str:
        return str(self._graph("resolveServiceName", service, only_expand))

    def get_logger(self) -> RcutilsLogger:
        return self._logger

    def get_clock(self) -> Clock:
        return self._clock

    # ---- entities

    def create_publisher(
        self,
        msg_type: Any,
        topic: str,
        qos_profile: QoSProfile | int,
        *,
        callback_group: CallbackGroup | None = None,
        event_callbacks: Any = None,
        qos_overriding_options: Any = None,
        publisher_class: type[Publisher] = Publisher,
    ) -> Publisher:
        qos = qos_profile_from(qos_profile)
        check_is_valid_msg_type(msg_type)
        if qos_overriding_options is not None:
            qos = _overridden(self, Publisher, topic, qos, qos_overriding_options)
        created = self._create_endpoint("PUBLISHER", topic, msg_type, qos, event_callbacks or PublisherEventCallbacks())
        publisher = publisher_class(created["id"], msg_type, created["resolved_name"], qos, self, callback_group or self._default_callback_group)
        self._publishers.append(publisher)
        return publisher

    def create_subscription(
        self,
        msg_type: Any,
        topic: str,
        callback: Callable[..., Any],
        qos_profile: QoSProfile | int,
        *,
        callback_group: CallbackGroup | None = None,
        event_callbacks: Any = None,
        qos_overriding_options: Any = None,
        raw: bool = False,
    ) -> Subscription:
        qos = qos_profile_from(qos_profile)
        check_is_valid_msg_type(msg_type)
        if qos_overriding_options is not None:
            qos = _overridden(self, Subscription, topic, qos, qos_overriding_options)
        group = callback_group or self._default_callback_group
        # A callback rclpy cannot call is refused before the simulation has a subscription to deliver to.
        _takes_message_info(callback)
        created = self._create_endpoint("SUBSCRIPTION", topic, msg_type, qos, event_callbacks or SubscriptionEventCallbacks(), group)
        subscription = Subscription(created["id"], msg_type, created["resolved_name"], callback, group, qos, raw, self)
        self._join_group(subscription, group)

        def on_message(run: dict[str, Any]) -> None:
            data = run["input"]
            message = data if subscription.raw else deserialize(subscription.msg_type, data)
            if subscription._takes_info:
                invoke(subscription.callback, message, _message_info(run))
            else:
                invoke(subscription.callback, message)

        _port.on_run(subscription.handle, on_message, self._handle)
        self._subscriptions.append(subscription)
        return subscription

    def _in_group(self, group: CallbackGroup | None) -> _port.Group:
        """What tells the simulation which callback group an entity is in (none: its node's default
        one); a group of the program's own class decides in the program when its callbacks run."""
        if group is None or group is self._default_callback_group:
            return _port.Group()
        return _port.Group(group._number, isinstance(group, ReentrantCallbackGroup), _of_own_class(group))

    def _join_group(self, entity: Any, group: CallbackGroup) -> None:
        """The entity is the group's (rclpy's add_entity); a group of the program's own class is asked before each of its callbacks."""
        group.add_entity(entity)
        if _of_own_class(group):
            _port.on_can_execute(entity.handle, group, entity)

    def _create_endpoint(self, kind: str, topic: str, msg_type: Any, qos: QoSProfile, event_callbacks: Any, group: CallbackGroup | None = None) -> dict[str, Any]:
        """A publisher or subscription made by the simulation, with its event callbacks (rclpy's
        default ones, incompatible QoS and type, where the program gives none)."""
        created: dict[str, Any] = {}
        hooks = event_callbacks.hooks(self._logger, lambda: created["resolved_name"])
        created = self._create_named(kind, topic, is_service=False, type=type_name(msg_type), qos_json=qos.to_json(), group=self._in_group(group), events=[h[0] for h in hooks])
        _handle_events(hooks, created, self._handle)
        return created

    def _create_named(self, kind: str, name: str, *, is_service: bool, **fields: Any) -> dict[str, Any]:
        """An entity with a topic or service name made by the simulation; a name it refuses
        raises what rclpy raises for that name (its name checks run only after a failure)."""
        try:
            with api_errors():
                return _port.create(kind, self._handle, name=name, **fields)
        except Exception:
            self._validate_topic_or_service_name(name, is_service=is_service)
            raise

    def _validate_topic_or_service_name(self, topic_or_service_name: str, *, is_service: bool = False) -> None:
        """rclpy's checks: the node's name and namespace, the name as written, then expanded."""
        validate_node_name(self._name)
        validate_namespace(self._namespace)
        validate_topic_name(topic_or_service_name, is_service=is_service)
        validate_full_topic_name(expand_topic_name(topic_or_service_name, self._name, self._namespace), is_service=is_service)

    def create_timer(
        self,
        timer_period_sec: float,
        callback: Callable[[], Any] | None,
        callback_group: CallbackGroup | None = None,
        clock: Clock | None = None,
        autostart: bool = True,
    ) -> Timer:
        period_ns = int(float(timer_period_sec) * S_TO_NS)
        group = callback_group or self._default_callback_group
        clock = self._clock if clock is None else clock
        with api_errors():
            created = _port.create("TIMER", self._handle, period_ns=period_ns, clock="ros", group=self._in_group(group), canceled=not autostart)
        timer = Timer(created["id"], callback, group, period_ns, clock, self)
        self._join_group(timer, group)

        def on_fired(run: dict[str, Any]) -> None:
            if timer.callback is not None:
                invoke(timer.callback)

        _port.on_run(timer.handle, on_fired, self._handle)
        self._timers.append(timer)
        return timer

    def create_guard_condition(self, callback: Callable[[], Any], callback_group: CallbackGroup | None = None) -> GuardCondition:
        group = callback_group or self._default_callback_group
        with api_errors():
            created = _port.create("GUARD_CONDITION", self._handle, group=self._in_group(group))
        guard = GuardCondition(created["id"], callback, group, self)
        self._join_group(guard, group)
        _port.on_run(guard.handle, lambda run: invoke(guard.callback) if guard.callback is not None else None, self._handle)
        self._guards.append(guard)
        return guard

    def add_waitable(self, waitable: Any) -> None:
        """An entity made of others (an action server or client) that the node keeps."""
        self._waitables.append(waitable)

    def remove_waitable(self, waitable: Any) -> None:
        if waitable in self._waitables:
            self._waitables.remove(waitable)

    def destroy_guard_condition(self, guard: GuardCondition) -> bool:
        return self._destroy_entity(guard, self._guards)

    def create_rate(self, frequency: float, clock: Clock | None = None) -> Rate:
        if frequency <= 0:
            raise ValueError("frequency must be > 0")
        # rclpy's rate runs a timer in a group of its own: an executor spinning the node wakes at each tick.
        if self._rate_group is None:
            self._rate_group = ReentrantCallbackGroup()
        return Rate(self.create_timer(1.0 / frequency, None, callback_group=self._rate_group, clock=clock))

    def create_service(
        self,
        srv_type: Any,
        srv_name: str,
        callback: Callable[[Any, Any], Any],
        *,
        qos_profile: QoSProfile = qos_profile_services_default,
        callback_group: CallbackGroup | None = None,
    ) -> Service:
        check_is_valid_srv_type(srv_type)
        group = callback_group or self._default_callback_group
        created = self._create_named("SERVICE", srv_name, is_service=True, type=type_name(srv_type), qos_json=qos_profile.to_json(), group=self._in_group(group))
        service = Service(created["id"], srv_type, created["resolved_name"], callback, group, qos_profile, self)
        self._join_group(service, group)
        _port.on_run(service.handle, service._on_request, self._handle)
        self._services.append(service)
        return service

    def create_client(
        self,
        srv_type: Any,
        srv_name: str,
        *,
        qos_profile: QoSProfile = qos_profile_services_default,
        callback_group: CallbackGroup | None = None,
    ) -> Client:
        check_is_valid_srv_type(srv_type)
        group = callback_group or self._default_callback_group
        created = self._create_named("CLIENT", srv_name, is_service=True, type=type_name(srv_type), qos_json=qos_profile.to_json(), group=self._in_group(group))
        client = Client(created["id"], srv_type, created["resolved_name"], group, qos_profile, self)
        self._join_group(client, group)
        _port.on_run(client.handle, client._on_response, self._handle)
        self._clients.append(client)
        return client

    # ---- destroying

    def _destroy_entity(self, entity: Any, kept: list[Any]) -> bool:
        if entity not in kept:
            return False
        kept.remove(entity)
        entity._destroyed = True
        _port.forget_runs(entity.handle)
        _port.forget_can_execute(entity.handle)
        _port.destroy(entity.handle)
        return True

    def destroy_publisher(self, publisher: Publisher) -> bool:
        return self._destroy_entity(publisher, self._publishers)

    def destroy_subscription(self, subscription: Subscription) -> bool:
        return self._destroy_entity(subscription, self._subscriptions)

    def destroy_timer(self, timer: Timer) -> bool:
        return self._destroy_entity(timer, self._timers)

    def destroy_client(self, client: Client) -> bool:
        return self._destroy_entity(client, self._clients)

    def destroy_service(self, service: Service) -> bool:
        return self._destroy_entity(service, self._services)

    def destroy_rate(self, rate: Rate) -> bool:
        destroyed = self.destroy_timer(rate._timer)
        rate.destroy()
        return destroyed

    def destroy_node(self) -> None:
        if self._destroyed:
            return
        self._destroyed = True
        if self._executor is not None:
            self._executor.remove_node(self)
        for kept in (self._publishers, self._subscriptions, self._timers, self._clients, self._services, self._guards):
            for entity in kept:
                _port.forget_runs(entity.handle)
            kept.clear()
        _port.destroy(self._handle, node=True)

    def __enter__(self) -> Node:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.destroy_node()


def _validate_node_names(node_name: str, namespace: str) -> None:
    """rclpy's checks of a node the simulation refused: its name, then its namespace as rcl
    takes it (absolute; empty is the root)."""
    validate_node_name(node_name)
    validate_namespace(namespace if namespace.startswith("/") else f"/{namespace}")


@contextmanager
def api_errors() -> Iterator[None]:
    """A request's Failed raised as the exception Python programs expect there."""
    try:
        yield
    except SimulationError as error:
        raise _api_error(error) from None


def _api_error(error: SimulationError) -> Exception:
    """The simulation's Failed as the exception Python programs expect there."""
    if error.kind == "RosArgumentsError":
        return carry_input_error(error, _ros_arguments_error(str(error)))
    kind = {"TypeError": TypeError, "RangeError": ValueError}.get(error.kind, RuntimeError)
    return carry_input_error(error, kind(str(error)))


def _ros_arguments_error(message: str) -> Exception:
    """rclpy's binding's errors for bad ROS arguments: an unknown one, by the list of those
    rcl left unparsed (the simulation stops at the first); any other, as rcl failed to parse."""
    unknown = re.fullmatch(r"unknown ROS argument '(.*)'", message)
    if unknown is not None:
        return _rclpy.UnknownROSArgsError(repr([unknown.group(1)]))
    return _rclpy.RCLInvalidROSArgsError(f"Failed to parse ROS arguments: {message}")


def _overridden(node: Node, entity_type: type, topic: str, qos: QoSProfile, options: Any) -> QoSProfile:
    """A copy of the profile with the node's QoS override parameters applied (qos_overriding_options)."""
    from rclpy.qos_overriding_options import _declare_qos_parameters

    qos = copy.copy(qos)
    _declare_qos_parameters(entity_type, node, node.resolve_topic_name(topic), qos, options)
    return qos


def _of_own_class(group: CallbackGroup) -> bool:
    """A group of the program's own class, whose code decides when its callbacks run."""
    return type(group) not in (ReentrantCallbackGroup, MutuallyExclusiveCallbackGroup)


def _handle_events(hooks: list[Any], created: dict[str, Any], node: int) -> None:
    """Each event's callback runs, with its status, when the simulation grants its handler."""
    handlers = {handler["name"]: handler["id"] for handler in created.get("events", [])}
    for name, status, callback in hooks:

        def on_event(run: dict[str, Any], status: Any = status, callback: Any = callback) -> None:
            invoke(callback, status(json.loads(run["input"])))

        _port.on_run(handlers[name], on_event, node)


def _override_json(parameter: Any) -> dict[str, Any]:
    """A parameter override as Create.options_json carries it: {name, type, value}, integers as
    the simulation's bigints and bytes as base64 (the protocol's JSON values)."""
    value = parameter.value
    kind = parameter.type_.name
    if kind == "BYTE_ARRAY":
        import base64

        value = {"$bytes": base64.b64encode(b"".join(value)).decode()}
    elif kind == "INTEGER":
        value = {"$bigint": str(value)}
    elif kind == "INTEGER_ARRAY":
        value = [{"$bigint": str(v)} for v in value]
    elif kind.endswith("_ARRAY"):
        value = list(value)
    return {"name": parameter.name, "type": parameter.type_.value, "value": value}


def _message_info(run: dict[str, Any]) -> dict[str, Any]:
    """rclpy's MessageInfo of a taken message."""
    return {
        "source_timestamp": run["source_timestamp_ns"],
        "received_timestamp": run["received_timestamp_ns"],
        "publication_sequence_number": run["publication_sequence"],
        "reception_sequence_number": run["reception_sequence"],
    }
