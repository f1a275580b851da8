"""rclpy.action.server: ActionServer and ServerGoalHandle, as rclpy Jazzy behaves.

Goal, cancel and result requests come as runs of the server's three services; each is handled
as rclpy's waitable handles it (a coroutine, so async goal and cancel callbacks work). An
accepted goal executes as a task of the node's executor, after the callback under way. Goal
states follow rcl_action's state machine; the status array is published on every change.
"""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable
from enum import Enum, IntEnum
from typing import Any

from action_msgs.msg import GoalInfo, GoalStatus, GoalStatusArray

from rclpy.action._parts import Parts, await_or_execute, endpoint_names, send_response
from rclpy._rclpy_pybind11 import RCLError
from rclpy.qos import QoSProfile, qos_profile_action_status_default, qos_profile_services_default
from rclpy.task import Future, Task, invoke
from rclpy.type_support import check_for_type_support, deserialize
from rclpy.waitable import NumberOfEntities
from rclsim import _port

S_TO_NS = 1_000_000_000


class GoalResponse(Enum):
    REJECT = 1
    ACCEPT = 2


class CancelResponse(Enum):
    REJECT = 1
    ACCEPT = 2


class GoalEvent(IntEnum):
    """rcl_action's goal events (their names are what an invalid transition's error shows)."""

    EXECUTE = 0
    CANCEL_GOAL = 1
    SUCCEED = 2
    ABORT = 3
    CANCELED = 4


_STATE_NAMES = ("UNKNOWN", "ACCEPTED", "EXECUTING", "CANCELING", "SUCCEEDED", "CANCELED", "ABORTED")

# rcl_action's goal state machine: (state, event) -> new state; a pair not here is invalid.
_TRANSITIONS: dict[tuple[int, GoalEvent], int] = {
    (GoalStatus.STATUS_ACCEPTED, GoalEvent.EXECUTE): GoalStatus.STATUS_EXECUTING,
    (GoalStatus.STATUS_ACCEPTED, GoalEvent.CANCEL_GOAL): GoalStatus.STATUS_CANCELING,
    (GoalStatus.STATUS_EXECUTING, GoalEvent.CANCEL_GOAL): GoalStatus.STATUS_CANCELING,
    (GoalStatus.STATUS_EXECUTING, GoalEvent.SUCCEED): GoalStatus.STATUS_SUCCEEDED,
    (GoalStatus.STATUS_EXECUTING, GoalEvent.ABORT): GoalStatus.STATUS_ABORTED,
    (GoalStatus.STATUS_CANCELING, GoalEvent.SUCCEED): GoalStatus.STATUS_SUCCEEDED,
    (GoalStatus.STATUS_CANCELING, GoalEvent.ABORT): GoalStatus.STATUS_ABORTED,
    (GoalStatus.STATUS_CANCELING, GoalEvent.CANCELED): GoalStatus.STATUS_CANCELED,
}

_ACTIVE = (GoalStatus.STATUS_ACCEPTED, GoalStatus.STATUS_EXECUTING, GoalStatus.STATUS_CANCELING)


def _stamp_ns(stamp: Any) -> int:
    return int(stamp.sec) * S_TO_NS + int(stamp.nanosec)


class ServerGoalHandle:
    """An accepted goal of an ActionServer: the execute callback's view of it."""

    def __init__(self, action_server: ActionServer, goal_info: Any, goal_request: Any) -> None:
        self._action_server = action_server
        self._goal_info = goal_info
        self._goal_request = goal_request
        self._state: int | None = GoalStatus.STATUS_ACCEPTED  # None once destroyed

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ServerGoalHandle) and self.goal_id == other.goal_id

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = object.__hash__

    @property
    def request(self) -> Any:
        return self._goal_request

    @property
    def goal_id(self) -> Any:
        return self._goal_info.goal_id

    @property
    def is_active(self) -> bool:
        return self._state in _ACTIVE

    @property
    def is_cancel_requested(self) -> bool:
        return self.status == GoalStatus.STATUS_CANCELING

    @property
    def status(self) -> int:
        return GoalStatus.STATUS_UNKNOWN if self._state is None else self._state

    def _update_state(self, event: GoalEvent) -> None:
        if self._state is None:
            return
        new_state = _TRANSITIONS.get((self._state, event))
        if new_state is None:
            raise RCLError(f"Failed to update goal state: goal_handle attempted invalid transition from state {_STATE_NAMES[self._state]} with event {event.name}")
        self._state = new_state
        self._action_server._publish_status()
        if not self.is_active:
            self._action_server.notify_goal_done(self)

    def execute(self, execute_callback: Callable[..., Any] | None = None) -> None:
        # A goal canceled before it executes stays CANCELING: its callback still runs to handle that.
        if not self.is_cancel_requested:
            self._update_state(GoalEvent.EXECUTE)
        self._action_server.notify_execute(self, execute_callback)

    def publish_feedback(self, feedback: Any) -> None:
        action_type = self._action_server.action_type
        if not isinstance(feedback, action_type.Feedback):
            raise TypeError()
        if self._state is None:
            return
        message = action_type.Impl.FeedbackMessage()
        message.goal_id = self.goal_id
        message.feedback = feedback
        self._action_server._feedback.publish(message)

    def succeed(self) -> None:
        self._update_state(GoalEvent.SUCCEED)

    def abort(self) -> None:
        self._update_state(GoalEvent.ABORT)

    def canceled(self) -> None:
        self._update_state(GoalEvent.CANCELED)

    def destroy(self) -> None:
        self._state = None


def default_handle_accepted_callback(goal_handle: ServerGoalHandle) -> None:
    """Executes the goal at once."""
    goal_handle.execute()


def default_goal_callback(goal_request: Any) -> GoalResponse:
    """Accepts every goal."""
    return GoalResponse.ACCEPT


def default_cancel_callback(cancel_request: Any) -> CancelResponse:
    """Rejects every cancel request."""
    return CancelResponse.REJECT


class ActionServer:
    def __init__(
        self,
        node: Any,
        action_type: Any,
        action_name: str,
        execute_callback: Callable[..., Any],
        *,
        callback_group: Any = None,
        goal_callback: Callable[..., Any] = default_goal_callback,
        handle_accepted_callback: Callable[..., Any] = default_handle_accepted_callback,
        cancel_callback: Callable[..., Any] = default_cancel_callback,
        goal_service_qos_profile: QoSProfile = qos_profile_services_default,
        result_service_qos_profile: QoSProfile = qos_profile_services_default,
        cancel_service_qos_profile: QoSProfile = qos_profile_services_default,
        feedback_pub_qos_profile: QoSProfile | None = None,
        status_pub_qos_profile: QoSProfile = qos_profile_action_status_default,
        result_timeout: float = 900,
    ) -> None:
        self.callback_group = node.default_callback_group if callback_group is None else callback_group
        self.register_handle_accepted_callback(handle_accepted_callback)
        self.register_goal_callback(goal_callback)
        self.register_cancel_callback(cancel_callback)
        self.register_execute_callback(execute_callback)
        check_for_type_support(action_type)
        self._node = node
        self._action_type = action_type
        self._action_name = action_name
        self._result_timeout_ns = int(result_timeout * S_TO_NS)
        # By goal id bytes, in the order the goals were accepted (rcl_action's order).
        self._goal_handles: dict[bytes, ServerGoalHandle] = {}
        self._result_futures: dict[bytes, Future] = {}
        self._expiry_wakes: dict[bytes, int] = {}
        self._logger = node.get_logger().get_child("action_server")
        impl = action_type.Impl
        names = endpoint_names(node, action_name)
        self._parts = Parts(node)
        self._goal_service = self._parts.service(impl.SendGoalService, names["send_goal"], goal_service_qos_profile, self._on_goal_request)
        self._cancel_service = self._parts.service(impl.CancelGoalService, names["cancel_goal"], cancel_service_qos_profile, self._on_cancel_request)
        self._result_service = self._parts.service(impl.GetResultService, names["get_result"], result_service_qos_profile, self._on_result_request)
        self._feedback = self._parts.publisher(impl.FeedbackMessage, names["feedback"], feedback_pub_qos_profile or QoSProfile(depth=10))
        self._status = self._parts.publisher(impl.GoalStatusMessage, names["status"], status_pub_qos_profile)
        self._parts.join(action_type)
        self.callback_group.add_entity(self)
        node.add_waitable(self)

    @property
    def action_type(self) -> Any:
        return self._action_type

    # ---- requests (runs of the three services)

    def _on_goal_request(self, run: dict[str, Any]) -> None:
        request = deserialize(self._action_type.Impl.SendGoalService.Request, run["input"])
        invoke(self._execute_goal_request, run["request"], request)

    def _on_cancel_request(self, run: dict[str, Any]) -> None:
        request = deserialize(self._action_type.Impl.CancelGoalService.Request, run["input"])
        invoke(self._execute_cancel_request, run["request"], request)

    def _on_result_request(self, run: dict[str, Any]) -> None:
        request = deserialize(self._action_type.Impl.GetResultService.Request, run["input"])
        self._execute_get_result_request(run["request"], request)

    async def _execute_goal_request(self, header: int, goal_request: Any) -> None:
        goal_uuid = goal_request.goal_id
        goal_info = GoalInfo()
        goal_info.goal_id = goal_uuid
        key = bytes(goal_uuid.uuid)
        self._logger.debug(f"New goal request with ID: {goal_uuid.uuid}")
        accepted = False
        # rcl_action refuses an id it already holds before the goal callback sees it.
        if key not in self._goal_handles:
            response = await await_or_execute(self._goal_callback, goal_request.goal)
            if not isinstance(response, GoalResponse):
                self._logger.warning("Goal request callback did not return a GoalResponse type. Rejecting goal.")
            else:
                accepted = response == GoalResponse.ACCEPT
        if accepted:
            goal_info.stamp = self._node.get_clock().now().to_msg()
            goal_handle = ServerGoalHandle(self, goal_info, goal_request.goal)
            self._goal_handles[key] = goal_handle
            self._result_futures[key] = Future()
        response_msg = self._action_type.Impl.SendGoalService.Response()
        response_msg.accepted = accepted
        response_msg.stamp = goal_info.stamp
        send_response(self._goal_service, self._action_type.Impl.SendGoalService, header, response_msg)
        if not accepted:
            self._logger.debug(f"New goal rejected: {goal_uuid.uuid}")
            return
        self._logger.debug(f"New goal accepted: {goal_uuid.uuid}")
        await await_or_execute(self._handle_accepted_callback, goal_handle)

    async def _execute_goal(self, execute_callback: Callable[..., Any], goal_handle: ServerGoalHandle) -> None:
        goal_uuid = goal_handle.goal_id.uuid
        self._logger.debug(f"Executing goal with ID {goal_uuid}")
        try:
            execute_result = await await_or_execute(execute_callback, goal_handle)
        except Exception as ex:  # noqa: BLE001 - rclpy logs it and still answers the client
            execute_result = self._action_type.Result()
            self._logger.error(f"Error raised in execute callback: {ex}")
            traceback.print_exc()
        if goal_handle.is_active:
            self._logger.warning(f"Goal state not set, assuming aborted. Goal ID: {goal_uuid}")
            goal_handle.abort()
        self._logger.debug(f"Goal with ID {goal_uuid} finished with state {goal_handle.status}")
        result_response = self._action_type.Impl.GetResultService.Response()
        result_response.status = goal_handle.status
        result_response.result = execute_result
        future = self._result_futures.get(bytes(goal_uuid))
        if future is not None:
            future.set_result(result_response)

    async def _execute_cancel_request(self, header: int, cancel_request: Any) -> None:
        self._logger.debug(f"Cancel request received: {cancel_request}")
        cancel_response = self._process_cancel_request(cancel_request)
        # As rclpy does, removing from the list it walks (so a goal after a removed one is skipped).
        for goal_info in cancel_response.goals_canceling:
            goal_handle = self._goal_handles.get(bytes(goal_info.goal_id.uuid))
            if goal_handle is None:
                cancel_response.goals_canceling.remove(goal_info)
                continue
            response = await await_or_execute(self._cancel_callback, goal_handle)
            if response == CancelResponse.ACCEPT:
                try:
                    # The goal may have ended while the cancel callback ran.
                    goal_handle._update_state(GoalEvent.CANCEL_GOAL)
                except RCLError as ex:
                    self._logger.debug(f"Failed to cancel goal in cancel callback: {ex}")
                    cancel_response.goals_canceling.remove(goal_info)
            else:
                cancel_response.goals_canceling.remove(goal_info)
        send_response(self._cancel_service, self._action_type.Impl.CancelGoalService, header, cancel_response)

    def _process_cancel_request(self, cancel_request: Any) -> Any:
        """rcl_action_process_cancel_request: the goals a request names that can still be canceled."""
        response = self._action_type.Impl.CancelGoalService.Response()
        request_uuid = bytes(cancel_request.goal_info.goal_id.uuid)
        request_ns = _stamp_ns(cancel_request.goal_info.stamp)
        zero_uuid = request_uuid == bytes(16)
        chosen: list[ServerGoalHandle] = []
        if not zero_uuid and request_ns == 0:
            response.return_code = response.ERROR_UNKNOWN_GOAL_ID
            handle = self._goal_handles.get(request_uuid)
            if handle is not None:
                if _cancelable(handle):
                    chosen.append(handle)
                    response.return_code = response.ERROR_NONE
                else:
                    response.return_code = response.ERROR_GOAL_TERMINATED
        else:
            response.return_code = response.ERROR_NONE
            if zero_uuid and request_ns == 0:
                request_ns = 2**63 - 1
            for key, handle in self._goal_handles.items():
                if _cancelable(handle) and (_stamp_ns(handle._goal_info.stamp) <= request_ns or key == request_uuid):
                    chosen.append(handle)
        response.goals_canceling = [_copy_info(handle._goal_info) for handle in chosen]
        return response

    def _execute_get_result_request(self, header: int, result_request: Any) -> None:
        goal_uuid = result_request.goal_id.uuid
        key = bytes(goal_uuid)
        self._logger.debug(f"Result request received for goal with ID: {goal_uuid}")
        service_type = self._action_type.Impl.GetResultService
        if key not in self._goal_handles:
            self._logger.debug(f"Sending result response for unknown goal ID: {goal_uuid}")
            result_response = service_type.Response()
            result_response.status = GoalStatus.STATUS_UNKNOWN
            send_response(self._result_service, service_type, header, result_response)
            return
        # Answered when the goal's result is set (at once if it already is).
        self._result_futures[key].add_done_callback(functools.partial(self._send_result_response, header))

    def _send_result_response(self, header: int, future: Future) -> None:
        if self._parts.action_id is not None:
            send_response(self._result_service, self._action_type.Impl.GetResultService, header, future.result())

    # ---- goal bookkeeping

    def _publish_status(self) -> None:
        if self._parts.action_id is None:
            return
        message = GoalStatusArray()
        entries = []
        for handle in self._goal_handles.values():
            entry = GoalStatus()
            entry.goal_info = handle._goal_info
            entry.status = handle.status
            entries.append(entry)
        message.status_list = entries
        self._status.publish(message)

    def notify_execute(self, goal_handle: ServerGoalHandle, execute_callback: Callable[..., Any] | None) -> None:
        if execute_callback is None:
            if self._execute_callback is None:
                return
            execute_callback = self._execute_callback
        executor = self._node.executor
        if executor is not None:
            executor.create_task(self._execute_goal, execute_callback, goal_handle)
            return
        # A node no executor holds yet: the goal executes after the callback under way all the same.
        _port.task_add(Task(self._execute_goal, (execute_callback, goal_handle)))

    def notify_goal_done(self, goal_handle: ServerGoalHandle | None = None) -> None:
        """A goal reached a terminal state: its result is kept for result_timeout, then forgotten."""
        if goal_handle is None:
            return
        key = bytes(goal_handle.goal_id.uuid)
        # A weak wake-up: it alone does not keep the run going.
        now = _port.now_ns()
        self._expiry_wakes[key] = _port.await_at_ns(now + self._result_timeout_ns, lambda run: self._expire(key), weak=True)

    def _expire(self, key: bytes) -> None:
        self._expiry_wakes.pop(key, None)
        handle = self._goal_handles.pop(key, None)
        if handle is not None:
            handle.destroy()
        self._result_futures.pop(key, None)

    # ---- callbacks

    def register_handle_accepted_callback(self, handle_accepted_callback: Callable[..., Any] | None) -> None:
        self._handle_accepted_callback = default_handle_accepted_callback if handle_accepted_callback is None else handle_accepted_callback

    def register_goal_callback(self, goal_callback: Callable[..., Any] | None) -> None:
        self._goal_callback = default_goal_callback if goal_callback is None else goal_callback

    def register_cancel_callback(self, cancel_callback: Callable[..., Any] | None) -> None:
        self._cancel_callback = default_cancel_callback if cancel_callback is None else cancel_callback

    def register_execute_callback(self, execute_callback: Callable[..., Any]) -> None:
        if not callable(execute_callback):
            raise TypeError("Failed to register goal execution callback: not callable")
        self._execute_callback = execute_callback

    # ---- rclpy's Waitable surface that programs may touch

    def add_future(self, future: Future) -> None:
        pass

    def remove_future(self, future: Future) -> None:
        pass

    def get_num_entities(self) -> NumberOfEntities:
        """What rcl_action puts in a wait set for it: the three services and the timer that expires results."""
        return NumberOfEntities(num_timers=1, num_services=3)

    def destroy(self) -> None:
        for handle in self._goal_handles.values():
            handle.destroy()
        for wake in self._expiry_wakes.values():
            _port.forget_await(wake)
        self._expiry_wakes.clear()
        self._parts.remove()
        self._node.remove_waitable(self)

    def __enter__(self) -> ActionServer:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.destroy()


def _cancelable(handle: ServerGoalHandle) -> bool:
    return handle._state in (GoalStatus.STATUS_ACCEPTED, GoalStatus.STATUS_EXECUTING)


def _copy_info(goal_info: Any) -> Any:
    copied = GoalInfo()
    copied.goal_id = goal_info.goal_id
    copied.stamp = goal_info.stamp
    return copied
