"""Packages by the index's ``packages`` resource: their prefix and share folder."""

from __future__ import annotations

import os
import pathlib
import re
import warnings

from .resources import get_resource, get_resources
from .search_paths import get_search_paths


class PackageNotFoundError(KeyError):
    """No prefix of AMENT_PREFIX_PATH has the package."""


def get_packages_with_prefixes() -> dict[str, str]:
    """Every package, by name, with its prefix."""
    return get_resources("packages")


def get_package_prefix(package_name: str) -> str:
    """The install prefix that has the package; ValueError for a name REP 127 does not allow."""
    if re.fullmatch("[a-zA-Z0-9][a-zA-Z0-9_-]+", package_name, re.ASCII) is None:
        raise ValueError(f"'{package_name}' is not a valid package name")
    try:
        return get_resource("packages", package_name)[1]
    except LookupError:
        raise PackageNotFoundError(f"package '{package_name}' not found, searching: {get_search_paths()}") from None


def get_package_share_directory(package_name: str, print_warning: bool = True) -> str:
    """``<prefix>/share/<package>``, warned about when it does not exist."""
    path = os.path.join(get_package_prefix(package_name), "share", package_name)
    if print_warning and not os.path.exists(path):
        warnings.warn(f"Share directory for {package_name} ({path}) does not exist.", stacklevel=2)
    return path


def get_package_share_path(package_name: str, print_warning: bool = True) -> pathlib.Path:
    """get_package_share_directory as a pathlib.Path."""
    path = pathlib.Path(get_package_share_directory(package_name, print_warning=False))
    if print_warning and not path.exists():
        warnings.warn(f"Share path for {package_name} ({path}) does not exist.", stacklevel=2)
    return path
