"""rclpy.wait_for_message: the next message on a topic, waited for in sim time.

rclpy waits on a wait set of its own, so none of the node's other callbacks run meanwhile. The
simulation delivers only to a spinning node: the subscription belongs to a hidden helper node (in
the node's context and namespace) that spins alone for the wait and is destroyed after it."""

from __future__ import annotations

import itertools
from typing import Any

from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from rclpy.qos import QoSProfile
from rclpy.task import Future

_helpers = itertools.count(1)


def wait_for_message(msg_type: Any, node: Node, topic: str, *, qos_profile: QoSProfile | int = 1, time_to_wait: float = -1) -> tuple[bool, Any]:
    """(True, message), or (False, None) after time_to_wait seconds (negative: no limit) or when
    the context shuts down."""
    context = node.context
    # Resolved with the node's own name, remappings and namespace, not the helper's.
    resolved = node.resolve_topic_name(topic)
    helper = Node(f"_wait_for_message_{next(_helpers)}", context=context, namespace=node.get_namespace(), enable_rosout=False, start_parameter_services=False)
    received: Future = Future()
    executor = SingleThreadedExecutor(context=context)
    try:

        def on_message(message: Any) -> None:
            if not received.done():
                received.set_result(message)

        helper.create_subscription(msg_type, resolved, on_message, qos_profile)
        executor.add_node(helper)
        executor.spin_until_future_complete(received, timeout_sec=None if time_to_wait < 0 else time_to_wait)
    finally:
        executor.shutdown()
        helper.destroy_node()
    if received.done():
        return (True, received.result())
    return (False, None)
