"""rclpy.event_handler: QoS event callbacks of publishers and subscriptions.

The simulation decides when an event happens (a deadline missed, liveliness lost, a match, an
incompatible QoS, a message lost) and grants the callback as a run with rmw's status.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rclpy.qos import qos_policy_name_from_kind


class UnsupportedEventTypeError(Exception):
    pass


class _Status:
    """An rmw event status: its fields as attributes (total_count, total_count_change …)."""

    _name = "status"

    def __init__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{self._name}({fields})"


def _status(name: str) -> type[_Status]:
    return type(name, (_Status,), {"_name": name})


QoSRequestedDeadlineMissedInfo = _status("QoSRequestedDeadlineMissedInfo")
QoSOfferedDeadlineMissedInfo = _status("QoSOfferedDeadlineMissedInfo")
QoSLivelinessChangedInfo = _status("QoSLivelinessChangedInfo")
QoSLivelinessLostInfo = _status("QoSLivelinessLostInfo")
QoSMessageLostInfo = _status("QoSMessageLostInfo")
QoSRequestedIncompatibleQoSInfo = _status("QoSRequestedIncompatibleQoSInfo")
QoSOfferedIncompatibleQoSInfo = QoSRequestedIncompatibleQoSInfo
QoSSubscriptionMatchedInfo = _status("QoSSubscriptionMatchedInfo")
QoSPublisherMatchedInfo = QoSSubscriptionMatchedInfo
IncompatibleTypeInfo = _status("IncompatibleTypeInfo")

# rclpy's callback names → the protocol's event names, with the status each callback gets.
_SUBSCRIPTION_EVENTS = {
    "deadline": ("deadline", QoSRequestedDeadlineMissedInfo),
    "incompatible_qos": ("incompatibleQos", QoSRequestedIncompatibleQoSInfo),
    "liveliness": ("liveliness", QoSLivelinessChangedInfo),
    "message_lost": ("messageLost", QoSMessageLostInfo),
    "incompatible_type": ("incompatibleType", IncompatibleTypeInfo),
    "matched": ("matched", QoSSubscriptionMatchedInfo),
}
_PUBLISHER_EVENTS = {
    "deadline": ("deadline", QoSOfferedDeadlineMissedInfo),
    "liveliness": ("liveliness", QoSLivelinessLostInfo),
    "incompatible_qos": ("incompatibleQos", QoSOfferedIncompatibleQoSInfo),
    "incompatible_type": ("incompatibleType", IncompatibleTypeInfo),
    "matched": ("matched", QoSPublisherMatchedInfo),
}

EventHook = tuple[str, type[_Status], Callable[[Any], Any]]


class _EventCallbacks:
    _events: dict[str, tuple[str, type[_Status]]] = {}
    # What rclpy's default callbacks log (use_default_callbacks), by the endpoint's kind.
    _incompatible_qos = ""
    use_default_callbacks = True

    def hooks(self, logger: Any, topic: Callable[[], str]) -> list[EventHook]:
        """(protocol name, status class, callback) of each event with a callback: the program's, or
        rclpy's default ones for incompatible QoS and types, which log a warning naming the topic
        (``topic()``: the endpoint's resolved name, known once the simulation made it)."""
        defaults: dict[str, Callable[[Any], None]] = {}
        if self.use_default_callbacks:

            def incompatible_qos(event: Any) -> None:
                logger.warn(self._incompatible_qos.format(topic(), qos_policy_name_from_kind(event.last_policy_kind)))

            def incompatible_type(event: Any) -> None:
                logger.warn(f"Incompatible type on topic '{topic()}', no messages will be sent to it.")

            defaults = {"incompatible_qos": incompatible_qos, "incompatible_type": incompatible_type}
        hooks = []
        for attribute, (name, status) in self._events.items():
            callback = getattr(self, attribute) or defaults.get(attribute)
            if callback is not None:
                hooks.append((name, status, callback))
        return hooks


class SubscriptionEventCallbacks(_EventCallbacks):
    _events = _SUBSCRIPTION_EVENTS
    _incompatible_qos = "New publisher discovered on topic '{}', offering incompatible QoS. No messages will be received from it. Last incompatible policy: {}"

    def __init__(
        self,
        *,
        deadline: Callable[[Any], None] | None = None,
        incompatible_qos: Callable[[Any], None] | None = None,
        liveliness: Callable[[Any], None] | None = None,
        message_lost: Callable[[Any], None] | None = None,
        use_default_callbacks: bool = True,
        incompatible_type: Callable[[Any], None] | None = None,
        matched: Callable[[Any], None] | None = None,
    ) -> None:
        self.deadline = deadline
        self.incompatible_qos = incompatible_qos
        self.liveliness = liveliness
        self.message_lost = message_lost
        self.incompatible_type = incompatible_type
        self.matched = matched
        self.use_default_callbacks = use_default_callbacks


class PublisherEventCallbacks(_EventCallbacks):
    _events = _PUBLISHER_EVENTS
    _incompatible_qos = "New subscription discovered on topic '{}', requesting incompatible QoS. No messages will be sent to it. Last incompatible policy: {}"

    def __init__(
        self,
        *,
        deadline: Callable[[Any], None] | None = None,
        liveliness: Callable[[Any], None] | None = None,
        incompatible_qos: Callable[[Any], None] | None = None,
        use_default_callbacks: bool = True,
        incompatible_type: Callable[[Any], None] | None = None,
        matched: Callable[[Any], None] | None = None,
    ) -> None:
        self.deadline = deadline
        self.liveliness = liveliness
        self.incompatible_qos = incompatible_qos
        self.incompatible_type = incompatible_type
        self.matched = matched
        self.use_default_callbacks = use_default_callbacks
