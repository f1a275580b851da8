"""rclpy.service.Service: a server of the simulation's graph; its requests come as runs."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from rclpy._entity import Entity
from rclpy.qos import QoSProfile
from rclpy.service_introspection import configure as configure_introspection
from rclpy.task import Task, schedule
from rclpy.type_support import deserialize, serialize
from rclsim import _port


class Service(Entity):
    def __init__(self, handle: int, srv_type: Any, srv_name: str, callback: Callable[[Any, Any], Any], callback_group: Any, qos_profile: QoSProfile, node: Any) -> None:
        super().__init__(handle, node)
        self.srv_type = srv_type
        self.srv_name = srv_name
        self.callback = callback
        self.callback_group = callback_group
        self.qos_profile = qos_profile

    @property
    def service_name(self) -> str:
        return self.srv_name

    def _on_request(self, run: dict[str, Any]) -> None:
        request = deserialize(self.srv_type.Request, run["input"])
        header = run["request"]
        outcome = self.callback(request, self.srv_type.Response())
        if not inspect.iscoroutine(outcome):
            self.send_response(outcome, header)
            return
        # A coroutine callback answers when its task is done (it may await other services first).
        task = Task(lambda: outcome)
        task.add_done_callback(lambda done: self.send_response(done.result(), header))
        schedule(task)

    def send_response(self, response: Any, header: int) -> None:
        if not isinstance(response, self.srv_type.Response):
            raise TypeError("Expected {}, got {}".format(self.srv_type.Response, type(response)))
        _port.send_response(self._handle, header, serialize(self.srv_type.Response, response))

    def configure_introspection(self, clock: Any, service_event_qos_profile: QoSProfile, introspection_state: Any) -> None:
        configure_introspection(self._handle, service_event_qos_profile, introspection_state)

    def destroy(self) -> None:
        self._node.destroy_service(self)
