"""`launch_ros.actions`."""

from .composable_node_container import ComposableNodeContainer
from .lifecycle_node import LifecycleNode
from .load_composable_nodes import LoadComposableNodes
from .node import Node
from .push_ros_namespace import PushRosNamespace, PushROSNamespace
from .ros_timer import RosTimer
from .set_parameter import SetParameter, SetParametersFromFile, SetUseSimTime
from .set_remap import SetRemap

__all__ = [
    'ComposableNodeContainer',
    'LifecycleNode',
    'LoadComposableNodes',
    'Node',
    'PushROSNamespace',
    'PushRosNamespace',
    'RosTimer',
    'SetParameter',
    'SetParametersFromFile',
    'SetRemap',
    'SetUseSimTime',
]
