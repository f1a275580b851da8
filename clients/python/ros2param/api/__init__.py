"""ros2param.api: the calls of ros2cli's ros2param/api (ros2/ros2cli, jazzy) that programs import
beside the `ros2 param` verbs — controller_manager's spawner sets its controllers' parameters
with call_set_parameters. Each call waits at most 5 s for the node's service, then spins the
calling node until the answer comes, as ros2cli's does."""

from __future__ import annotations

from typing import Any

from rcl_interfaces.msg import ParameterType, ParameterValue
from rcl_interfaces.srv import DescribeParameters, GetParameters, ListParameters, SetParameters

import rclpy
from rclpy.parameter import get_parameter_value as _from_string
from rclpy.parameter import parameter_value_to_python

_TYPE_NAMES = {
    ParameterType.PARAMETER_BOOL: "boolean",
    ParameterType.PARAMETER_INTEGER: "integer",
    ParameterType.PARAMETER_DOUBLE: "double",
    ParameterType.PARAMETER_STRING: "string",
    ParameterType.PARAMETER_BYTE_ARRAY: "byte array",
    ParameterType.PARAMETER_BOOL_ARRAY: "boolean array",
    ParameterType.PARAMETER_INTEGER_ARRAY: "integer array",
    ParameterType.PARAMETER_DOUBLE_ARRAY: "double array",
    ParameterType.PARAMETER_STRING_ARRAY: "string array",
    ParameterType.PARAMETER_NOT_SET: "not set",
}


def get_value(*, parameter_value: ParameterValue) -> Any:
    """The Python value a ParameterValue holds (lists for arrays), None when not set or unknown."""
    try:
        return parameter_value_to_python(parameter_value)
    except RuntimeError:
        return None


def get_parameter_value(*, string_value: str) -> ParameterValue:
    """The ParameterValue a command-line string means, read as YAML (rclpy.parameter's since Jazzy)."""
    return _from_string(string_value)


def get_parameter_type_string(parameter_type: int) -> str:
    return _TYPE_NAMES[parameter_type]


def _call(node: Any, node_name: str, srv_type: Any, service: str, request: Any) -> Any:
    client = node.create_client(srv_type, f"{node_name}/{service}")
    if not client.wait_for_service(timeout_sec=5.0):
        raise RuntimeError("Wait for service timed out")
    future = client.call_async(request)
    rclpy.spin_until_future_complete(node, future)
    response = future.result()
    if response is None:
        raise RuntimeError(f"Exception while calling service of node '{node_name}': {future.exception()}")
    return response


def call_describe_parameters(*, node: Any, node_name: str, parameter_names: list[str] | None = None) -> Any:
    return _call(node, node_name, DescribeParameters, "describe_parameters", DescribeParameters.Request(names=parameter_names or []))


def call_get_parameters(*, node: Any, node_name: str, parameter_names: list[str]) -> Any:
    return _call(node, node_name, GetParameters, "get_parameters", GetParameters.Request(names=parameter_names))


def call_set_parameters(*, node: Any, node_name: str, parameters: list[Any]) -> Any:
    return _call(node, node_name, SetParameters, "set_parameters", SetParameters.Request(parameters=parameters))


def call_list_parameters(*, node: Any, node_name: str, prefix: str | None = None) -> list[str]:
    """The node's parameter names (all of them: ros2cli's call passes no prefix on either)."""
    return list(_call(node, node_name, ListParameters, "list_parameters", ListParameters.Request()).result.names)
