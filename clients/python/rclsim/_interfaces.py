"""``import std_msgs.msg`` inside a simulation: interface packages made from the simulation's definitions.

Every package the simulation knows (the shipped ones and the job's own) is importable, with
``msg``, ``srv`` and ``action`` modules whose classes are made when first used, from the same
definitions the simulation encodes and decodes with (``GetInterface``). The finder comes first
on ``sys.meta_path``: a ROS 2 installation on the path does not take their place.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import types
from collections.abc import Sequence
from typing import Any

from rclsim import _json, _port

KINDS = ("msg", "srv", "action")



class _InterfaceModule(types.ModuleType):
    """``pkg.msg``: its types by name, each class made on first use."""

    def __init__(self, name: str, kind: str, type_names: list[str], classes: Any) -> None:
        super().__init__(name)
        self.__path__: list[str] = []
        self._kind = kind
        self._types = {full.rsplit("/", 1)[1]: full for full in type_names}
        self._classes = classes
        self.__all__ = sorted(self._types)

    def __getattr__(self, name: str) -> Any:
        full = self._types.get(name)
        if full is None:
            raise AttributeError(f"module '{self.__name__}' has no attribute '{name}'")
        make = {"msg": self._classes.message, "srv": self._classes.service, "action": self._classes.action}[self._kind]
        made = make(full)
        setattr(self, name, made)
        return made

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *self._types})


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self) -> None:
        self._packages: set[str] | None = None
        self._types: dict[str, list[str]] = {}
        self._classes: Any = None

    @property
    def classes(self) -> Any:
        """The interface classes, made when a program first imports an interface module."""
        if self._classes is None:
            from rclsim._messages import InterfaceClasses

            self._classes = InterfaceClasses(self.describe)
        return self._classes

    def describe(self, name: str) -> dict[str, Any]:
        return _json.loads(_port.get_interface(name))

    def _package_types(self, package: str) -> list[str]:
        if package not in self._types:
            self._types[package] = self.describe(package)["types"]
        return self._types[package]

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        parts = fullname.split(".")
        if len(parts) > 2 or (len(parts) == 2 and parts[1] not in KINDS):
            return None
        if self._packages is None:
            self._packages = set(self.describe("")["packages"])
        if parts[0] not in self._packages:
            return None
        if len(parts) == 2 and not any(t.split("/")[1] == parts[1] for t in self._package_types(parts[0])):
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        parts = spec.name.split(".")
        if len(parts) == 1:
            module = types.ModuleType(spec.name)
            module.__path__ = []
            return module
        kind = parts[1]
        names = [t for t in self._package_types(parts[0]) if t.split("/")[1] == kind]
        return _InterfaceModule(spec.name, kind, names, self.classes)

    def exec_module(self, module: types.ModuleType) -> None:
        return None


def install() -> _Finder:
    finder = _Finder()
    sys.meta_path.insert(0, finder)
    return finder
