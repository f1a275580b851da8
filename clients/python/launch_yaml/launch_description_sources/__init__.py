"""YAMLLaunchDescriptionSource, for IncludeLaunchDescription of a YAML launch file."""

from .yaml_launch_description_source import YAMLLaunchDescriptionSource

__all__ = ['YAMLLaunchDescriptionSource']
