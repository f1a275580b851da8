"""The entities an action client or server is made of, and how it joins its node.

rcl_action makes an action from plain services, clients, publishers and subscriptions; so do we,
asking the simulation for each. They are not added to the node's own lists (rclpy's Node does
not list an action's entities either); the simulation learns they form one action (``ActionOp``)
so its graph and listings show the action and its type.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from rclpy.client import Client
from rclpy.node import api_errors
from rclpy.publisher import Publisher
from rclpy.qos import QoSProfile
from rclpy.type_support import type_name
from rclsim import _port


async def await_or_execute(callback: Callable[..., Any], *args: Any) -> Any:
    """Awaits a coroutine callback, calls a plain one (rclpy.executors.await_or_execute)."""
    if inspect.iscoroutinefunction(callback):
        return await callback(*args)
    return callback(*args)


def endpoint_names(node: Any, action_name: str) -> dict[str, str]:
    """The action protocol's services and topics under an action name (rcl_action's names).

    The name is resolved first with the node's topic rules, as rcl_action_server_init and
    rcl_action_client_init resolve it (rcl_node_resolve_name, is_service false).
    """
    base = f"{node.resolve_topic_name(action_name)}/_action"
    return {part: f"{base}/{part}" for part in ("send_goal", "cancel_goal", "get_result", "feedback", "status")}


class Parts:
    """The entities of one action client or server of ``node``, made one by one, then joined."""

    def __init__(self, node: Any) -> None:
        self.node = node
        self.ids: list[int] = []
        self.action_id: int | None = None

    def _create(self, kind: str, name: str, interface: Any, qos: QoSProfile, handler: _port.RunHandler | None) -> dict[str, Any]:
        with api_errors():
            created = _port.create(kind, self.node.handle, name=name, type=type_name(interface), qos_json=qos.to_json())
        self.ids.append(created["id"])
        if handler is not None:
            _port.on_run(created["id"], handler, self.node.handle)
        return created

    def service(self, srv_type: Any, name: str, qos: QoSProfile, handler: _port.RunHandler) -> int:
        return int(self._create("SERVICE", name, srv_type, qos, handler)["id"])

    def client(self, srv_type: Any, name: str, qos: QoSProfile, group: Any) -> Client:
        created = self._create("CLIENT", name, srv_type, qos, None)
        client = Client(created["id"], srv_type, created["resolved_name"], group, qos, self.node)
        _port.on_run(client.handle, client._on_response, self.node.handle)
        return client

    def publisher(self, msg_type: Any, name: str, qos: QoSProfile) -> Publisher:
        created = self._create("PUBLISHER", name, msg_type, qos, None)
        return Publisher(created["id"], msg_type, created["resolved_name"], qos, self.node)

    def subscription(self, msg_type: Any, name: str, qos: QoSProfile, handler: _port.RunHandler) -> int:
        return int(self._create("SUBSCRIPTION", name, msg_type, qos, handler)["id"])

    def join(self, action_type: Any) -> None:
        """Tells the simulation these entities are one action of the node."""
        with api_errors():
            self.action_id = _port.action_op_add(self.node.handle, type_name(action_type), self.ids)

    def remove(self) -> None:
        """The action leaves the graph with its entities (unless its node already went)."""
        for entity in self.ids:
            _port.forget_runs(entity)
        if self.action_id is not None and not self.node._destroyed:
            with api_errors():
                _port.action_op_remove(self.node.handle, self.action_id)
        self.action_id = None


def send_response(service: int, srv_type: Any, header: int, response: Any) -> None:
    from rclpy.type_support import serialize

    _port.send_response(service, header, serialize(srv_type.Response, response))


def publisher_count(subscription: int) -> int:
    """Publishers matched with a subscription (rcl_subscription_get_publisher_count)."""
    return int(_port.entity_op(subscription, "publisherCount"))
