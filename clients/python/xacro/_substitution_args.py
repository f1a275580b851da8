"""`$(…)` in a xacro text, as ROS 2's xacro resolves it: `$(arg name)`, `$(find pkg)` (the
package's share folder, by ament_index), `$(env VAR)`, `$(optenv VAR default…)`, `$(dirname)`
(the folder of the file being read), `$(cwd)` and `$(eval expression)`.

A `$(find …)` in what an argument gave is resolved too: `pkg:=$(find my_robot)/config`."""

from __future__ import annotations

import builtins
import math
import os
import re
from collections.abc import Mapping
from typing import Any, Callable

from ._errors import XacroException
from ._state import current_file, state

VALID = ['find', 'env', 'optenv', 'dirname', 'arg']


class SubstitutionException(Exception):
    pass


class ArgException(SubstitutionException):
    """An `$(arg)` that was neither given nor declared: its text is the argument's name."""


def resolve_extension(text: str) -> str:
    """`text` is one `$(…)`."""
    if text == '$(cwd)':
        return os.getcwd()
    try:
        return resolve_args(text)
    except ArgException as error:
        raise XacroException('Undefined substitution argument', exc=error) from error
    except XacroException:
        raise
    except Exception as error:
        raise XacroException(exc=error) from error


def resolve_args(text: str) -> str:
    if text.startswith('$(eval ') and text.endswith(')'):
        return _eval(text[len('$(eval ') : -1])
    resolved = _resolve(text, _COMMANDS)
    # What an argument or a variable gave may name a package: found now that it is spelled out.
    return _resolve(resolved, {'find': _COMMANDS['find']})


_EXTENSION = re.compile(r'\$\(([^$()]*)\)')


def _resolve(text: str, commands: Mapping[str, Callable[[list[str], str], str]]) -> str:
    resolved = text
    for inner in _EXTENSION.findall(text):
        words = [word for word in inner.split(' ') if word]
        if not words or words[0] not in VALID:
            raise SubstitutionException(f'Unknown substitution command [{inner}]. Valid commands are {VALID}')
        command = commands.get(words[0])
        if command is not None:
            resolved = resolved.replace(f'$({inner})', command(words[1:], inner))
    return resolved


def _arg(args: list[str], inner: str) -> str:
    if not args:
        raise SubstitutionException(f'$(arg var) must specify a variable name [{inner}]')
    if len(args) > 1:
        raise SubstitutionException(f'$(arg var) may only specify one arg [{inner}]')
    return _argument(args[0])


def _argument(name: str) -> str:
    try:
        return state.arguments[name]
    except KeyError:
        raise ArgException(name) from None


def _env(args: list[str], inner: str) -> str:
    if len(args) != 1:
        raise SubstitutionException(f'$(env var) command only accepts one argument [{inner}]')
    return _environment(args[0])


def _environment(name: str) -> str:
    try:
        return os.environ[name]
    except KeyError:
        raise SubstitutionException(f"environment variable '{name}' is not set") from None


def _optenv(args: list[str], inner: str) -> str:
    if not args:
        raise SubstitutionException(f'$(optenv var) must specify an environment variable [{inner}]')
    return _optional_environment(args[0], ' '.join(args[1:]))


def _optional_environment(name: str, default: str = '') -> str:
    return os.environ.get(name, default)


def _dirname(args: list[str], inner: str) -> str:
    return _folder()


def _folder() -> str:
    file = current_file()
    if not file:
        raise SubstitutionException('Cannot substitute $(dirname),no file/directory information available.')
    return os.path.abspath(os.path.dirname(file))


def _find(args: list[str], inner: str) -> str:
    if len(args) != 1:
        raise SubstitutionException(f'$(find pkg) accepts exactly one argument [{inner}]')
    return _package_share(args[0])


def _package_share(package: str) -> str:
    from ament_index_python.packages import get_package_share_directory

    return get_package_share_directory(package)


_COMMANDS: dict[str, Callable[[list[str], str], str]] = {'env': _env, 'optenv': _optenv, 'dirname': _dirname, 'arg': _arg, 'find': _find}


def _auto(text: str) -> Any:
    """An argument's text as `$(eval)` sees it: a number, a bool, or the text (roslaunch's 'auto')."""
    try:
        return float(text) if '.' in text else int(text)
    except ValueError:
        pass
    if text.lower() in ('true', 'false'):
        return text.lower() == 'true'
    return text


class _EvalNames(Mapping[str, Any]):
    """`$(eval)`'s names: its functions, then the arguments by name."""

    def __init__(self) -> None:
        self.__functions: dict[str, Any] = {
            **{name: value for name, value in vars(math).items() if not name.startswith('_')},
            'true': True,
            'false': False,
            'True': True,
            'False': False,
            'env': _environment,
            'optenv': _optional_environment,
            'find': _package_share,
            'arg': lambda name: _auto(_argument(name)),
            'dirname': _folder,
        }

    def __getitem__(self, key: str) -> Any:
        if key in self.__functions:
            return self.__functions[key]
        return _auto(state.arguments[key])

    def __iter__(self) -> Any:
        return iter(self.__functions)

    def __len__(self) -> int:
        return len(self.__functions)


_EVAL_BUILTINS = {name: getattr(builtins, name) for name in ('list', 'dict', 'map', 'str', 'float', 'int')}


def _eval(expression: str) -> str:
    # As roslaunch: no double underscores, so no way out to Python's internals.
    if '__' in expression:
        raise SubstitutionException('$(eval ...) may not contain double underscore expressions')
    return str(eval(expression, {'__builtins__': _EVAL_BUILTINS}, _EvalNames()))
