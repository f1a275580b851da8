"""`AnyLaunchDescriptionSource`: a launch file of any front end, chosen by its name.

As launch/launch_description_sources/any_launch_file_utilities.py: `.py` is Python, anything
else goes to the front ends' parser (`launch.xml`, `*.launch.xml`, `.yaml`…), which names the
file it cannot load.
"""

import os
from typing import Any

from ..invalid_launch_file_error import InvalidLaunchFileError
from ..launch_description_source import LaunchDescriptionSource
from .frontend_launch_description_source import _default_parser
from .python_launch_description_source import get_launch_description_from_python_launch_file


def get_launch_description_from_any_launch_file(launch_file_path: str) -> Any:
    if not os.path.isfile(launch_file_path):
        raise InvalidLaunchFileError(f"launch file '{os.path.abspath(launch_file_path)}' does not exist")
    if launch_file_path.endswith('.py'):
        return get_launch_description_from_python_launch_file(launch_file_path)
    root_entity, parser = _default_parser().load(launch_file_path)
    return parser.parse_description(root_entity)


class AnyLaunchDescriptionSource(LaunchDescriptionSource):
    def __init__(self, launch_file_path: Any) -> None:
        super().__init__(None, launch_file_path, 'interpreted launch file')

    def _get_launch_description(self, location: str) -> Any:
        return get_launch_description_from_any_launch_file(location)
