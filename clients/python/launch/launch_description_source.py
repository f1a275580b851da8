"""`LaunchDescriptionSource`: where a launch description comes from, loaded once, on first need."""

from typing import Any, Optional

from .launch_context import LaunchContext
from .utilities import normalize_to_list_of_substitutions, perform_substitutions


class LaunchDescriptionSource:
    """Loaded once per location: a launch file found without a context (its arguments listed) and
    then run gives the same actions, while a location that depends on a launch configuration is
    found again in the context that runs it."""

    def __init__(self, launch_description: Any = None, location: Any = '<script>', method: str = 'interpreted python launch file') -> None:
        self.__location = normalize_to_list_of_substitutions(location)
        self.__expanded_location: Optional[str] = None
        self.__method = method
        self.__given = launch_description
        self.__loaded: dict[str, Any] = {}

    @property
    def location(self) -> str:
        if self.__expanded_location is not None:
            return self.__expanded_location
        return ' + '.join(s.describe() for s in self.__location)

    @property
    def is_file(self) -> bool:
        """False for a description given as is (no file to make the current launch file)."""
        return self.__given is None

    @property
    def method(self) -> str:
        return self.__method

    def expand_location(self, context: Any) -> str:
        self.__expanded_location = perform_substitutions(context, self.__location)
        return self.__expanded_location

    def try_expand_location_without_context(self) -> Optional[str]:
        try:
            return perform_substitutions(LaunchContext(), self.__location)
        except Exception:
            return None

    def try_get_launch_description_without_context(self) -> Any:
        if self.__given is not None:
            return self.__given
        location = self.try_expand_location_without_context()
        if location is None:
            return None
        try:
            return self._load(location)
        except Exception:
            return None

    def get_launch_description(self, context: Any) -> Any:
        if self.__given is not None:
            return self.__given
        return self._load(self.expand_location(context))

    def _load(self, location: str) -> Any:
        if location not in self.__loaded:
            self.__loaded[location] = self._get_launch_description(location)
        return self.__loaded[location]

    def _get_launch_description(self, location: str) -> Any:
        raise RuntimeError('LaunchDescriptionSource.get_launch_description(): called without a launch description')
