"""``math`` with the same bits on every CPU (docs/python.md "The same bits on every CPU").

CPython computes math.sin & co with the C library's libm, whose last bits differ between CPUs (arm64
and x86-64) and between x86-64 machines with and without FMA. Each function here first runs CPython's
own, for its argument conversions, its errors and its exact results (at 0, ±inf and NaN, which are
the same everywhere), then puts in place of a finite argument's result the value mpmath computes in
integer arithmetic with 80 bits, rounded to the nearest double: the correctly rounded result but in
rare cases (none in 20,000 arguments per function), and the same bits on every machine.

mpmath is imported at the first call (it takes ~60 ms) with its pure-Python integers, not gmpy's. Where
it is not installed the C library's results stand, and the program is told so once.
"""

from __future__ import annotations

import builtins
import functools
import math
import os
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

WORKING_BITS = 80
ROUND = "n"

# CPython's own, taken before install() puts the portable ones in their place.
_CPYTHON_MATH = ModuleType("math")
_CPYTHON_MATH.__dict__.update(vars(math))
_isfinite = math.isfinite
_copysign = math.copysign
_fmod = math.fmod

_mpmath: ModuleType | None = None
_missing = False
# mpmath's import calls math.log for its tables' sizes: those calls get CPython's own.
_importing = False


def mpmath_arithmetic() -> ModuleType | None:
    """mpmath's low-level module (mpmath.libmp), or None where mpmath is not installed."""
    global _mpmath, _missing, _importing
    if _mpmath is None and not _missing and not _importing and not _being_imported():
        _importing = True
        saved = os.environ.get("MPMATH_NOGMPY")
        # gmpy's integers would give the same values, but the same code on every machine is what is promised.
        os.environ["MPMATH_NOGMPY"] = "1"
        try:
            import mpmath.libmp

            _use_cpython_math(mpmath.libmp)
            _mpmath = mpmath.libmp
        except ImportError:
            _missing = True
            sys.__stderr__.write(
                f"rclsim: mpmath is not installed for {sys.executable}, so this program's math functions and float ** are the C "
                "library's, whose last bits differ between CPUs (pip install mpmath, or Debian's python3-mpmath; docs/python.md)\n"
            )
        finally:
            _importing = False
            if saved is None:
                del os.environ["MPMATH_NOGMPY"]
            else:
                os.environ["MPMATH_NOGMPY"] = saved
    return _mpmath


def _use_cpython_math(lib: ModuleType) -> None:
    """mpmath sizes its series with math.log: its modules get CPython's own math, not this one
    (which would call mpmath again), as they had before install()."""
    for name, module in list(sys.modules.items()):
        if name.startswith(lib.__name__.split(".")[0] + ".") and getattr(module, "math", None) is math:
            module.math = _CPYTHON_MATH


def _being_imported() -> bool:
    """Whether the program's own import of mpmath (or sympy's) is under way: its tables' sizes call math.log."""
    module = sys.modules.get("mpmath.libmp") or sys.modules.get("mpmath")
    return module is not None and getattr(getattr(module, "__spec__", None), "_initializing", False)


def to_double(lib: ModuleType, value: Any) -> float:
    """An mpmath value as the nearest double (inf beyond the largest)."""
    return lib.to_float(value, rnd=ROUND)


def signed_like(value: float, cpython_result: float) -> float:
    """A portable value with the sign of CPython's result (a zero's sign, which mpmath does not keep)."""
    return _copysign(value, cpython_result) if value == 0.0 else value


def checked(value: float) -> float:
    """A finite argument's result: past the largest double CPython raises, as here."""
    if not _isfinite(value):
        raise OverflowError("math range error")
    return value


Compute = Callable[[ModuleType, Any], Any]


def _real(x: Any) -> float:
    return x if type(x) is float else float(x)


def _double_argument(lib: ModuleType, x: Any) -> Any:
    """An argument as CPython takes it, a double; None at 0, ±inf and NaN, whose results are exact."""
    value = _real(x)
    return lib.from_float(value) if value != 0.0 and _isfinite(value) else None


def _unary(original: Callable[[Any], float], compute: Compute, argument: Compute = _double_argument) -> Callable[[Any], float]:
    @functools.wraps(original)
    def portable(x: Any) -> float:
        result = original(x)
        lib = mpmath_arithmetic()
        exact = None if lib is None else argument(lib, x)
        if exact is None:
            return result
        return signed_like(checked(to_double(lib, compute(lib, exact))), result)

    return portable


def _function(name: str) -> Compute:
    """mpmath's mpf_<name> at the working precision."""
    return lambda lib, v: getattr(lib, f"mpf_{name}")(v, WORKING_BITS, ROUND)


def _cbrt(lib: ModuleType, v: Any) -> Any:
    # mpmath's is the principal root, complex below zero; C's is real and odd.
    if v[0] == 1:
        return lib.mpf_neg(lib.mpf_cbrt(lib.mpf_neg(v), WORKING_BITS, ROUND))
    return lib.mpf_cbrt(v, WORKING_BITS, ROUND)


def _exp2(lib: ModuleType, v: Any) -> Any:
    return lib.mpf_pow(lib.from_int(2), v, WORKING_BITS, ROUND)


def _expm1(lib: ModuleType, v: Any) -> Any:
    # exp(x) − 1 loses the bits of 1 − e^x's leading ones for small x: as many more bits as x is below 1.
    magnitude = v[2] + v[3]
    exp = lib.mpf_exp(v, WORKING_BITS + max(0, -magnitude), ROUND)
    return lib.mpf_sub(exp, lib.fone, WORKING_BITS, ROUND)


def _log1p(lib: ModuleType, v: Any) -> Any:
    return lib.mpf_log(lib.mpf_add(lib.fone, v), WORKING_BITS, ROUND)


def _lgamma(lib: ModuleType, v: Any) -> Any:
    if v[0] == 0:
        return lib.mpf_loggamma(v, WORKING_BITS, ROUND)
    # Below zero log|Γ(x)|, which mpmath's loggamma gives as a complex number's real part.
    bits = WORKING_BITS + 20
    return lib.mpf_log(lib.mpf_abs(lib.mpf_gamma(v, bits, ROUND)), WORKING_BITS, ROUND)


def _logarithm(base: Callable[[ModuleType, int], Any] | None) -> Compute:
    def compute(lib: ModuleType, v: Any) -> Any:
        if base is None:
            return lib.mpf_log(v, WORKING_BITS, ROUND)
        bits = WORKING_BITS + 10
        return lib.mpf_div(lib.mpf_log(v, bits, ROUND), base(lib, bits), WORKING_BITS, ROUND)

    return compute


def _log_argument(lib: ModuleType, x: Any) -> Any:
    """A logarithm's argument as CPython takes it: a double, or an int too large for one as itself."""
    if isinstance(x, int):
        try:
            return lib.from_float(float(x))
        except OverflowError:
            return lib.from_int(int(x))
    return _double_argument(lib, x)


def _log_with_base(original: Callable[..., float], log: Callable[[Any], float]) -> Callable[..., float]:
    """math.log(x[, base]): CPython divides the two logarithms as doubles."""

    @functools.wraps(original)
    def portable(x: Any, *base: Any) -> float:
        result = original(x, *base)
        if not base:
            return log(x)
        if result == 0.0 or not _isfinite(result):
            return result
        return log(x) / log(base[0])

    return portable


def _atan2(original: Callable[[Any, Any], float]) -> Callable[[Any, Any], float]:
    @functools.wraps(original)
    def portable(y: Any, x: Any) -> float:
        result = original(y, x)
        ordinate, abscissa = _real(y), _real(x)
        if ordinate == 0.0 or abscissa == 0.0 or not (_isfinite(ordinate) and _isfinite(abscissa)):
            return result
        lib = mpmath_arithmetic()
        if lib is None:
            return result
        return to_double(lib, lib.mpf_atan2(lib.from_float(ordinate), lib.from_float(abscissa), WORKING_BITS, ROUND))

    return portable


def power_of(base: float, exponent: float) -> float | None:
    """base ** exponent for finite operands off the exact cases (0, 1, a zero exponent; a negative base
    to an integer power), portable; None where CPython's result is exact (or where mpmath is missing)."""
    if base == 0.0 or exponent == 0.0 or base == 1.0 or not (_isfinite(base) and _isfinite(exponent)):
        return None
    # These are single correctly rounded operations, the correctly rounded power itself.
    if exponent == 2.0:
        return checked(base * base)
    if exponent == 1.0:
        return base
    if exponent == -1.0:
        return 1.0 / base
    if exponent == 0.5 and base > 0.0:
        return math.sqrt(base)
    lib = mpmath_arithmetic()
    if lib is None:
        return None
    magnitude = checked(to_double(lib, lib.mpf_pow(lib.from_float(abs(base)), lib.from_float(exponent), WORKING_BITS, ROUND)))
    return -magnitude if base < 0.0 and _fmod(exponent, 2.0) != 0.0 else magnitude


def _pow(original: Callable[[Any, Any], float]) -> Callable[[Any, Any], float]:
    @functools.wraps(original)
    def portable(x: Any, y: Any) -> float:
        result = original(x, y)
        value = power_of(_real(x), _real(y))
        return result if value is None else signed_like(value, result)

    return portable


_SAME_NAME = ("sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "exp", "erf", "erfc", "gamma")


def portable_functions() -> dict[str, Callable[..., float]]:
    """math's functions that go to libm, by name, each portable (cbrt and exp2 where this Python has them)."""
    computes: dict[str, Compute] = {name: _function(name) for name in _SAME_NAME}
    computes.update(cbrt=_cbrt, exp2=_exp2, expm1=_expm1, log1p=_log1p, lgamma=_lgamma)
    functions: dict[str, Callable[..., float]] = {
        name: _unary(getattr(math, name), compute) for name, compute in computes.items() if hasattr(math, name)
    }
    natural = _unary(math.log, _logarithm(None), _log_argument)
    functions["log"] = _log_with_base(math.log, natural)
    functions["log2"] = _unary(math.log2, _logarithm(lambda lib, bits: lib.mpf_ln2(bits)), _log_argument)
    functions["log10"] = _unary(math.log10, _logarithm(lambda lib, bits: lib.mpf_ln10(bits)), _log_argument)
    functions["atan2"] = _atan2(math.atan2)
    functions["pow"] = _pow(math.pow)
    return functions


def replace_in_modules(module: ModuleType, functions: dict[str, Callable[..., Any]]) -> None:
    """Puts the portable functions in `module`, and in every module loaded already that took
    CPython's own by name (``random`` binds ``_log``, ``_cos``… at its import, before any program)."""
    originals = {id(getattr(module, name)): function for name, function in functions.items()}
    for name, function in functions.items():
        setattr(module, name, function)
    for loaded in list(sys.modules.values()):
        names = getattr(loaded, "__dict__", None)
        if loaded is module or loaded is builtins or not isinstance(names, dict):
            continue
        for name, value in list(names.items()):
            replacement = originals.get(id(value))
            if replacement is not None:
                names[name] = replacement


def install() -> dict[str, Callable[..., float]]:
    """Puts the portable functions in math's place; returns them (cmath's phase and rect use them)."""
    functions = portable_functions()
    replace_in_modules(math, functions)
    return functions
