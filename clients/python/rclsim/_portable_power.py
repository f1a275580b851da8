"""A program's ``**`` and ``pow`` on floats with the same bits on every CPU.

``float ** float`` is CPython's C code calling libm's pow, which no Python can replace; so the program's
own source (its file and the modules it imports from outside the interpreter's own folders, not
the installed libraries) is compiled with each ``a ** b`` as ``__rclsim_pow__(a, b)`` and each
``x **= y`` as ``x = __rclsim_ipow__(x, y)``, builtins that compute a power of ints and floats
portably (_portable_math.power_of) and leave every other type's ``**`` as it is. Lines and columns of
the source stay, so tracebacks name the program's own lines. Rewritten modules keep no bytecode cache.
"""

from __future__ import annotations

import ast
import builtins
import copy
import importlib.abc
import importlib.machinery
import operator
import os
import site
import sys
import sysconfig
from collections.abc import Sequence
from types import CodeType, ModuleType
from typing import Any

from rclsim._portable_math import power_of, signed_like

_REAL = (int, float, bool)
_original_pow = builtins.pow


def power(base: Any, exponent: Any) -> Any:
    """``base ** exponent``: a float power portably, everything else as Python computes it."""
    kind, exponent_kind = type(base), type(exponent)
    # An int to a negative int power is a float power in CPython too; CPython's own goes first for its errors.
    if kind in _REAL and exponent_kind in _REAL and (kind is float or exponent_kind is float or (exponent < 0 and base != 0)):
        result = base**exponent
        if type(result) is not float:
            return result  # a negative base to a fractional power: a complex number, as CPython's
        try:
            value = power_of(float(base), float(exponent))
        except OverflowError:
            raise OverflowError(34, "Numerical result out of range") from None
        return result if value is None else signed_like(value, result)
    return base**exponent


def in_place_power(target: Any, exponent: Any) -> Any:
    """``target **= exponent``: in place where the type does so (a numpy array), else as power."""
    if type(target) in _REAL and type(exponent) in _REAL:
        return power(target, exponent)
    return operator.ipow(target, exponent)


def builtin_pow(base: Any, exp: Any, mod: Any = None) -> Any:
    return power(base, exp) if mod is None else _original_pow(base, exp, mod)


class _PowerRewrite(ast.NodeTransformer):
    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        if not isinstance(node.op, ast.Pow):
            return node
        return ast.copy_location(ast.Call(func=ast.Name("__rclsim_pow__", ast.Load()), args=[node.left, node.right], keywords=[]), node)

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        self.generic_visit(node)
        if not isinstance(node.op, ast.Pow) or not _evaluates_freely(node.target):
            return node
        current = copy.deepcopy(node.target)
        current.ctx = ast.Load()  # type: ignore[attr-defined]
        call = ast.Call(func=ast.Name("__rclsim_ipow__", ast.Load()), args=[current, node.value], keywords=[])
        return ast.copy_location(ast.Assign(targets=[node.target], value=ast.copy_location(call, node)), node)


def _evaluates_freely(target: ast.expr) -> bool:
    """A target read twice without running anything twice: a name, or names' attributes and
    subscripts by names and constants (`self.speed`, `v[i]`). Others keep libm's pow."""
    if isinstance(target, ast.Name):
        return True
    if isinstance(target, ast.Attribute):
        return _evaluates_freely(target.value)
    if isinstance(target, ast.Subscript):
        return _evaluates_freely(target.value) and isinstance(target.slice, (ast.Name, ast.Constant))
    return False


def compile_program(source: bytes, file: str) -> CodeType:
    """A program's file compiled with its powers portable (a syntax error as compile() raises it)."""
    tree = ast.parse(source, file)
    tree = ast.fix_missing_locations(_PowerRewrite().visit(tree))
    return compile(tree, file, "exec", dont_inherit=True)


def _interpreter_folders() -> tuple[str, ...]:
    """The standard library's and the installed libraries' folders (Debian's dist-packages among them), and rclsim's client."""
    paths = sysconfig.get_paths()
    folders = {paths["stdlib"], paths["platstdlib"], paths["purelib"], paths["platlib"], site.getusersitepackages(), *site.getsitepackages()}
    folders.add(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return tuple(sorted(os.path.join(os.path.realpath(folder), "") for folder in folders))


class _ProgramSourceLoader(importlib.machinery.SourceFileLoader):
    """A program's module, compiled by compile_program and never cached (its bytecode calls rclsim's builtins)."""

    def get_code(self, fullname: str) -> CodeType:
        return compile_program(self.get_data(self.path), self.path)


class _ProgramModuleFinder(importlib.abc.MetaPathFinder):
    def __init__(self) -> None:
        self._library = _interpreter_folders()

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> Any:
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None or type(spec.loader) is not importlib.machinery.SourceFileLoader or not spec.origin:
            return spec
        if os.path.realpath(spec.origin).startswith(self._library):
            return spec
        spec.loader = _ProgramSourceLoader(fullname, spec.origin)
        return spec


def install() -> None:
    builtins.__rclsim_pow__ = power  # type: ignore[attr-defined]
    builtins.__rclsim_ipow__ = in_place_power  # type: ignore[attr-defined]
    builtins.pow = builtin_pow
    finder = next((i for i, f in enumerate(sys.meta_path) if f is importlib.machinery.PathFinder), len(sys.meta_path))
    sys.meta_path.insert(finder, _ProgramModuleFinder())
