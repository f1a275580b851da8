"""The `$(...)` names of launch's own substitutions (upstream: the `@expose_substitution`
classes of ros2/launch, launch/substitutions/*.py), with upstream's arguments."""

from __future__ import annotations

from typing import Any

from .expose import expose_substitution
from .positional import expose_positional

_S = 'launch.substitutions'

expose_positional('var', _S, 'LaunchConfiguration', ('variable_name', 'default'), 1)
expose_positional('env', _S, 'EnvironmentVariable', ('name', 'default_value'), 1)
expose_positional('dirname', _S, 'ThisLaunchFileDir', (), 0)
expose_positional('filename', _S, 'ThisLaunchFile', (), 0)
expose_positional('command', _S, 'Command', ('command', 'on_stderr'), 1)
expose_positional('anon', _S, 'AnonName', ('name',), 1)
expose_positional('find-exec', _S, 'FindExecutable', ('name',), 1)
expose_positional('file-content', _S, 'FileContent', ('path',), 1)
expose_positional('not', _S, 'NotSubstitution', ('value',), 1)
expose_positional('and', _S, 'AndSubstitution', ('left', 'right'), 2)
expose_positional('or', _S, 'OrSubstitution', ('left', 'right'), 2)
expose_positional('equals', _S, 'EqualsSubstitution', ('left', 'right'), 2)
expose_positional('not-equals', _S, 'NotEqualsSubstitution', ('left', 'right'), 2)
expose_positional('if', _S, 'IfElseSubstitution', ('condition', 'if_value', 'else_value'), 2)
expose_positional('log_dir', _S, 'LaunchLogDir', (), 0)
expose_positional('launch_log_dir', _S, 'LaunchLogDir', (), 0)


@expose_substitution('any')
def parse_any(args: list[Any]) -> tuple[Any, dict[str, Any]]:
    from ..substitutions import AnySubstitution

    return AnySubstitution, {'args': args}


@expose_substitution('all')
def parse_all(args: list[Any]) -> tuple[Any, dict[str, Any]]:
    from ..substitutions import AllSubstitution

    return AllSubstitution, {'args': args}


@expose_substitution('eval')
def parse_eval(args: list[Any]) -> tuple[Any, dict[str, Any]]:
    """`$(eval expression [modules])`: modules a comma-separated plain text (`math,numpy`)."""
    from ..substitutions import PythonExpression, TextSubstitution

    if not 1 <= len(args) <= 2:
        raise TypeError(f'$(eval) takes 1 to 2 arguments, got {len(args)}')
    kwargs: dict[str, Any] = {'expression': args[0]}
    if len(args) == 2:
        if not all(isinstance(part, TextSubstitution) for part in args[1]):
            raise TypeError('the modules of $(eval) must be plain text')
        text = ''.join(part.text for part in args[1])
        kwargs['python_modules'] = [module.strip() for module in text.split(',')] if text else []
    return PythonExpression, kwargs
