"""rclsim's xacro: the XML macro language as ROS 2's xacro (2.0, Humble and Jazzy) processes it,
written for rclsim from xacro's documentation and tests (docs/xacro.md), so that robots'
description launch files run without ROS 2: `Command(['xacro ', file])`, `xacro.process_file(
file, mappings={…}).toxml()`, and the `xacro` command (clients/python/bin/xacro).

Importing it replaces minidom's `Element.writexml`, as xacro's import does (`_pretty.py`)."""

from __future__ import annotations

import sys
import types
from typing import Any

from . import cli
from ._document import parse, process_doc, process_file
from ._errors import XacroException
from ._global_symbols import tokenize
from ._literals import eval_literal, get_boolean_value
from ._location import abs_filename_spec, print_location
from ._macro_params import parse_macro_arg
from ._macros import Macro, resolve_macro
from ._main import main, process
from ._messages import error, message, warning
from ._pretty import install
from ._properties import is_valid_name
from ._safe_eval import safe_eval
from ._state import init_stacks, state
from ._table import NameSpace, Table
from ._text import eval_text
from ._walk import eval_all
from ._yaml import YamlDictWrapper, YamlListWrapper, load_yaml

install()

__all__ = [
    'Macro',
    'NameSpace',
    'Table',
    'XacroException',
    'YamlDictWrapper',
    'YamlListWrapper',
    'abs_filename_spec',
    'cli',
    'error',
    'eval_all',
    'eval_literal',
    'eval_text',
    'get_boolean_value',
    'init_stacks',
    'is_valid_name',
    'load_yaml',
    'main',
    'message',
    'parse',
    'parse_macro_arg',
    'print_location',
    'process',
    'process_doc',
    'process_file',
    'resolve_macro',
    'safe_eval',
    'tokenize',
    'warning',
]


class _Module(types.ModuleType):
    """`xacro.filestack`, `xacro.macrostack`, `xacro.all_includes` and `xacro.verbosity`: the processing state, read and set as xacro's module globals."""

    @property
    def filestack(self) -> list[str | None] | None:
        return state.files

    @filestack.setter
    def filestack(self, files: list[str | None] | None) -> None:
        state.files = files

    @property
    def macrostack(self) -> list[Any]:
        return state.macros

    @property
    def all_includes(self) -> list[str]:
        return state.dependencies

    @property
    def verbosity(self) -> int:
        return state.verbosity

    @verbosity.setter
    def verbosity(self, level: int) -> None:
        state.verbosity = level


sys.modules[__name__].__class__ = _Module
