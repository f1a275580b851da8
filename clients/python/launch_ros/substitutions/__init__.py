"""`launch_ros.substitutions`."""

from .executable_in_package import ExecutableInPackage
from .find_package import FindPackage, FindPackagePrefix, FindPackageShare

__all__ = ['ExecutableInPackage', 'FindPackage', 'FindPackagePrefix', 'FindPackageShare']
