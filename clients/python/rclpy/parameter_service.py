"""rclpy.parameter_service.ParameterService: a node's parameter services (~/get_parameters, …),
served by the node's own callbacks when its executor spins, answering as rclpy answers."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rcl_interfaces.msg import ListParametersResult, SetParametersResult
from rcl_interfaces.srv import DescribeParameters, GetParameters, GetParameterTypes, ListParameters, SetParameters, SetParametersAtomically

from rclpy.exceptions import ParameterNotDeclaredException, ParameterUninitializedException
from rclpy.parameter import Parameter
from rclpy.qos import qos_profile_parameters

if TYPE_CHECKING:
    from rclpy.node import Node


class ParameterService:
    def __init__(self, node: Node) -> None:
        # Weak, as rclpy's: the node's services must not keep the node alive.
        self._node_weak_ref = weakref.ref(node)
        name = node.get_name()
        for srv_type, service, callback in (
            (DescribeParameters, "describe_parameters", self._describe_parameters_callback),
            (GetParameters, "get_parameters", self._get_parameters_callback),
            (GetParameterTypes, "get_parameter_types", self._get_parameter_types_callback),
            (ListParameters, "list_parameters", self._list_parameters_callback),
            (SetParameters, "set_parameters", self._set_parameters_callback),
            (SetParametersAtomically, "set_parameters_atomically", self._set_parameters_atomically_callback),
        ):
            node.create_service(srv_type, f"{name}/{service}", callback, qos_profile=qos_profile_parameters)

    # rclpy's answers: a name the node cannot answer for empties the whole list.

    def _describe_parameters_callback(self, request: Any, response: Any) -> Any:
        response.descriptors = _every_or_none(request.names, self._get_node().describe_parameter, ParameterNotDeclaredException)
        return response

    def _get_parameters_callback(self, request: Any, response: Any) -> Any:
        node = self._get_node()

        def value(name: str) -> Any:
            return node.get_parameter(name).get_parameter_value()

        response.values = _every_or_none(request.names, value, (ParameterNotDeclaredException, ParameterUninitializedException))
        return response

    def _get_parameter_types_callback(self, request: Any, response: Any) -> Any:
        response.types = _every_or_none(request.names, self._get_node().get_parameter_type, ParameterNotDeclaredException)
        return response

    def _list_parameters_callback(self, request: Any, response: Any) -> Any:
        try:
            response.result = self._get_node().list_parameters(list(request.prefixes), request.depth)
        except (TypeError, ValueError):
            response.result = ListParametersResult()
        return response

    def _set_parameters_callback(self, request: Any, response: Any) -> Any:
        node = self._get_node()
        for message in request.parameters:
            try:
                result = node.set_parameters_atomically([Parameter.from_parameter_msg(message)])
            except ParameterNotDeclaredException as error:
                result = SetParametersResult(successful=False, reason=str(error))
            response.results.append(result)
        return response

    def _set_parameters_atomically_callback(self, request: Any, response: Any) -> Any:
        node = self._get_node()
        try:
            response.result = node.set_parameters_atomically([Parameter.from_parameter_msg(m) for m in request.parameters])
        except ParameterNotDeclaredException as error:
            response.result = SetParametersResult(successful=False, reason=str(error))
        return response

    def _get_node(self) -> Node:
        node = self._node_weak_ref()
        if node is None:
            raise ReferenceError("Expected valid node weak reference")
        return node


def _every_or_none(names: Any, read: Callable[[str], Any], missing: type[Exception] | tuple[type[Exception], ...]) -> list[Any]:
    """What rclpy answers for a list of names: each one's, or nothing once one cannot be read."""
    values = []
    for name in names:
        try:
            values.append(read(name))
        except missing:
            return []
    return values
