"""tf2_geometry_msgs for Python: do_transform_* of geometry_msgs' stamped types, registered for
tf2_ros' Buffer.transform on import, as upstream."""

from tf2_geometry_msgs.tf2_geometry_msgs import *  # noqa: F403
