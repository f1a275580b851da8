"""``cmath`` with the same bits on every CPU, as _portable_math does for ``math``.

CPython's own runs first (its conversions, its errors, its special values for infinite and NaN parts,
and the signs of zero parts on the branch cuts); each finite, non-zero part of its result is then
replaced by mpmath's value with that part's sign. Every function here is real on the real axis
(f(conj z) = conj f(z)), so on a branch cut the two sides' parts differ in sign alone, and CPython's
result says which side.
"""

from __future__ import annotations

import cmath
import functools
import math
from collections.abc import Callable
from typing import Any

from rclsim._portable_math import ROUND, WORKING_BITS, checked, mpmath_arithmetic, replace_in_modules, to_double

_isfinite = math.isfinite
_copysign = math.copysign
# C's M_LN10, by which CPython divides.
_LN10 = 2.302585092994046

_NAMES = ("exp", "log", "sqrt", "sin", "cos", "tan", "sinh", "cosh", "tanh", "asin", "acos", "atan", "asinh", "acosh", "atanh")


def _part(value: float, cpython_part: float) -> float:
    if cpython_part == 0.0 or not _isfinite(cpython_part):
        return cpython_part
    return _copysign(abs(checked(value)), cpython_part)


def _unary(original: Callable[[Any], complex], name: str) -> Callable[[Any], complex]:
    @functools.wraps(original)
    def portable(z: Any) -> complex:
        result = original(z)
        value = complex(z)
        if not (_isfinite(value.real) and _isfinite(value.imag)):
            return result
        lib = mpmath_arithmetic()
        if lib is None:
            return result
        argument = (lib.from_float(value.real), lib.from_float(value.imag))
        real, imag = getattr(lib, f"mpc_{name}")(argument, WORKING_BITS, ROUND)
        return complex(_part(to_double(lib, real), result.real), _part(to_double(lib, imag), result.imag))

    return portable


def portable_functions(real: dict[str, Callable[..., float]]) -> dict[str, Callable[..., Any]]:
    """cmath's functions that go to libm, each portable; `real` is _portable_math's."""
    functions: dict[str, Callable[..., Any]] = {name: _unary(getattr(cmath, name), name) for name in _NAMES}
    log = functions["log"]
    original_log = cmath.log

    @functools.wraps(original_log)
    def log_with_base(z: Any, *base: Any) -> complex:
        # CPython's errors first; it divides the two logarithms as complex numbers.
        original_log(z, *base)
        return log(z) / log(base[0]) if base else log(z)

    functions["log"] = log_with_base
    original_log10 = cmath.log10

    @functools.wraps(original_log10)
    def log10(z: Any) -> complex:
        result = original_log10(z)
        natural = log(z)
        return complex(_part(natural.real / _LN10, result.real), _part(natural.imag / _LN10, result.imag))

    functions["log10"] = log10
    atan2, cos, sin = real["atan2"], real["cos"], real["sin"]
    original_phase, original_polar, original_rect = cmath.phase, cmath.polar, cmath.rect

    @functools.wraps(original_phase)
    def phase(z: Any) -> float:
        original_phase(z)
        value = complex(z)
        return atan2(value.imag, value.real)

    @functools.wraps(original_polar)
    def polar(z: Any) -> tuple[float, float]:
        modulus, _ = original_polar(z)
        return modulus, phase(z)

    @functools.wraps(original_rect)
    def rect(r: Any, phi: Any) -> complex:
        result = original_rect(r, phi)
        modulus, angle = float(r), float(phi)
        if not (_isfinite(modulus) and _isfinite(angle)) or modulus == 0.0 or angle == 0.0:
            return result
        return complex(modulus * cos(angle), modulus * sin(angle))

    functions.update(phase=phase, polar=polar, rect=rect)
    return functions


def install(real: dict[str, Callable[..., float]]) -> None:
    replace_in_modules(cmath, portable_functions(real))
