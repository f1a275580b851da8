"""rclpy.time_source.TimeSource: while its node's use_sim_time is true, the ROS clocks attached
to it have ROS time active and read the time of the last /clock message (sim time before one)."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from rcl_interfaces.msg import SetParametersResult

from rclpy.clock import ROSClock
from rclpy.parameter import Parameter
from rclpy.qos import QoSProfile, ReliabilityPolicy
from rclpy.time import Time

if TYPE_CHECKING:
    from rclpy.node import Node
    from rclpy.subscription import Subscription

CLOCK_TOPIC = "/clock"
USE_SIM_TIME_NAME = "use_sim_time"


class TimeSource:
    def __init__(self, *, node: Node | None = None) -> None:
        self._clock_sub: Subscription | None = None
        # Weak, as rclpy's: a node's own time source must not keep the node alive.
        self._node_weak_ref: weakref.ReferenceType[Node] | None = None
        # A list, not rclpy's set: clocks are told of a change in the order they were attached.
        self._associated_clocks: list[ROSClock] = []
        # None: no /clock message yet (rclpy's zero time; see ROSClock for why not here).
        self._last_time_set: Time | None = None
        self._ros_time_is_active = False
        if node is not None:
            self.attach_node(node)

    @property
    def ros_time_is_active(self) -> bool:
        return self._ros_time_is_active

    @ros_time_is_active.setter
    def ros_time_is_active(self, enabled: bool) -> None:
        if self._ros_time_is_active == enabled:
            return
        self._ros_time_is_active = enabled
        for clock in self._associated_clocks:
            clock._set_ros_time_is_active(enabled)
        if enabled:
            self._subscribe_to_clock_topic()
        elif self._clock_sub is not None:
            node = self._get_node()
            if node is not None:
                node.destroy_subscription(self._clock_sub)
                self._clock_sub = None

    def _subscribe_to_clock_topic(self) -> None:
        node = self._get_node()
        if self._clock_sub is None and node is not None:
            from rosgraph_msgs.msg import Clock as ClockMsg

            self._clock_sub = node.create_subscription(ClockMsg, CLOCK_TOPIC, self.clock_callback, QoSProfile(depth=1, reliability=ReliabilityPolicy.BEST_EFFORT))

    def attach_node(self, node: Node) -> None:
        from rclpy.node import Node

        if not isinstance(node, Node):
            raise TypeError("Node must be of type rclpy.node.Node")
        if self._node_weak_ref is not None:
            self.detach_node()
        self._node_weak_ref = weakref.ref(node)
        if not node.has_parameter(USE_SIM_TIME_NAME):
            node.declare_parameter(USE_SIM_TIME_NAME, False)
        use_sim_time = node.get_parameter(USE_SIM_TIME_NAME)
        if use_sim_time.type_ == Parameter.Type.BOOL:
            self.ros_time_is_active = use_sim_time.value
        elif use_sim_time.type_ != Parameter.Type.NOT_SET:
            node.get_logger().error(f"Invalid type for parameter '{USE_SIM_TIME_NAME}' {use_sim_time.type_!r} should be bool")
        else:
            node.get_logger().debug(f"'{USE_SIM_TIME_NAME}' parameter not set, using wall time by default")
        node.add_on_set_parameters_callback(self._on_parameter_event)

    def detach_node(self) -> None:
        if self._clock_sub is not None:
            node = self._get_node()
            if node is None:
                raise RuntimeError("Unable to destroy previously created clock subscription")
            node.destroy_subscription(self._clock_sub)
        self._clock_sub = None
        self._node_weak_ref = None

    def attach_clock(self, clock: ROSClock) -> None:
        if not isinstance(clock, ROSClock):
            raise ValueError("Only clocks with type ROS_TIME can be attached.")
        if self._last_time_set is not None:
            clock.set_ros_time_override(self._last_time_set)
        clock._set_ros_time_is_active(self._ros_time_is_active)
        if clock not in self._associated_clocks:
            self._associated_clocks.append(clock)

    def clock_callback(self, msg: object) -> None:
        # Kept for a clock attached later.
        time = self._last_time_set = Time.from_msg(msg.clock)  # type: ignore[attr-defined]
        for clock in self._associated_clocks:
            clock.set_ros_time_override(time)

    def _on_parameter_event(self, parameter_list: list[Parameter]) -> SetParametersResult:
        for parameter in parameter_list:
            if parameter.name != USE_SIM_TIME_NAME:
                continue
            if parameter.type_ == Parameter.Type.BOOL:
                self.ros_time_is_active = parameter.value
                break
            reason = f"{USE_SIM_TIME_NAME} parameter set to something besides a bool"
            node = self._get_node()
            if node is not None:
                node.get_logger().error(reason)
            return SetParametersResult(successful=False, reason=reason)
        return SetParametersResult(successful=True, reason="")

    def _get_node(self) -> Node | None:
        return None if self._node_weak_ref is None else self._node_weak_ref()
