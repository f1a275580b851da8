"""The install prefixes the index is searched in: AMENT_PREFIX_PATH's folders that exist, in order."""

from __future__ import annotations

import os

from .constants import AMENT_PREFIX_PATH_ENV_VAR


def get_search_paths() -> list[str]:
    """The prefixes of AMENT_PREFIX_PATH that exist; EnvironmentError when it is unset or empty."""
    value = os.environ.get(AMENT_PREFIX_PATH_ENV_VAR)
    if not value:
        raise OSError(f"Environment variable '{AMENT_PREFIX_PATH_ENV_VAR}' is not set or empty")
    return [path for path in value.split(os.pathsep) if path and os.path.exists(path)]
