"""`launch.launch_description_sources` (XML and YAML sources are `launch_xml`'s and `launch_yaml`'s)."""

from .any_launch_description_source import AnyLaunchDescriptionSource, get_launch_description_from_any_launch_file
from .frontend_launch_description_source import FrontendLaunchDescriptionSource
from .python_launch_description_source import (
    InvalidPythonLaunchFileError,
    PythonLaunchDescriptionSource,
    get_launch_description_from_python_launch_file,
    load_python_launch_file_as_module,
)

__all__ = [
    'AnyLaunchDescriptionSource',
    'FrontendLaunchDescriptionSource',
    'InvalidPythonLaunchFileError',
    'PythonLaunchDescriptionSource',
    'get_launch_description_from_any_launch_file',
    'get_launch_description_from_python_launch_file',
    'load_python_launch_file_as_module',
]
