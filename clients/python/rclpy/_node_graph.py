"""The graph half of rclpy's Node: names, types, counts and endpoints the simulation's graph
answers (rclnodejs's graph queries, by their method names), with rclpy's name checks first."""

from __future__ import annotations

import json
from typing import Any

from rclpy._name_rules import namespace_problem, node_name_problem
from rclpy._rclpy_pybind11 import NodeNameNonExistentError, RCLError
from rclpy.duration import Duration
from rclpy.expand_topic_name import expand_topic_name
from rclpy.topic_endpoint_info import TopicEndpointInfo
from rclpy.validate_full_topic_name import validate_full_topic_name
from rclsim import _json, _port, _waits

S_TO_NS = 1_000_000_000
NamesAndTypes = list[tuple[str, list[str]]]
# rmw's validation results (1, 2, …) by the start of their messages, for rcl's "…, result: N".
_NAMESPACE_RESULTS = ("namespace must not be empty", "namespace must be absolute", "namespace must not end", "namespace must not contain characters", "namespace must not contain repeated", "namespace must not have a token", "namespace should not exceed")
_NODE_NAME_RESULTS = ("node name must not be empty", "node name must not contain", "node name must not start", "node name length")
# The fields of an endpoint's QoS that rmw reports as durations.
_DURATIONS = ("lifespan", "deadline", "liveliness_lease_duration")


class NodeGraph:
    _handle: int
    _name: str
    _namespace: str
    _context: Any

    def _graph(self, method: str, *args: Any) -> Any:
        from rclpy.node import api_errors

        with api_errors():
            answer = _port.graph_query(method, [str(self._handle), *(json.dumps(a) for a in args)])
        return _json.loads(answer)

    def _names_and_types(self, method: str, *args: Any) -> NamesAndTypes:
        return [(t["name"], list(t["types"])) for t in self._graph(method, *args)]

    def _expanded(self, name: str, *, is_service: bool) -> str:
        """A name as rclpy counts by it: expanded with this node's name and namespace, then checked."""
        full = expand_topic_name(name, self._name, self._namespace)
        validate_full_topic_name(full, is_service=is_service)
        return full

    # ---- nodes

    def get_node_names(self) -> list[str]:
        return list(self._graph("getNodeNames"))

    def get_node_names_and_namespaces(self) -> list[tuple[str, str]]:
        return [(n["name"], n["namespace"]) for n in self._graph("getNodeNamesAndNamespaces")]

    def get_node_names_and_namespaces_with_enclaves(self) -> list[tuple[str, str, str]]:
        return [(n["name"], n["namespace"], n["enclave"]) for n in self._graph("getNodeNamesAndNamespacesWithEnclaves")]

    def get_fully_qualified_node_names(self) -> list[str]:
        return [ns + ("" if ns.endswith("/") else "/") + name for name, ns in self.get_node_names_and_namespaces()]

    def wait_for_node(self, fully_qualified_node_name: str, timeout: float) -> bool:
        """Waits (in sim time, looking every 0.1 s) until a node of that name is in the graph."""
        name = fully_qualified_node_name if fully_qualified_node_name.startswith("/") else f"/{fully_qualified_node_name}"
        deadline = _port.now_ns() + int(timeout * S_TO_NS)
        while True:
            if name in self.get_fully_qualified_node_names():
                return True
            if _port.now_ns() >= deadline or not self._context.ok():
                return False
            _waits.sleep_ns(min(S_TO_NS // 10, deadline - _port.now_ns()))

    # ---- names and types

    def get_topic_names_and_types(self, no_demangle: bool = False) -> NamesAndTypes:
        return self._names_and_types("getTopicNamesAndTypes")

    def get_service_names_and_types(self) -> NamesAndTypes:
        return self._names_and_types("getServiceNamesAndTypes")

    def get_publisher_names_and_types_by_node(self, node_name: str, node_namespace: str, no_demangle: bool = False) -> NamesAndTypes:
        return self._by_node("publisher", "getPublisherNamesAndTypesByNode", node_name, node_namespace)

    def get_subscriber_names_and_types_by_node(self, node_name: str, node_namespace: str, no_demangle: bool = False) -> NamesAndTypes:
        return self._by_node("subscriber", "getSubscriptionNamesAndTypesByNode", node_name, node_namespace)

    def get_service_names_and_types_by_node(self, node_name: str, node_namespace: str) -> NamesAndTypes:
        return self._by_node("service", "getServiceNamesAndTypesByNode", node_name, node_namespace)

    def get_client_names_and_types_by_node(self, node_name: str, node_namespace: str) -> NamesAndTypes:
        return self._by_node("client", "getClientNamesAndTypesByNode", node_name, node_namespace)

    def _by_node(self, kind: str, method: str, node_name: str, node_namespace: str) -> NamesAndTypes:
        """As rcl and rmw answer: the namespace ('' is '/') and name checked, then the node looked
        for; rmw sets no error message for a missing node, so rcl's reads 'error not set'."""
        namespace = node_namespace or "/"
        for problem, codes in ((namespace_problem(namespace), _NAMESPACE_RESULTS), (node_name_problem(node_name), _NODE_NAME_RESULTS)):
            if problem is not None:
                code = next(i for i, start in enumerate(codes, 1) if problem[0].startswith(start))
                raise RCLError(f"failed to get {kind} names and types: {problem[0]}, result: {code}")
        if (node_name, namespace) not in self.get_node_names_and_namespaces():
            raise NodeNameNonExistentError(f"cannot get {kind} names and types for nonexistent node: error not set")
        return self._names_and_types(method, node_name, namespace)

    # ---- counts

    def count_publishers(self, topic_name: str) -> int:
        return int(self._graph("countPublishers", self._expanded(topic_name, is_service=False)))

    def count_subscribers(self, topic_name: str) -> int:
        return int(self._graph("countSubscribers", self._expanded(topic_name, is_service=False)))

    def count_clients(self, service_name: str) -> int:
        return int(self._graph("countClients", self._expanded(service_name, is_service=True)))

    def count_services(self, service_name: str) -> int:
        return int(self._graph("countServices", self._expanded(service_name, is_service=True)))

    # ---- endpoints

    def get_publishers_info_by_topic(self, topic_name: str, no_mangle: bool = False) -> list[TopicEndpointInfo]:
        return self._info_by_topic("getPublishersInfoByTopic", topic_name, no_mangle)

    def get_subscriptions_info_by_topic(self, topic_name: str, no_mangle: bool = False) -> list[TopicEndpointInfo]:
        return self._info_by_topic("getSubscriptionsInfoByTopic", topic_name, no_mangle)

    def _info_by_topic(self, method: str, topic_name: str, no_mangle: bool) -> list[TopicEndpointInfo]:
        """As rclpy: a middleware name taken as it is, else a ROS name expanded, checked (and the
        simulation remaps it)."""
        name = topic_name if no_mangle else self._expanded(topic_name, is_service=False)
        return [_endpoint_info(info) for info in self._graph(method, name, no_mangle)]


def _endpoint_info(info: dict[str, Any]) -> TopicEndpointInfo:
    """The simulation's endpoint (rmw's fields) with its durations as rclpy's Durations."""
    qos = dict(info["qos_profile"])
    for field in _DURATIONS:
        qos[field] = Duration(seconds=qos[field]["seconds"], nanoseconds=qos[field]["nanoseconds"])
    return TopicEndpointInfo(**{**info, "qos_profile": qos})
