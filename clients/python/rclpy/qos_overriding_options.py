"""rclpy.qos_overriding_options: a publisher's or subscription's QoS policies as read-only
parameters of its node (``qos_overrides.<topic>.<publisher|subscription>[_<id>].<policy>``), whose
overrides (a params file, ``-p``) change the QoS the entity is made with."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum
from typing import Any

from rcl_interfaces.msg import ParameterDescriptor, SetParametersResult
from rclpy.duration import Duration
from rclpy.exceptions import ParameterAlreadyDeclaredException
from rclpy.qos import DurabilityPolicy, HistoryPolicy, LivelinessPolicy, QoSPolicyKind, QoSProfile, ReliabilityPolicy


class InvalidQosOverridesError(Exception):
    pass


QosCallbackResult = SetParametersResult
QosCallbackType = Callable[[QoSProfile], QosCallbackResult]

# The profile attribute of each policy kind that may be overridden, and its enum if it has one.
_POLICIES: dict[QoSPolicyKind, tuple[str, type[Enum] | None]] = {
    QoSPolicyKind.DURABILITY: ("durability", DurabilityPolicy),
    QoSPolicyKind.DEADLINE: ("deadline", None),
    QoSPolicyKind.LIVELINESS: ("liveliness", LivelinessPolicy),
    QoSPolicyKind.RELIABILITY: ("reliability", ReliabilityPolicy),
    QoSPolicyKind.HISTORY: ("history", HistoryPolicy),
    QoSPolicyKind.LIFESPAN: ("lifespan", None),
    QoSPolicyKind.DEPTH: ("depth", None),
    QoSPolicyKind.LIVELINESS_LEASE_DURATION: ("liveliness_lease_duration", None),
    QoSPolicyKind.AVOID_ROS_NAMESPACE_CONVENTIONS: ("avoid_ros_namespace_conventions", None),
}


class QoSOverridingOptions:
    def __init__(self, policy_kinds: Iterable[QoSPolicyKind], *, callback: QosCallbackType | None = None, entity_id: str | None = None) -> None:
        self._policy_kinds = policy_kinds
        self._callback = callback
        self._entity_id = entity_id

    @property
    def policy_kinds(self) -> Iterable[QoSPolicyKind]:
        return self._policy_kinds

    @property
    def callback(self) -> QosCallbackType | None:
        return self._callback

    @property
    def entity_id(self) -> str | None:
        return self._entity_id

    @classmethod
    def with_default_policies(cls, *, callback: QosCallbackType | None = None, entity_id: str | None = None) -> QoSOverridingOptions:
        return cls(policy_kinds=(QoSPolicyKind.HISTORY, QoSPolicyKind.DEPTH, QoSPolicyKind.RELIABILITY), callback=callback, entity_id=entity_id)


def _declare_qos_parameters(entity_type: type, node: Any, topic_name: str, qos: QoSProfile, options: QoSOverridingOptions) -> None:
    """Declares the entity's overridable policies and applies their values to ``qos`` (an entity
    type: Publisher or Subscription; a subscription has no lifespan), then the options' check."""
    kind = entity_type.__name__.lower()
    suffix = "" if options.entity_id is None else f"_{options.entity_id}"
    for policy in options.policy_kinds:
        if policy not in _POLICIES or (kind == "subscription" and policy is QoSPolicyKind.LIFESPAN):
            continue
        attribute, enum = _POLICIES[policy]
        name = f"qos_overrides.{topic_name}.{kind}{suffix}.{attribute}"
        descriptor = ParameterDescriptor(description=f"{attribute} for {kind} `{topic_name}` with id `{options.entity_id}`", read_only=True)
        try:
            parameter = node.declare_parameter(name, _parameter_value(getattr(qos, attribute)), descriptor)
        except ParameterAlreadyDeclaredException:
            parameter = node.get_parameter(name)
        setattr(qos, attribute, _policy_value(parameter.value, enum, getattr(qos, attribute)))
    if options.callback is not None:
        result = options.callback(qos)
        if not result.successful:
            raise InvalidQosOverridesError(f"Provided QoS overrides for {kind} `{topic_name}` with id `{options.entity_id}`, are not valid: {result.reason}")


def _get_qos_policy_parameter(qos: QoSProfile, policy: QoSPolicyKind) -> Any:
    """A profile's policy as its override parameter holds it."""
    return _parameter_value(getattr(qos, _POLICIES[policy][0]))


def _parameter_value(value: Any) -> Any:
    """A policy as its parameter holds it: an enum's name in lower case, a duration's nanoseconds."""
    if isinstance(value, Enum):
        return value.name.lower()
    if isinstance(value, Duration):
        return value.nanoseconds
    return value


def _policy_value(value: Any, enum: type[Enum] | None, current: Any) -> Any:
    if enum is not None:
        return enum[str(value).upper()]
    if isinstance(current, Duration):
        return Duration(nanoseconds=value)
    return value
