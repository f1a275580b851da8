"""rclpy.action.graph: actions in the graph, as rcl_action finds them: by their feedback topics
(``<action>/_action/feedback`` of type ``pkg/action/Name_FeedbackMessage``)."""

from __future__ import annotations

from typing import Any

_FEEDBACK = "/_action/feedback"
_FEEDBACK_TYPE = "_FeedbackMessage"


def _actions(topics: list[tuple[str, list[str]]]) -> list[tuple[str, list[str]]]:
    found = []
    for name, types in topics:
        if name.endswith(_FEEDBACK):
            action_types = [t[: -len(_FEEDBACK_TYPE)] if t.endswith(_FEEDBACK_TYPE) else t for t in types]
            found.append((name[: -len(_FEEDBACK)], action_types))
    return found


def _by_node(node: Any, query: str, remote_node_name: str, remote_node_namespace: str) -> list[tuple[str, list[str]]]:
    return _actions([(t["name"], list(t["types"])) for t in node._graph(query, remote_node_name, remote_node_namespace)])


def get_action_client_names_and_types_by_node(node: Any, remote_node_name: str, remote_node_namespace: str) -> list[tuple[str, list[str]]]:
    """Actions a node is a client of: its subscriptions to feedback topics."""
    return _by_node(node, "getSubscriptionNamesAndTypesByNode", remote_node_name, remote_node_namespace)


def get_action_server_names_and_types_by_node(node: Any, remote_node_name: str, remote_node_namespace: str) -> list[tuple[str, list[str]]]:
    """Actions a node serves: its publishers of feedback topics."""
    return _by_node(node, "getPublisherNamesAndTypesByNode", remote_node_name, remote_node_namespace)


def get_action_names_and_types(node: Any) -> list[tuple[str, list[str]]]:
    return _actions(node.get_topic_names_and_types())
