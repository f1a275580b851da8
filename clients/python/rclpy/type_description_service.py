"""rclpy.type_description_service: the read-only parameter that turns a node's
~/get_type_description service on or off. The simulation makes that service for each node (by
the same overrides), so this declares the parameter rclpy declares and serves nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rcl_interfaces.msg import ParameterDescriptor, ParameterType

if TYPE_CHECKING:
    from rclpy.node import Node

START_TYPE_DESCRIPTION_SERVICE_PARAM = "start_type_description_service"


class TypeDescriptionService:
    def __init__(self, node: Node) -> None:
        if not node.has_parameter(START_TYPE_DESCRIPTION_SERVICE_PARAM):
            descriptor = ParameterDescriptor(
                name=START_TYPE_DESCRIPTION_SERVICE_PARAM,
                type=ParameterType.PARAMETER_BOOL,
                description="If enabled, start the ~/get_type_description service.",
                read_only=True,
            )
            node.declare_parameter(START_TYPE_DESCRIPTION_SERVICE_PARAM, True, descriptor)
