"""rclpy.parameter_client.AsyncParameterClient: another node's parameters through its parameter
services; every request returns the Future of its service call."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from rcl_interfaces.msg import Parameter as ParameterMsg
from rcl_interfaces.msg import ParameterEvent
from rcl_interfaces.srv import (
    DescribeParameters,
    GetParameters,
    GetParameterTypes,
    ListParameters,
    SetParameters,
    SetParametersAtomically,
)

from rclpy.callback_groups import CallbackGroup
from rclpy.client import Client
from rclpy.node import Node
from rclpy.parameter import Parameter, parameter_dict_from_yaml_file
from rclpy.qos import QoSProfile, qos_profile_parameter_events, qos_profile_services_default
from rclpy.subscription import Subscription
from rclpy.task import Future


class AsyncParameterClient:
    def __init__(
        self,
        node: Node,
        remote_node_name: str,
        qos_profile: QoSProfile = qos_profile_services_default,
        callback_group: CallbackGroup | None = None,
    ) -> None:
        self.remote_node_name = remote_node_name
        self.node = node

        def client(srv_type: Any, service: str) -> Client:
            return node.create_client(srv_type, f"{remote_node_name}/{service}", qos_profile=qos_profile, callback_group=callback_group)

        # Made in rclpy's order, which is the order they appear in the graph.
        self._get_parameter_client = client(GetParameters, "get_parameters")
        self._list_parameter_client = client(ListParameters, "list_parameters")
        self._set_parameter_client = client(SetParameters, "set_parameters")
        self._get_parameter_types_client = client(GetParameterTypes, "get_parameter_types")
        self._describe_parameters_client = client(DescribeParameters, "describe_parameters")
        self._set_parameters_atomically_client = client(SetParametersAtomically, "set_parameters_atomically")

    def _clients(self) -> list[Client]:
        return [
            self._list_parameter_client,
            self._set_parameter_client,
            self._get_parameter_client,
            self._get_parameter_types_client,
            self._describe_parameters_client,
            self._set_parameters_atomically_client,
        ]

    def services_are_ready(self) -> bool:
        return all(client.service_is_ready() for client in self._clients())

    def wait_for_services(self, timeout_sec: float | None = None) -> bool:
        """Polls every 0.25 s as rclpy does (time.sleep takes sim time here), up to timeout_sec."""
        remaining = float("inf") if timeout_sec is None else timeout_sec
        while not self.services_are_ready() and remaining > 0.0:
            time.sleep(0.25)
            remaining -= 0.25
        return self.services_are_ready()

    @staticmethod
    def _call(client: Client, request: Any, callback: Callable[[Future], Any] | None) -> Future:
        future = client.call_async(request)
        if callback:
            future.add_done_callback(callback)
        return future

    def list_parameters(self, prefixes: list[str] | None = None, depth: int | None = None, callback: Callable[[Future], Any] | None = None) -> Future:
        request = ListParameters.Request()
        if prefixes:
            request.prefixes = prefixes
        if depth:
            request.depth = depth
        return self._call(self._list_parameter_client, request, callback)

    def get_parameters(self, names: list[str], callback: Callable[[Future], Any] | None = None) -> Future:
        return self._call(self._get_parameter_client, GetParameters.Request(names=names), callback)

    def set_parameters(self, parameters: Sequence[Parameter | ParameterMsg], callback: Callable[[Future], Any] | None = None) -> Future:
        return self._call(self._set_parameter_client, SetParameters.Request(parameters=_messages(parameters)), callback)

    def describe_parameters(self, names: list[str], callback: Callable[[Future], Any] | None = None) -> Future:
        return self._call(self._describe_parameters_client, DescribeParameters.Request(names=names), callback)

    def get_parameter_types(self, names: list[str], callback: Callable[[Future], Any] | None = None) -> Future:
        return self._call(self._get_parameter_types_client, GetParameterTypes.Request(names=names), callback)

    def set_parameters_atomically(self, parameters: Sequence[Parameter | ParameterMsg], callback: Callable[[Future], Any] | None = None) -> Future:
        request = SetParametersAtomically.Request(parameters=_messages(parameters))
        return self._call(self._set_parameters_atomically_client, request, callback)

    def delete_parameters(self, names: list[str], callback: Callable[[Future], Any] | None = None) -> Future:
        """Sets each to NOT_SET, which only a dynamically typed parameter accepts."""
        request = SetParameters.Request(parameters=[Parameter(name=name).to_parameter_msg() for name in names])
        return self._call(self._set_parameter_client, request, callback)

    def load_parameter_file(self, parameter_file: str, use_wildcard: bool = False, callback: Callable[[Future], Any] | None = None) -> Future:
        parameters = parameter_dict_from_yaml_file(parameter_file, use_wildcard)
        return self.set_parameters(list(parameters.values()), callback=callback)

    def load_parameter_file_atomically(self, parameter_file: str, use_wildcard: bool = False, callback: Callable[[Future], Any] | None = None) -> Future:
        parameters = parameter_dict_from_yaml_file(parameter_file, use_wildcard)
        return self.set_parameters_atomically(list(parameters.values()), callback=callback)

    def on_parameter_event(
        self,
        callback: Callable[..., Any],
        qos_profile: QoSProfile = qos_profile_parameter_events,
        *,
        callback_group: CallbackGroup | None = None,
        event_callbacks: Any = None,
        qos_overriding_options: Any = None,
        raw: bool = False,
    ) -> Subscription:
        return self.node.create_subscription(
            ParameterEvent,
            "/parameter_events",
            callback,
            qos_profile,
            callback_group=callback_group,
            event_callbacks=event_callbacks,
            qos_overriding_options=qos_overriding_options,
            raw=raw,
        )


def _messages(parameters: Sequence[Parameter | ParameterMsg]) -> list[ParameterMsg]:
    return [p.to_parameter_msg() if isinstance(p, Parameter) else p for p in parameters]
