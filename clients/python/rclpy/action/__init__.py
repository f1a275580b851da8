"""rclpy.action: action clients and servers on the ROS 2 action protocol (rclpy Jazzy's API)."""

from rclpy.action.client import ActionClient
from rclpy.action.graph import get_action_client_names_and_types_by_node, get_action_names_and_types, get_action_server_names_and_types_by_node
from rclpy.action.server import ActionServer, CancelResponse, GoalResponse

__all__ = [
    "ActionClient",
    "ActionServer",
    "CancelResponse",
    "GoalResponse",
    "get_action_client_names_and_types_by_node",
    "get_action_names_and_types",
    "get_action_server_names_and_types_by_node",
]
