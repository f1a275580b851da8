"""Packages in the ament index over AMENT_PREFIX_PATH (ament_index_python/packages.py's shape).

A package is installed in the first prefix holding `share/ament_index/resource_index/packages/<name>`.
(Written by the launch evaluator's helper until the workspace's own ament_index_python lands.)
"""

import os


class PackageNotFoundError(KeyError):
    pass


def _prefixes() -> list[str]:
    return [p for p in os.environ.get('AMENT_PREFIX_PATH', '').split(os.pathsep) if p]


def get_package_prefix(package_name: str) -> str:
    if '/' in package_name or not package_name:
        raise ValueError(f"'{package_name}' is not a valid package name")
    for prefix in _prefixes():
        if os.path.isfile(os.path.join(prefix, 'share', 'ament_index', 'resource_index', 'packages', package_name)):
            return prefix
    raise PackageNotFoundError(f"package '{package_name}' not found, searching: {_prefixes()}")


def get_package_share_directory(package_name: str, print_warning: bool = True) -> str:
    return os.path.join(get_package_prefix(package_name), 'share', package_name)
