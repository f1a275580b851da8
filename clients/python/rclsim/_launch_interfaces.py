"""Interface packages while a launch file is evaluated: their constants, read from the definitions.

Launch files name transitions and states by constant (`lifecycle_msgs.msg.Transition.
TRANSITION_CONFIGURE`). No simulation runs during the evaluation, so the interface modules of a
program (`_interfaces.py`, made over the node port) are not there; this finder gives each type
its constants, read from the same definition files the simulation uses (rclsim's `interfaces/`,
ROS 2 Jazzy's common ones, the workspace's `share/<pkg>/msg|srv|action`). Making a message
while evaluating is refused with one line.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import sys
import types
from typing import Any

KINDS = ('msg', 'srv', 'action')
_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
_INTEGERS = {'byte', 'char', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64'}


def _common_definitions() -> str:
    """ROS 2 Jazzy's common definitions, where Node would resolve the package from rclsim (node_modules up the tree)."""
    folder = _REPO
    while True:
        candidate = os.path.join(folder, 'node_modules/@foxglove/rosmsg-msgs-common/msgdefs/ros2jazzy')
        parent = os.path.dirname(folder)
        if os.path.isdir(candidate) or parent == folder:
            return candidate
        folder = parent


def _sources() -> list[str]:
    """Folders holding `<pkg>/<kind>/<Type>.<kind>`, first match wins (the workspace's overlay the standard ones)."""
    prefixes = [os.path.join(p, 'share') for p in os.environ.get('AMENT_PREFIX_PATH', '').split(os.pathsep) if p]
    return [*prefixes, os.path.join(_REPO, 'interfaces'), _common_definitions()]


def _constant(type_name: str, text: str) -> Any:
    text = text.strip()
    if type_name == 'bool':
        return text.lower() in ('true', '1')
    if type_name in _INTEGERS:
        return int(text, 0)
    if type_name.startswith('float'):
        return float(text)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in '\'"':
        return text[1:-1]
    return text


def _constants(block: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for raw in block.splitlines():
        line = raw.split('#', 1)[0].strip() if not raw.strip().startswith('string') else raw.strip()
        parts = line.split(None, 1)
        if len(parts) == 2 and '=' in parts[1]:
            name, value = parts[1].split('=', 1)
            found[name.strip()] = _constant(parts[0], value.split('#', 1)[0] if parts[0] not in ('string', 'wstring') else value)
    return found


def _type(full_name: str, constants: dict[str, Any]) -> type:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError(f'{full_name}: messages are not made while a launch file is evaluated (only its constants are there)')

    return type(full_name.rsplit('/', 1)[1], (), {**constants, '__init__': refuse, '__module__': full_name.rsplit('/', 1)[0].replace('/', '.')})


class _KindModule(types.ModuleType):
    def __init__(self, name: str, folder: str) -> None:
        super().__init__(name)
        self.__path__: list[str] = []
        self._folder = folder

    def __getattr__(self, name: str) -> Any:
        package, kind = self.__name__.split('.')
        path = os.path.join(self._folder, f'{name}.{kind}')
        if name.startswith('_') or not os.path.isfile(path):
            raise AttributeError(f"module '{self.__name__}' has no attribute '{name}'")
        with open(path, encoding='utf-8') as file:
            # Jazzy's common texts carry their dependencies after a line of '='.
            own = file.read().split('\n================', 1)[0]
        full = f'{package}/{kind}/{name}'
        if kind == 'msg':
            made: Any = _type(full, _constants(own))
        else:
            parts = own.split('\n---')
            names = ('Request', 'Response') if kind == 'srv' else ('Goal', 'Result', 'Feedback')
            made = _type(full, {})
            for part, label in zip(parts, names):
                setattr(made, label, _type(f'{full}_{label}', _constants(part)))
        setattr(self, name, made)
        return made


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def _folder(self, package: str, kind: str) -> str | None:
        for source in _sources():
            folder = os.path.join(source, package, kind)
            if os.path.isdir(folder):
                return folder
        return None

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        parts = fullname.split('.')
        if len(parts) == 1 and any(self._folder(parts[0], kind) for kind in KINDS):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        if len(parts) == 2 and parts[1] in KINDS and self._folder(parts[0], parts[1]) is not None:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        parts = spec.name.split('.')
        if len(parts) == 2:
            return _KindModule(spec.name, self._folder(parts[0], parts[1]) or '')
        module = types.ModuleType(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        pass


def install() -> None:
    """Puts the finder after the others: an importable real package of the name stays first."""
    sys.meta_path.append(_Finder())
