"""launch_ros's tags and `$(...)` names for the XML and YAML front ends (upstream registers them
through the launch.frontend.launch_extension entry point, `launch_ros = launch_ros`)."""

from . import actions, substitutions

__all__ = ['actions', 'substitutions']
