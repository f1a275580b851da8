"""tf2_ros for Python (geometry2's tf2_ros_py, Jazzy): Buffer, TransformListener, the two
broadcasters, and tf2_py's BufferCore and exceptions re-exported, as upstream's
``from tf2_py import *`` does (docs/tf2.md "Python")."""

from tf2_py import *  # noqa: F403
from tf2_ros.buffer_interface import *  # noqa: F403
from tf2_ros.buffer import *  # noqa: F403
from tf2_ros.transform_listener import *  # noqa: F403
from tf2_ros.transform_broadcaster import *  # noqa: F403
from tf2_ros.static_transform_broadcaster import *  # noqa: F403
