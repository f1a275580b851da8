"""The names every `${…}` expression sees, as xacro exposes them: math's names (bare and as
`math.`), a few builtins (`list dict map len str float int True False min max round`, the rest
under `python.`), and xacro's helpers under `xacro.` (`load_yaml`, `dotify`, `abs_filename`,
`arg`, `tokenize`, `message`, `warning`, `error`, `fatal`, `print_location`). `sorted`, `range`,
`load_yaml`, `abs_filename` and `dotify` also work bare, with a deprecation warning each call."""

from __future__ import annotations

import builtins
import functools
import math
import re
from types import SimpleNamespace
from typing import Any, Callable

from ._errors import XacroException
from ._location import abs_filename_spec, print_location
from ._messages import error, message, warning
from ._state import state
from ._yaml import YamlDictWrapper, load_yaml

_BARE_BUILTINS = ('list', 'dict', 'map', 'len', 'str', 'float', 'int', 'True', 'False', 'min', 'max', 'round')
_PYTHON_BUILTINS = _BARE_BUILTINS + (
    'sorted',
    'range',
    'abs',
    'all',
    'any',
    'complex',
    'divmod',
    'enumerate',
    'filter',
    'frozenset',
    'hash',
    'isinstance',
    'issubclass',
    'ord',
    'repr',
    'reversed',
    'slice',
    'set',
    'sum',
    'tuple',
    'type',
    'zip',
)


def tokenize(text: str, sep: str = ',; ', skip_empty: bool = True) -> list[str]:
    """`text` split at any of `sep`'s characters."""
    pieces = re.split(f'[{sep}]', text)
    return [piece for piece in pieces if piece] if skip_empty else pieces


def _deprecated(name: str, namespace: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def bare(*args: Any, **kwargs: Any) -> Any:
        warning(f'Using {name}() directly is deprecated. Use {namespace}.{name}() instead.')
        return function(*args, **kwargs)

    return bare


def _reporting(report: Callable[..., None], locate: bool) -> Callable[..., str]:
    """xacro.message/warning/error: their text on stderr (where it happened, for warning and error), '' in the document."""

    def call(*args: Any, **kwargs: Any) -> str:
        where = kwargs.pop('print_location', locate)
        kwargs.pop('file', None)
        report(*args, **kwargs)
        if where:
            print_location()
        return ''

    return call


def _fatal(*args: Any) -> None:
    raise XacroException(' '.join(str(arg) for arg in args))


@functools.cache
def global_symbols() -> dict[str, Any]:
    python = {name: getattr(builtins, name) for name in _PYTHON_BUILTINS}
    math_names = {name: value for name, value in vars(math).items() if not name.startswith('_')}
    helpers = {'load_yaml': load_yaml, 'abs_filename': abs_filename_spec, 'dotify': YamlDictWrapper}
    xacro = SimpleNamespace(
        **helpers,
        arg=lambda name: state.arguments[name],
        message=_reporting(message, False),
        warning=_reporting(warning, True),
        error=_reporting(error, True),
        print_location=_reporting(lambda: None, True),
        fatal=_fatal,
        tokenize=tokenize,
    )
    return {
        **math_names,
        **{name: python[name] for name in _BARE_BUILTINS},
        **{name: _deprecated(name, 'python', python[name]) for name in ('sorted', 'range')},
        **{name: _deprecated(name, 'xacro', function) for name, function in helpers.items()},
        'math': SimpleNamespace(**math_names),
        'python': SimpleNamespace(**python),
        'xacro': xacro,
    }
