"""rclpy.client.Client: requests to a service of the simulation's graph."""

from __future__ import annotations

import json
from typing import Any

from rclpy._entity import Entity
from rclpy.qos import QoSProfile
from rclpy.service_introspection import configure as configure_introspection
from rclpy.task import Future
from rclpy.type_support import deserialize, serialize
from rclsim import _port


class Client(Entity):
    def __init__(self, handle: int, srv_type: Any, srv_name: str, callback_group: Any, qos_profile: QoSProfile, node: Any) -> None:
        super().__init__(handle, node)
        self.srv_type = srv_type
        self.srv_name = srv_name
        self.callback_group = callback_group
        self.qos_profile = qos_profile
        self._sequence = 0
        self._pending: dict[int, Future] = {}

    @property
    def service_name(self) -> str:
        return self.srv_name

    def call_async(self, request: Any) -> Future:
        if not isinstance(request, self.srv_type.Request):
            raise TypeError()
        self._sequence += 1
        future = Future()
        self._pending[self._sequence] = future
        sequence = self._sequence
        future.add_done_callback(lambda done: self._forget(sequence, done))
        _port.send_request(self._handle, sequence, serialize(self.srv_type.Request, request))
        return future

    def call(self, request: Any, timeout_sec: float | None = None) -> Any:
        """Waits (in sim time) for the response: the simulation runs the program's other callbacks meanwhile."""
        from rclsim import _waits

        future = self.call_async(request)
        _waits.wait_until(future.done, timeout_sec)
        if not future.done():
            self.remove_pending_request(future)
            raise TimeoutError("The service did not respond in time")
        return future.result()

    def _forget(self, sequence: int, future: Future) -> None:
        # A cancelled future's response is dropped when it comes.
        if future.cancelled() and self._pending.pop(sequence, None) is not None:
            _port.forget_request(self._handle, sequence)

    def remove_pending_request(self, future: Future) -> None:
        for sequence, pending in list(self._pending.items()):
            if pending is future:
                del self._pending[sequence]
                _port.forget_request(self._handle, sequence)

    def _on_response(self, run: dict[str, Any]) -> None:
        future = self._pending.pop(run["sequence"], None)
        if future is None or future.done():
            return
        # The executor that takes a response completes the future (rclpy's _take_client): its done callbacks become tasks.
        future._set_executor(self._node._executor)
        future.set_result(deserialize(self.srv_type.Response, run["input"]))

    def configure_introspection(self, clock: Any, service_event_qos_profile: QoSProfile, introspection_state: Any) -> None:
        configure_introspection(self._handle, service_event_qos_profile, introspection_state)

    def service_is_ready(self) -> bool:
        return bool(json.loads(_port.graph_query("service_is_ready", [str(self._handle)])))

    def wait_for_service(self, timeout_sec: float | None = None) -> bool:
        """Waits in sim time until a server matches, or timeout_sec passes."""
        if self.service_is_ready():
            return True
        if timeout_sec is not None and timeout_sec <= 0:
            return False
        timeout_ms = -1.0 if timeout_sec is None else timeout_sec * 1000.0
        outcome: list[bool] = []
        _port.await_service_of_client(self._handle, timeout_ms, lambda run: outcome.append(bool(json.loads(run["input"]))))
        from rclsim import _waits

        _waits.block(lambda: bool(outcome))
        return outcome[0]

    def destroy(self) -> None:
        self._node.destroy_client(self)
