"""A XML launch file to include (upstream: launch_xml/launch_description_sources)."""

from typing import Any

from launch.launch_description_sources import FrontendLaunchDescriptionSource

from ..parser import Parser


class XMLLaunchDescriptionSource(FrontendLaunchDescriptionSource):
    """A XML launch file, read with the XML front end only."""

    def __init__(self, launch_file_path: Any) -> None:
        super().__init__(launch_file_path, method='interpreted XML launch file', parser=Parser)
