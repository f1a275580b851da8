"""`launch.substitutions`: the substitutions launch files use (names as in Jazzy)."""

from .anon_name import AnonName
from .boolean_substitution import AllSubstitution, AndSubstitution, AnySubstitution, NotSubstitution, OrSubstitution
from .command import Command, FindExecutable
from .environment_variable import EnvironmentVariable
from .equals_substitution import EqualsSubstitution, NotEqualsSubstitution
from .file_content import FileContent
from .if_else_substitution import IfElseSubstitution
from .launch_configuration import LaunchConfiguration
from .local_substitution import LocalSubstitution
from .path_join_substitution import PathJoinSubstitution
from .python_expression import PythonExpression
from .substitution_failure import SubstitutionFailure
from .text_substitution import TextSubstitution
from .this_launch_file import ThisLaunchFile, ThisLaunchFileDir

__all__ = [
    'AnonName',
    'AllSubstitution',
    'AndSubstitution',
    'AnySubstitution',
    'Command',
    'EnvironmentVariable',
    'EqualsSubstitution',
    'FileContent',
    'FindExecutable',
    'IfElseSubstitution',
    'LaunchConfiguration',
    'LocalSubstitution',
    'NotEqualsSubstitution',
    'NotSubstitution',
    'OrSubstitution',
    'PathJoinSubstitution',
    'PythonExpression',
    'SubstitutionFailure',
    'TextSubstitution',
    'ThisLaunchFile',
    'ThisLaunchFileDir',
]
