"""rclpy.action.client: ActionClient and ClientGoalHandle, as rclpy Jazzy behaves.

Goals go out on the send_goal service, each with a random goal id (uuid.uuid4, which inside a
simulation draws from the program's seeded stream, so ids are the same on every run). Feedback
and status arrive on the two subscriptions; the goal, cancel and result responses complete the
futures the program holds.
"""

from __future__ import annotations

import time
import uuid
import weakref
from collections.abc import Callable
from typing import Any

from action_msgs.msg import GoalStatus
from action_msgs.srv import CancelGoal
from unique_identifier_msgs.msg import UUID

from rclpy.action._parts import Parts, endpoint_names, publisher_count
from rclpy.qos import QoSProfile, qos_profile_action_status_default, qos_profile_services_default
from rclpy.task import Future, invoke
from rclpy.type_support import check_for_type_support, deserialize
from rclpy.waitable import NumberOfEntities
from rclsim import _waits

_TERMINAL = (GoalStatus.STATUS_SUCCEEDED, GoalStatus.STATUS_CANCELED, GoalStatus.STATUS_ABORTED)


class ClientGoalHandle:
    """A goal the server answered: whether it was accepted, its status, its result and cancel."""

    def __init__(self, action_client: ActionClient, goal_id: Any, goal_response: Any) -> None:
        self._action_client = action_client
        self._goal_id = goal_id
        self._goal_response = goal_response
        self._status = GoalStatus.STATUS_UNKNOWN

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ClientGoalHandle) and self._goal_id == other.goal_id

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"ClientGoalHandle <id={self.goal_id.uuid}, accepted={self.accepted}, status={self.status}>"

    @property
    def goal_id(self) -> Any:
        return self._goal_id

    @property
    def stamp(self) -> Any:
        return self._goal_response.stamp

    @property
    def accepted(self) -> bool:
        return bool(self._goal_response.accepted)

    @property
    def status(self) -> int:
        return self._status

    def cancel_goal(self) -> Any:
        return self._action_client._cancel_goal(self)

    def cancel_goal_async(self) -> Future:
        return self._action_client._cancel_goal_async(self)

    def get_result(self) -> Any:
        return self._action_client._get_result(self)

    def get_result_async(self) -> Future:
        return self._action_client._get_result_async(self)


class ActionClient:
    def __init__(
        self,
        node: Any,
        action_type: Any,
        action_name: str,
        *,
        callback_group: Any = None,
        goal_service_qos_profile: QoSProfile = qos_profile_services_default,
        result_service_qos_profile: QoSProfile = qos_profile_services_default,
        cancel_service_qos_profile: QoSProfile = qos_profile_services_default,
        feedback_sub_qos_profile: QoSProfile | None = None,
        status_sub_qos_profile: QoSProfile = qos_profile_action_status_default,
    ) -> None:
        self.callback_group = node.default_callback_group if callback_group is None else callback_group
        check_for_type_support(action_type)
        self._node = node
        self._action_type = action_type
        self._action_name = action_name
        # Accepted goals by id bytes (weakly, as rclpy: a handle the program dropped gets no status).
        self._goal_handles: dict[bytes, weakref.ref[ClientGoalHandle]] = {}
        self._feedback_callbacks: dict[bytes, Callable[..., Any]] = {}
        self._logger = node.get_logger().get_child("action_client")
        impl = action_type.Impl
        names = endpoint_names(node, action_name)
        self._parts = Parts(node)
        group = self.callback_group
        self._goal_client = self._parts.client(impl.SendGoalService, names["send_goal"], goal_service_qos_profile, group)
        self._cancel_client = self._parts.client(impl.CancelGoalService, names["cancel_goal"], cancel_service_qos_profile, group)
        self._result_client = self._parts.client(impl.GetResultService, names["get_result"], result_service_qos_profile, group)
        self._feedback_sub = self._parts.subscription(impl.FeedbackMessage, names["feedback"], feedback_sub_qos_profile or QoSProfile(depth=10), self._on_feedback)
        self._status_sub = self._parts.subscription(impl.GoalStatusMessage, names["status"], status_sub_qos_profile, self._on_status)
        self._parts.join(action_type)
        group.add_entity(self)
        node.add_waitable(self)

    # ---- what arrives

    def _on_feedback(self, run: dict[str, Any]) -> None:
        feedback_msg = deserialize(self._action_type.Impl.FeedbackMessage, run["input"])
        callback = self._feedback_callbacks.get(bytes(feedback_msg.goal_id.uuid))
        if callback is not None:
            invoke(callback, feedback_msg)

    def _on_status(self, run: dict[str, Any]) -> None:
        message = deserialize(self._action_type.Impl.GoalStatusMessage, run["input"])
        for status_msg in message.status_list:
            key = bytes(status_msg.goal_info.goal_id.uuid)
            reference = self._goal_handles.get(key)
            if reference is None:
                continue
            goal_handle = reference()
            if goal_handle is None:
                del self._goal_handles[key]
                continue
            goal_handle._status = status_msg.status
            # A goal that ended gets no more status.
            if status_msg.status in _TERMINAL:
                del self._goal_handles[key]

    # ---- goals

    def _generate_random_uuid(self) -> Any:
        return UUID(uuid=list(uuid.uuid4().bytes))

    def send_goal_async(self, goal: Any, feedback_callback: Callable[..., Any] | None = None, goal_uuid: Any = None) -> Future:
        if not isinstance(goal, self._action_type.Goal):
            raise TypeError()
        request = self._action_type.Impl.SendGoalService.Request()
        request.goal_id = self._generate_random_uuid() if goal_uuid is None else goal_uuid
        request.goal = goal
        goal_id = request.goal_id
        if feedback_callback is not None:
            self._feedback_callbacks[bytes(goal_id.uuid)] = feedback_callback
        future = Future()
        response_future = self._goal_client.call_async(request)

        def answered(done: Future) -> None:
            if done.cancelled():
                future.cancel()
                return
            goal_handle = ClientGoalHandle(self, goal_id, done.result())
            if goal_handle.accepted:
                key = bytes(goal_id.uuid)
                if key in self._goal_handles:
                    raise RuntimeError(f"Two goals were accepted with the same ID ({goal_handle})")
                self._goal_handles[key] = weakref.ref(goal_handle)
            # The executor that runs the action's waitable takes its futures (executors.py 470-471): done callbacks become its tasks.
            future._set_executor(self._node._executor)
            future.set_result(goal_handle)

        # rclpy sets the goal future as the response comes (Jazzy action/client.py 302, in execute).
        response_future._complete_with(answered)
        # A goal future the program cancels drops the response when it comes.
        future.add_done_callback(lambda done: self._goal_client.remove_pending_request(response_future) if done.cancelled() else None)
        return future

    def send_goal(self, goal: Any, **kwargs: Any) -> Any:
        """Sends a goal and waits (in sim time) for its result; the other callbacks run meanwhile."""
        if not isinstance(goal, self._action_type.Goal):
            raise TypeError()
        send_goal_future = self.send_goal_async(goal, **kwargs)
        _waits.wait_until(send_goal_future.done, None)
        if send_goal_future.exception() is not None:
            raise send_goal_future.exception()  # type: ignore[misc]
        return self._get_result(send_goal_future.result())

    def _cancel_goal(self, goal_handle: ClientGoalHandle) -> Any:
        future = self._cancel_goal_async(goal_handle)
        _waits.wait_until(future.done, None)
        return future.result()

    def _cancel_goal_async(self, goal_handle: ClientGoalHandle) -> Future:
        if not isinstance(goal_handle, ClientGoalHandle):
            raise TypeError(f"Expected type ClientGoalHandle but received {type(goal_handle)}")
        cancel_request = CancelGoal.Request()
        cancel_request.goal_info.goal_id = goal_handle.goal_id
        return self._cancel_client.call_async(cancel_request)

    def _get_result(self, goal_handle: ClientGoalHandle) -> Any:
        future = self._get_result_async(goal_handle)
        _waits.wait_until(future.done, None)
        return future.result()

    def _get_result_async(self, goal_handle: ClientGoalHandle) -> Future:
        if not isinstance(goal_handle, ClientGoalHandle):
            raise TypeError(f"Expected type ClientGoalHandle but received {type(goal_handle)}")
        result_request = self._action_type.Impl.GetResultService.Request()
        result_request.goal_id = goal_handle.goal_id
        future = self._result_client.call_async(result_request)
        key = bytes(goal_handle.goal_id.uuid)
        # Once the result is in, the goal's feedback callback goes (before the program's callbacks run).
        future.add_done_callback(lambda done: self._feedback_callbacks.pop(key, None))
        return future

    # ---- the server

    def server_is_ready(self) -> bool:
        """rcl_action_server_is_available: its three services are served and its two topics published."""
        services = all(client.service_is_ready() for client in (self._goal_client, self._cancel_client, self._result_client))
        return services and publisher_count(self._feedback_sub) > 0 and publisher_count(self._status_sub) > 0

    def wait_for_server(self, timeout_sec: float | None = None) -> bool:
        # rclpy polls every 0.25 s (ros2/rclpy#58); time.sleep takes that much sim time.
        sleep_time = 0.25
        remaining = float("inf") if timeout_sec is None else timeout_sec
        while self._node.context.ok() and not self.server_is_ready() and remaining > 0.0:
            time.sleep(sleep_time)
            remaining -= sleep_time
        return self.server_is_ready()

    # ---- rclpy's Waitable surface that programs may touch

    def add_future(self, future: Future) -> None:
        pass

    def remove_future(self, future: Future) -> None:
        pass

    def get_num_entities(self) -> NumberOfEntities:
        """What rcl_action puts in a wait set for it: feedback and status subscriptions, the three service clients."""
        return NumberOfEntities(num_subs=2, num_clients=3)

    def destroy(self) -> None:
        self._parts.remove()
        self._node.remove_waitable(self)

    def __enter__(self) -> ActionClient:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.destroy()
