"""A YAML launch file to include (upstream: launch_yaml/launch_description_sources)."""

from typing import Any

from launch.launch_description_sources import FrontendLaunchDescriptionSource

from ..parser import Parser


class YAMLLaunchDescriptionSource(FrontendLaunchDescriptionSource):
    """A YAML launch file, read with the YAML front end only."""

    def __init__(self, launch_file_path: Any) -> None:
        super().__init__(launch_file_path, method='interpreted YAML launch file', parser=Parser)
