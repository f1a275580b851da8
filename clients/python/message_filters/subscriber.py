"""Subscriber: a subscription as the first filter of a chain (as message_filters' __init__.py)."""

from __future__ import annotations

from typing import Any

from .simple_filter import SimpleFilter


class Subscriber(SimpleFilter):
    """Takes create_subscription's arguments after the node — (node, msg_type, topic, qos_profile=10,
    other keywords) — and signals each message received."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        SimpleFilter.__init__(self)
        self.node = args[0]
        self.topic = args[2]
        kwargs.setdefault("qos_profile", 10)
        self.sub = self.node.create_subscription(*args[1:], self.callback, **kwargs)

    def callback(self, msg: Any) -> None:
        self.signalMessage(msg)

    def getTopic(self) -> str:
        return self.topic

    def __getattr__(self, key: str) -> Any:
        # The subscription's own attributes (topic_name, handle, …), as upstream serves them.
        if key == "sub":
            raise AttributeError(key)
        return self.sub.__getattribute__(key)
