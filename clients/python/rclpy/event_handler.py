"""rclpy.event_handler: QoS event callbacks of publishers and subscriptions.

The simulation decides when an event happens (a deadline missed, liveliness lost, a match, an
incompatible QoS, a message lost) and grants the callback as a run with rmw's status.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


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

    def hooks(self) -> list[EventHook]:
        """(protocol name, status class, callback) of each event a callback was given for."""
        return [(name, status, getattr(self, attribute)) for attribute, (name, status) in self._events.items() if getattr(self, attribute) is not None]


class SubscriptionEventCallbacks(_EventCallbacks):
    _events = _SUBSCRIPTION_EVENTS

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
