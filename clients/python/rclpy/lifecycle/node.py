"""rclpy.lifecycle.LifecycleNode: a managed node (REP 2007).

As rclpy's, the node's own on_* methods are its transition callbacks; by default each passes the
transition on to the node's managed entities (its lifecycle publishers among them). The state
machine and its services (~/change_state, ~/get_state, ~/get_available_states,
~/get_available_transitions, ~/get_transition_graph) and the ~/transition_event publisher are
rcl_lifecycle's, here kept in the program, over ordinary services and a publisher.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import lifecycle_msgs.msg
import lifecycle_msgs.srv

from rclpy.callback_groups import CallbackGroup
from rclpy._rclpy_pybind11 import RCLError
from rclpy.lifecycle._state_machine import StateMachine
from rclpy.lifecycle.managed_entity import ManagedEntity, TransitionCallbackReturn
from rclpy.lifecycle.publisher import LifecyclePublisher
from rclpy.node import Node
from rclpy.qos import QoSProfile


class LifecycleState(NamedTuple):
    label: str
    state_id: int


class LifecycleNodeMixin(ManagedEntity):
    """The lifecycle part of a LifecycleNode; used together with Node, whose attributes it uses."""

    def __init__(self, *, enable_communication_interface: bool = True, callback_group: CallbackGroup | None = None) -> None:
        State = lifecycle_msgs.msg.State
        # The transition state in which each callback runs.
        self._transition_callbacks: dict[int, Callable[[LifecycleState], TransitionCallbackReturn]] = {
            State.TRANSITION_STATE_CONFIGURING: self.on_configure,
            State.TRANSITION_STATE_CLEANINGUP: self.on_cleanup,
            State.TRANSITION_STATE_SHUTTINGDOWN: self.on_shutdown,
            State.TRANSITION_STATE_ACTIVATING: self.on_activate,
            State.TRANSITION_STATE_DEACTIVATING: self.on_deactivate,
            State.TRANSITION_STATE_ERRORPROCESSING: self.on_error,
        }
        # rclpy keeps a set; a dict keeps the same members in the order they came, so that their
        # callbacks run in the same order on every run (a set of objects orders them by address).
        self._managed_entities: dict[ManagedEntity, None] = {}
        group = self.default_callback_group if callback_group is None else callback_group
        node: Any = self
        if not enable_communication_interface:
            self._state_machine = StateMachine(None)
            return
        # rcl_lifecycle's publisher, made with rcl's default publisher options (keep last 10,
        # reliable); rclpy does not list it among the node's publishers.
        events = Node.create_publisher(node, lifecycle_msgs.msg.TransitionEvent, "~/transition_event", QoSProfile(depth=10))
        node._publishers.remove(events)
        self._transition_event_publisher = events
        self._state_machine = StateMachine(lambda start, goal: events.publish(_transition_event(start, goal)))
        srv = lifecycle_msgs.srv
        for srv_type, name, callback in (
            (srv.ChangeState, "~/change_state", self._on_change_state),
            (srv.GetState, "~/get_state", self._on_get_state),
            (srv.GetAvailableStates, "~/get_available_states", self._on_get_available_states),
            (srv.GetAvailableTransitions, "~/get_available_transitions", self._on_get_available_transitions),
            (srv.GetAvailableTransitions, "~/get_transition_graph", self._on_get_transition_graph),
        ):
            Node.create_service(node, srv_type, name, callback, callback_group=group)

    # ---- asking for transitions (as a client of ~/change_state would)

    def trigger_configure(self) -> TransitionCallbackReturn:
        return self._change_state(lifecycle_msgs.msg.Transition.TRANSITION_CONFIGURE)

    def trigger_cleanup(self) -> TransitionCallbackReturn:
        return self._change_state(lifecycle_msgs.msg.Transition.TRANSITION_CLEANUP)

    def trigger_shutdown(self) -> TransitionCallbackReturn:
        Transition = lifecycle_msgs.msg.Transition
        shutdowns = {
            "unconfigured": Transition.TRANSITION_UNCONFIGURED_SHUTDOWN,
            "inactive": Transition.TRANSITION_INACTIVE_SHUTDOWN,
            "active": Transition.TRANSITION_ACTIVE_SHUTDOWN,
        }
        label = self._state_machine.current_state[1]
        if label not in shutdowns:
            raise RCLError("Shutdown transtion not possible")
        return self._change_state(shutdowns[label])

    def trigger_activate(self) -> TransitionCallbackReturn:
        return self._change_state(lifecycle_msgs.msg.Transition.TRANSITION_ACTIVATE)

    def trigger_deactivate(self) -> TransitionCallbackReturn:
        return self._change_state(lifecycle_msgs.msg.Transition.TRANSITION_DEACTIVATE)

    # ---- managed entities

    def add_managed_entity(self, entity: ManagedEntity) -> None:
        if not isinstance(entity, ManagedEntity):
            raise TypeError("Expected a rclpy.lifecycle.ManagedEntity instance.")
        self._managed_entities[entity] = None

    def _pass_on(self, callback_name: str, state: LifecycleState) -> TransitionCallbackReturn:
        """Each managed entity's callback in turn, up to the first that does not succeed."""
        for entity in list(self._managed_entities):
            returned = getattr(entity, callback_name)(state)
            if not isinstance(returned, TransitionCallbackReturn):
                raise TypeError(
                    f"{callback_name}() return value of class {type(entity)} should be `TransitionCallbackReturn`.\n"
                    f"Instance of the class that caused the failure: {entity}"
                )
            if returned != TransitionCallbackReturn.SUCCESS:
                return returned
        return TransitionCallbackReturn.SUCCESS

    # The default callbacks; a node that overrides one calls super() to keep passing it on.
    def on_configure(self, state: LifecycleState) -> TransitionCallbackReturn:
        return self._pass_on("on_configure", state)

    def on_cleanup(self, state: LifecycleState) -> TransitionCallbackReturn:
        return self._pass_on("on_cleanup", state)

    def on_shutdown(self, state: LifecycleState) -> TransitionCallbackReturn:
        return self._pass_on("on_shutdown", state)

    def on_activate(self, state: LifecycleState) -> TransitionCallbackReturn:
        return self._pass_on("on_activate", state)

    def on_deactivate(self, state: LifecycleState) -> TransitionCallbackReturn:
        return self._pass_on("on_deactivate", state)

    def on_error(self, state: LifecycleState) -> TransitionCallbackReturn:
        return self._pass_on("on_error", state)

    def create_lifecycle_publisher(self, *args: Any, **kwargs: Any) -> LifecyclePublisher:
        if "publisher_class" in kwargs:
            raise TypeError("create_publisher() got an unexpected keyword argument 'publisher_class'")
        publisher: LifecyclePublisher = Node.create_publisher(self, *args, **kwargs, publisher_class=LifecyclePublisher)  # type: ignore[arg-type, assignment]
        self._managed_entities[publisher] = None
        return publisher

    def destroy_lifecycle_publisher(self, publisher: LifecyclePublisher) -> bool:
        self._managed_entities.pop(publisher, None)
        return Node.destroy_publisher(self, publisher)  # type: ignore[arg-type]

    # ---- a transition

    def _run_callback(self, state_id: int, previous: LifecycleState) -> TransitionCallbackReturn:
        callback = self._transition_callbacks.get(state_id)
        if callback is None:
            return TransitionCallbackReturn.SUCCESS
        try:
            return callback(previous)
        except Exception:
            # As rclpy: an exception is the ERROR return code, and is not logged.
            return TransitionCallbackReturn.ERROR

    def _change_state(self, transition_id: int) -> TransitionCallbackReturn:
        machine = self._state_machine
        state_id, label = machine.current_state
        initial = LifecycleState(label=label, state_id=state_id)
        machine.trigger_transition_by_id(transition_id, True)
        returned = self._run_callback(machine.current_state[0], initial)
        machine.trigger_transition_by_label(returned.to_label(), True)
        if returned == TransitionCallbackReturn.ERROR:
            # In errorprocessing now: on_error decides between unconfigured and finalized.
            recovered = self._run_callback(machine.current_state[0], initial)
            machine.trigger_transition_by_label(recovered.to_label(), True)
        return returned

    # ---- the services

    def _on_change_state(self, request: Any, response: Any) -> Any:
        transition_id = request.transition.id
        if request.transition.label:
            try:
                transition_id = self._state_machine.get_transition_by_label(request.transition.label)
            except RCLError:
                response.success = False
                return response
        response.success = self._change_state(transition_id) == TransitionCallbackReturn.SUCCESS
        return response

    def _on_get_state(self, request: Any, response: Any) -> Any:
        response.current_state.id, response.current_state.label = self._state_machine.current_state
        return response

    def _on_get_available_states(self, request: Any, response: Any) -> Any:
        response.available_states = [lifecycle_msgs.msg.State(id=i, label=label) for i, label in self._state_machine.available_states]
        return response

    def _on_get_available_transitions(self, request: Any, response: Any) -> Any:
        response.available_transitions = [_description(d) for d in self._state_machine.available_transitions]
        return response

    def _on_get_transition_graph(self, request: Any, response: Any) -> Any:
        response.available_transitions = [_description(d) for d in self._state_machine.transition_graph]
        return response


class LifecycleNode(LifecycleNodeMixin, Node):
    """A ROS 2 managed node: Node with the methods of LifecycleNodeMixin."""

    def __init__(self, node_name: str, *, enable_communication_interface: bool = True, **kwargs: Any) -> None:
        Node.__init__(self, node_name, **kwargs)
        LifecycleNodeMixin.__init__(self, enable_communication_interface=enable_communication_interface)


def _transition_event(start: tuple[int, str], goal: tuple[int, str]) -> Any:
    """rcl_lifecycle's notification: it fills only the two states (timestamp and transition stay 0)."""
    msg = lifecycle_msgs.msg
    return msg.TransitionEvent(start_state=msg.State(id=start[0], label=start[1]), goal_state=msg.State(id=goal[0], label=goal[1]))


def _description(d: tuple[int, str, int, str, int, str]) -> Any:
    msg = lifecycle_msgs.msg
    return msg.TransitionDescription(
        transition=msg.Transition(id=d[0], label=d[1]),
        start_state=msg.State(id=d[2], label=d[3]),
        goal_state=msg.State(id=d[4], label=d[5]),
    )
