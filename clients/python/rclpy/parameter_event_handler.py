"""rclpy.parameter_event_handler: callbacks on /parameter_events, for every event or for one
parameter of one node. The latest added runs first, as rclpy's. No locks: a program's callbacks
run one at a time here (the simulation's order), whatever its executors' threads."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from itertools import chain
from typing import Any

from rcl_interfaces.msg import ParameterEvent

from rclpy.callback_groups import CallbackGroup
from rclpy.node import Node
from rclpy.qos import QoSProfile, qos_profile_parameter_events


class ParameterCallbackHandle:
    def __init__(self, parameter_name: str, node_name: str, callback: Callable[[Any], None]) -> None:
        self.parameter_name = parameter_name
        self.node_name = node_name
        self.callback = callback


class ParameterEventCallbackHandle:
    def __init__(self, callback: Callable[[ParameterEvent], None]) -> None:
        self.callback = callback


class _Callbacks:
    """A handler's callbacks: by (parameter, node fully qualified name), and for every event."""

    def __init__(self) -> None:
        self.parameter_callbacks: dict[tuple[str, str], list[ParameterCallbackHandle]] = defaultdict(list)
        self.event_callbacks: list[ParameterEventCallbackHandle] = []

    def event_callback(self, event: ParameterEvent) -> None:
        for (parameter_name, node_name), handles in list(self.parameter_callbacks.items()):
            parameter = ParameterEventHandler.get_parameter_from_event(event, parameter_name=parameter_name, node_name=node_name)
            if parameter is not None:
                for handle in list(handles):
                    handle.callback(parameter)
        for event_handle in list(self.event_callbacks):
            event_handle.callback(event)

    def add_parameter_callback(self, parameter_name: str, node_name: str, callback: Callable[[Any], None]) -> ParameterCallbackHandle:
        handle = ParameterCallbackHandle(parameter_name=parameter_name, node_name=node_name, callback=callback)
        self.parameter_callbacks[(parameter_name, node_name)].insert(0, handle)
        return handle

    def remove_parameter_callback(self, handle: ParameterCallbackHandle) -> None:
        key = (handle.parameter_name, handle.node_name)
        handles = self.parameter_callbacks.get(key, [])
        if handle not in handles:
            raise RuntimeError("Callback doesn't exist")
        handles.remove(handle)
        if not handles:
            del self.parameter_callbacks[key]

    def add_parameter_event_callback(self, callback: Callable[[ParameterEvent], None]) -> ParameterEventCallbackHandle:
        handle = ParameterEventCallbackHandle(callback=callback)
        self.event_callbacks.insert(0, handle)
        return handle

    def remove_parameter_event_callback(self, handle: ParameterEventCallbackHandle) -> None:
        if handle not in self.event_callbacks:
            raise RuntimeError("Callback doesn't exist")
        self.event_callbacks.remove(handle)


class ParameterEventHandler:
    def __init__(
        self,
        node: Node,
        qos_profile: QoSProfile = qos_profile_parameter_events,
        callback_group: CallbackGroup | None = None,
        event_callbacks: Any = None,
        qos_overriding_options: Any = None,
        raw: bool = False,
    ) -> None:
        self.node = node
        self.qos_profile = qos_profile
        self._callbacks = _Callbacks()
        self.parameter_event_subscription = node.create_subscription(
            ParameterEvent,
            "/parameter_events",
            self._callbacks.event_callback,
            qos_profile,
            callback_group=callback_group,
            event_callbacks=event_callbacks,
            qos_overriding_options=qos_overriding_options,
            raw=raw,
        )

    def destroy(self) -> None:
        self.node.destroy_subscription(self.parameter_event_subscription)

    @staticmethod
    def get_parameter_from_event(event: ParameterEvent, parameter_name: str, node_name: str) -> Any:
        """The rcl_interfaces Parameter of that name the event adds or changes on that node, or None."""
        if event.node == node_name:
            for parameter in chain(event.new_parameters, event.changed_parameters):
                if parameter.name == parameter_name:
                    return parameter
        return None

    @staticmethod
    def get_parameters_from_event(event: ParameterEvent) -> Iterator[Any]:
        yield from chain(event.new_parameters, event.changed_parameters)

    def add_parameter_callback(self, parameter_name: str, node_name: str, callback: Callable[[Any], None]) -> ParameterCallbackHandle:
        """`callback` gets the rcl_interfaces Parameter each time that node adds or changes it."""
        return self._callbacks.add_parameter_callback(parameter_name=parameter_name, node_name=self._resolve_path(node_name), callback=callback)

    def remove_parameter_callback(self, handle: ParameterCallbackHandle) -> None:
        self._callbacks.remove_parameter_callback(handle)

    def add_parameter_event_callback(self, callback: Callable[[ParameterEvent], None]) -> ParameterEventCallbackHandle:
        return self._callbacks.add_parameter_event_callback(callback)

    def remove_parameter_event_callback(self, handle: ParameterEventCallbackHandle) -> None:
        self._callbacks.remove_parameter_event_callback(handle)

    def _resolve_path(self, node_path: str | None = None) -> str:
        """A node's fully qualified name: this handler's node for none, a relative one in its namespace."""
        if not node_path:
            return self.node.get_fully_qualified_name()
        if node_path.startswith("/"):
            return node_path
        namespace = self.node.get_namespace().lstrip("/")
        return f"/{namespace}/{node_path}" if namespace else f"/{node_path}"
