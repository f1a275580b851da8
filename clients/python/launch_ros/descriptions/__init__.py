"""`launch_ros.descriptions`."""

from ..parameter_descriptions import Parameter, ParameterFile, ParameterValue
from .composable_node import ComposableNode

__all__ = ['ComposableNode', 'Parameter', 'ParameterFile', 'ParameterValue']
