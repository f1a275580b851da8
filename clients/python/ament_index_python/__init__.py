"""`ament_index_python`: the ament index (only packages' prefix and share folder so far)."""

from .packages import PackageNotFoundError, get_package_prefix, get_package_share_directory

__all__ = ['PackageNotFoundError', 'get_package_prefix', 'get_package_share_directory']
