"""XMLLaunchDescriptionSource, for IncludeLaunchDescription of a XML launch file."""

from .xml_launch_description_source import XMLLaunchDescriptionSource

__all__ = ['XMLLaunchDescriptionSource']
