"""`ThisLaunchFile` and `ThisLaunchFileDir`: the launch file being evaluated, and its folder."""

from typing import Any

from ..substitution import Substitution
from .substitution_failure import SubstitutionFailure


def _local(context: Any, key: str, what: str) -> str:
    values = context.get_locals_as_dict()
    if key not in values:
        raise SubstitutionFailure(f'{what} used outside of a launch file (in a script)')
    return values[key]


class ThisLaunchFile(Substitution):
    def describe(self) -> str:
        return 'ThisLaunchFile()'

    def perform(self, context: Any) -> str:
        return _local(context, 'current_launch_file_path', 'ThisLaunchFile')


class ThisLaunchFileDir(Substitution):
    def describe(self) -> str:
        return 'ThisLaunchFileDir()'

    def perform(self, context: Any) -> str:
        return _local(context, 'current_launch_file_directory', 'ThisLaunchFileDir')
