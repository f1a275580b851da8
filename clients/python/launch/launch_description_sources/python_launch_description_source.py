"""`PythonLaunchDescriptionSource`: a Python launch file's `generate_launch_description()`.

As launch/launch_description_sources/python_launch_file_utilities.py: the file is loaded as a
module of its own (so `__file__` is the file) and its function called.
"""

import importlib.util
import os
from typing import Any

from ..invalid_launch_file_error import InvalidLaunchFileError
from ..launch_description_source import LaunchDescriptionSource


class InvalidPythonLaunchFileError(InvalidLaunchFileError):
    pass


def load_python_launch_file_as_module(python_launch_file_path: str) -> Any:
    path = os.path.abspath(python_launch_file_path)
    if not os.path.isfile(path):
        raise InvalidPythonLaunchFileError(f"launch file '{path}' does not exist")
    spec = importlib.util.spec_from_file_location(os.path.basename(path).split('.')[0], path)
    if spec is None or spec.loader is None:
        raise InvalidPythonLaunchFileError(f"launch file '{path}' cannot be loaded as Python")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def get_launch_description_from_python_launch_file(python_launch_file_path: str) -> Any:
    module = load_python_launch_file_as_module(python_launch_file_path)
    if not hasattr(module, 'generate_launch_description'):
        raise InvalidPythonLaunchFileError(f"launch file at '{python_launch_file_path}' does not contain the required function 'generate_launch_description()'")
    description = module.generate_launch_description()
    from ..launch_description import LaunchDescription

    if not isinstance(description, LaunchDescription):
        raise InvalidPythonLaunchFileError(f"launch file at '{python_launch_file_path}': generate_launch_description() returned a {type(description).__name__}, not a LaunchDescription")
    return description


class PythonLaunchDescriptionSource(LaunchDescriptionSource):
    def __init__(self, launch_file_path: Any) -> None:
        super().__init__(None, launch_file_path, 'interpreted python launch file')

    def _get_launch_description(self, location: str) -> Any:
        return get_launch_description_from_python_launch_file(location)
