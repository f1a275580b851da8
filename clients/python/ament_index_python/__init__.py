"""ament_index_python as ROS 2 Jazzy has it (ament/ament_index, ament_index_python/): the ament
resource index over the install prefixes of AMENT_PREFIX_PATH, which rclsim sets to the
workspace's install prefix (docs/workspaces.md). Written from the API's shape; listings sorted,
so a package's answers are the same on every machine."""

from .constants import AMENT_PREFIX_PATH_ENV_VAR, RESOURCE_INDEX_SUBFOLDER
from .packages import PackageNotFoundError, get_package_prefix, get_package_share_directory, get_package_share_path, get_packages_with_prefixes
from .resources import InvalidResourceNameError, InvalidResourceTypeNameError, get_resource, get_resource_types, get_resources, has_resource
from .search_paths import get_search_paths

__all__ = [
    "AMENT_PREFIX_PATH_ENV_VAR",
    "RESOURCE_INDEX_SUBFOLDER",
    "InvalidResourceNameError",
    "InvalidResourceTypeNameError",
    "PackageNotFoundError",
    "get_package_prefix",
    "get_package_share_directory",
    "get_package_share_path",
    "get_packages_with_prefixes",
    "get_resource",
    "get_resource_types",
    "get_resources",
    "get_search_paths",
    "has_resource",
]
