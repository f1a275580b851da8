"""Resources of the index: ``<prefix>/share/ament_index/resource_index/<type>/<name>`` files."""

from __future__ import annotations

import os
from typing import Literal

from .constants import RESOURCE_INDEX_SUBFOLDER
from .search_paths import get_search_paths


class InvalidResourceTypeNameError(ValueError):
    """A resource type name holding a path separator."""


class InvalidResourceNameError(ValueError):
    """A resource name holding a path separator."""


def _check(resource_type: str, resource_name: str | None = None) -> None:
    # Types are folders and names files of the index: a separator would leave it (ament/ament_index#69).
    assert resource_type, "The resource type must not be empty"
    if "/" in resource_type or "\\" in resource_type:
        raise InvalidResourceTypeNameError(f"Resource type '{resource_type}' is invalid")
    if resource_name is not None:
        assert resource_name, "The resource name must not be empty"
        if "/" in resource_name or "\\" in resource_name:
            raise InvalidResourceNameError(f"Resource name '{resource_name}' is invalid")


def get_resource(resource_type: str, resource_name: str) -> tuple[str, str]:
    """The resource's content and the prefix it is in (the first prefix that has it); LookupError when none has."""
    _check(resource_type, resource_name)
    for prefix in get_search_paths():
        path = os.path.join(prefix, RESOURCE_INDEX_SUBFOLDER, resource_type, resource_name)
        if os.path.isfile(path):
            try:
                with open(path) as resource:
                    return resource.read(), prefix
            except OSError as error:
                raise OSError(f"Could not open the resource '{resource_name}' of type '{resource_type}':\n{error}") from error
    raise LookupError(f"Could not find the resource '{resource_name}' of type '{resource_type}'")


def get_resources(resource_type: str) -> dict[str, str]:
    """Every resource of the type, by name, with the first prefix that has it (names in sorted order)."""
    _check(resource_type)
    found: dict[str, str] = {}
    for prefix in get_search_paths():
        folder = os.path.join(prefix, RESOURCE_INDEX_SUBFOLDER, resource_type)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.startswith(".") or os.path.isdir(os.path.join(folder, name)):
                continue
            found.setdefault(name, prefix)
    return dict(sorted(found.items()))


def get_resource_types() -> set[str]:
    """The resource types any prefix has."""
    types: set[str] = set()
    for prefix in get_search_paths():
        folder = os.path.join(prefix, RESOURCE_INDEX_SUBFOLDER)
        if os.path.isdir(folder):
            types.update(name for name in os.listdir(folder) if not name.startswith(".") and os.path.isdir(os.path.join(folder, name)))
    return types


def has_resource(resource_type: str, resource_name: str) -> str | Literal[False]:
    """The first prefix that has the resource, or False."""
    _check(resource_type, resource_name)
    for prefix in get_search_paths():
        if os.path.isfile(os.path.join(prefix, RESOURCE_INDEX_SUBFOLDER, resource_type, resource_name)):
            return prefix
    return False
