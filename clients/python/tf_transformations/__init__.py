"""tf_transformations: the homogeneous-matrix, Euler and quaternion functions of Christoph
Gohlke's transformations.py as ROS's tf.transformations had them (quaternions [x, y, z, w],
axes strings 'sxyz' … 'rzyz'), on numpy arrays. Scalars go through ``math`` (portable in a
program) and products are summed in a fixed order in Python (_fixed_order.py), not by BLAS, so
results have the same bits on every CPU; inverse_matrix is Gauss-Jordan elimination, where
upstream calls LAPACK."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy

from tf_transformations import _fixed_order

__all__ = [
    "concatenate_matrices",
    "euler_from_matrix",
    "euler_from_quaternion",
    "euler_matrix",
    "identity_matrix",
    "inverse_matrix",
    "quaternion_about_axis",
    "quaternion_conjugate",
    "quaternion_from_euler",
    "quaternion_from_matrix",
    "quaternion_inverse",
    "quaternion_matrix",
    "quaternion_multiply",
    "quaternion_slerp",
    "rotation_matrix",
    "translation_from_matrix",
    "translation_matrix",
    "unit_vector",
    "vector_norm",
]

# Epsilon for testing whether a number is close to zero.
_EPS = numpy.finfo(float).eps * 4.0

# The axis after each (with wrap-around).
_NEXT_AXIS = [1, 2, 0, 1]

# An axes string as (inner axis, parity, repetition, frame): s = static axes, r = rotating axes.
_AXES2TUPLE = {
    "sxyz": (0, 0, 0, 0), "sxyx": (0, 0, 1, 0), "sxzy": (0, 1, 0, 0), "sxzx": (0, 1, 1, 0),
    "syzx": (1, 0, 0, 0), "syzy": (1, 0, 1, 0), "syxz": (1, 1, 0, 0), "syxy": (1, 1, 1, 0),
    "szxy": (2, 0, 0, 0), "szxz": (2, 0, 1, 0), "szyx": (2, 1, 0, 0), "szyz": (2, 1, 1, 0),
    "rzyx": (0, 0, 0, 1), "rxyx": (0, 0, 1, 1), "ryzx": (0, 1, 0, 1), "rxzx": (0, 1, 1, 1),
    "rxzy": (1, 0, 0, 1), "ryzy": (1, 0, 1, 1), "rzxy": (1, 1, 0, 1), "ryxy": (1, 1, 1, 1),
    "ryxz": (2, 0, 0, 1), "rzxz": (2, 0, 1, 1), "rxyz": (2, 1, 0, 1), "rzyz": (2, 1, 1, 1),
}  # fmt: skip

_TUPLE2AXES = {v: k for k, v in _AXES2TUPLE.items()}


def _axes(axes: str | tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """An axes string or tuple as its tuple (KeyError for one that is neither, as upstream)."""
    try:
        return _AXES2TUPLE[axes.lower()]  # type: ignore[union-attr]
    except (AttributeError, KeyError):
        _TUPLE2AXES[axes]  # type: ignore[index]
        return axes  # type: ignore[return-value]


def _dot(a: Any, b: Any) -> numpy.ndarray:
    return numpy.array(_fixed_order.product(numpy.asarray(a, dtype=numpy.float64).tolist(), numpy.asarray(b, dtype=numpy.float64).tolist()))


def identity_matrix() -> numpy.ndarray:
    return numpy.identity(4)


def translation_matrix(direction: Sequence[float]) -> numpy.ndarray:
    M = numpy.identity(4)
    M[:3, 3] = direction[:3]
    return M


def translation_from_matrix(matrix: Any) -> numpy.ndarray:
    return numpy.asarray(matrix)[:3, 3].copy()


def vector_norm(data: Any, axis: int | None = None, out: numpy.ndarray | None = None) -> Any:
    data = numpy.array(data, dtype=numpy.float64, copy=True)
    if out is None and data.ndim == 1:
        return math.sqrt(_fixed_order.dot(data.tolist(), data.tolist()))
    squares = data * data
    if out is None:
        return numpy.sqrt(numpy.sum(squares, axis=axis))
    numpy.sum(squares, axis=axis, out=out)
    numpy.sqrt(out, out)
    return None


def unit_vector(data: Any, axis: int | None = None, out: numpy.ndarray | None = None) -> Any:
    """`data` divided by its length along `axis`."""
    if out is None:
        data = numpy.array(data, dtype=numpy.float64, copy=True)
        if data.ndim == 1:
            data /= math.sqrt(_fixed_order.dot(data.tolist(), data.tolist()))
            return data
    else:
        if out is not data:
            out[:] = numpy.asarray(data)
        data = out
    length = numpy.atleast_1d(numpy.sum(data * data, axis))
    numpy.sqrt(length, length)
    if axis is not None:
        length = numpy.expand_dims(length, axis)
    data /= length
    if out is None:
        return data
    return None


def rotation_matrix(angle: float, direction: Sequence[float], point: Sequence[float] | None = None) -> numpy.ndarray:
    """A rotation by `angle` about the axis `direction` through `point`."""
    sina = math.sin(angle)
    cosa = math.cos(angle)
    d = unit_vector(direction[:3])
    R = numpy.diag([cosa, cosa, cosa])
    R += numpy.array([[d[i] * d[j] for j in range(3)] for i in range(3)]) * (1.0 - cosa)
    d *= sina
    R += numpy.array([[0.0, -d[2], d[1]], [d[2], 0.0, -d[0]], [-d[1], d[0], 0.0]])
    M = numpy.identity(4)
    M[:3, :3] = R
    if point is not None:
        p = numpy.asarray(point[:3], dtype=numpy.float64)
        M[:3, 3] = p - _dot(R, p)
    return M


def concatenate_matrices(*matrices: Any) -> numpy.ndarray:
    M = numpy.identity(4)
    for i in matrices:
        M = _dot(M, i)
    return M


def inverse_matrix(matrix: Any) -> numpy.ndarray:
    return numpy.array(_fixed_order.inverse(numpy.asarray(matrix, dtype=numpy.float64).tolist()))


def euler_matrix(ai: float, aj: float, ak: float, axes: str | tuple[int, int, int, int] = "sxyz") -> numpy.ndarray:
    firstaxis, parity, repetition, frame = _axes(axes)
    i = firstaxis
    j = _NEXT_AXIS[i + parity]
    k = _NEXT_AXIS[i - parity + 1]
    if frame:
        ai, ak = ak, ai
    if parity:
        ai, aj, ak = -ai, -aj, -ak
    si, sj, sk = math.sin(ai), math.sin(aj), math.sin(ak)
    ci, cj, ck = math.cos(ai), math.cos(aj), math.cos(ak)
    cc, cs = ci * ck, ci * sk
    sc, ss = si * ck, si * sk
    M = numpy.identity(4)
    if repetition:
        M[i, i] = cj
        M[i, j] = sj * si
        M[i, k] = sj * ci
        M[j, i] = sj * sk
        M[j, j] = -cj * ss + cc
        M[j, k] = -cj * cs - sc
        M[k, i] = -sj * ck
        M[k, j] = cj * sc + cs
        M[k, k] = cj * cc - ss
    else:
        M[i, i] = cj * ck
        M[i, j] = sj * sc - cs
        M[i, k] = sj * cc + ss
        M[j, i] = cj * sk
        M[j, j] = sj * ss + cc
        M[j, k] = sj * cs - sc
        M[k, i] = -sj
        M[k, j] = cj * si
        M[k, k] = cj * ci
    return M


def euler_from_matrix(matrix: Any, axes: str | tuple[int, int, int, int] = "sxyz") -> tuple[float, float, float]:
    firstaxis, parity, repetition, frame = _axes(axes)
    i = firstaxis
    j = _NEXT_AXIS[i + parity]
    k = _NEXT_AXIS[i - parity + 1]
    M = numpy.asarray(matrix, dtype=numpy.float64)[:3, :3].tolist()
    if repetition:
        sy = math.sqrt(M[i][j] * M[i][j] + M[i][k] * M[i][k])
        if sy > _EPS:
            ax = math.atan2(M[i][j], M[i][k])
            ay = math.atan2(sy, M[i][i])
            az = math.atan2(M[j][i], -M[k][i])
        else:
            ax = math.atan2(-M[j][k], M[j][j])
            ay = math.atan2(sy, M[i][i])
            az = 0.0
    else:
        cy = math.sqrt(M[i][i] * M[i][i] + M[j][i] * M[j][i])
        if cy > _EPS:
            ax = math.atan2(M[k][j], M[k][k])
            ay = math.atan2(-M[k][i], cy)
            az = math.atan2(M[j][i], M[i][i])
        else:
            ax = math.atan2(-M[j][k], M[j][j])
            ay = math.atan2(-M[k][i], cy)
            az = 0.0
    if parity:
        ax, ay, az = -ax, -ay, -az
    if frame:
        ax, az = az, ax
    return ax, ay, az


def euler_from_quaternion(quaternion: Sequence[float], axes: str | tuple[int, int, int, int] = "sxyz") -> tuple[float, float, float]:
    return euler_from_matrix(quaternion_matrix(quaternion), axes)


def quaternion_from_euler(ai: float, aj: float, ak: float, axes: str | tuple[int, int, int, int] = "sxyz") -> numpy.ndarray:
    """[x, y, z, w] of the rotation by Euler angles."""
    firstaxis, parity, repetition, frame = _axes(axes)
    i = firstaxis
    j = _NEXT_AXIS[i + parity]
    k = _NEXT_AXIS[i - parity + 1]
    if frame:
        ai, ak = ak, ai
    if parity:
        aj = -aj
    ai /= 2.0
    aj /= 2.0
    ak /= 2.0
    ci, si = math.cos(ai), math.sin(ai)
    cj, sj = math.cos(aj), math.sin(aj)
    ck, sk = math.cos(ak), math.sin(ak)
    cc, cs = ci * ck, ci * sk
    sc, ss = si * ck, si * sk
    quaternion = numpy.empty((4,), dtype=numpy.float64)
    if repetition:
        quaternion[i] = cj * (cs + sc)
        quaternion[j] = sj * (cc + ss)
        quaternion[k] = sj * (cs - sc)
        quaternion[3] = cj * (cc - ss)
    else:
        quaternion[i] = cj * sc - sj * cs
        quaternion[j] = cj * ss + sj * cc
        quaternion[k] = cj * cs - sj * sc
        quaternion[3] = cj * cc + sj * ss
    if parity:
        quaternion[j] *= -1
    return quaternion


def quaternion_about_axis(angle: float, axis: Sequence[float]) -> numpy.ndarray:
    quaternion = numpy.zeros((4,), dtype=numpy.float64)
    quaternion[:3] = axis[:3]
    qlen = vector_norm(quaternion)
    if qlen > _EPS:
        quaternion *= math.sin(angle / 2.0) / qlen
    quaternion[3] = math.cos(angle / 2.0)
    return quaternion


def quaternion_matrix(quaternion: Sequence[float]) -> numpy.ndarray:
    """The 4x4 rotation matrix of [x, y, z, w]."""
    q = numpy.array(quaternion[:4], dtype=numpy.float64, copy=True)
    nq = _fixed_order.dot(q.tolist(), q.tolist())
    if nq < _EPS:
        return numpy.identity(4)
    q *= math.sqrt(2.0 / nq)
    x, y, z, w = q.tolist()
    return numpy.array(
        (
            (1.0 - y * y - z * z, x * y - z * w, x * z + y * w, 0.0),
            (x * y + z * w, 1.0 - x * x - z * z, y * z - x * w, 0.0),
            (x * z - y * w, y * z + x * w, 1.0 - x * x - y * y, 0.0),
            (0.0, 0.0, 0.0, 1.0),
        ),
        dtype=numpy.float64,
    )


def quaternion_from_matrix(matrix: Any) -> numpy.ndarray:
    """[x, y, z, w] of a rotation matrix's rotation, with w >= 0 (the largest eigenvector of
    Bar-Itzhack's K, as tf_transformations has it through transforms3d's mat2quat)."""
    w, x, y, z = _fixed_order.quaternion_of_matrix(numpy.asarray(matrix, dtype=numpy.float64)[:3, :3].tolist())
    return numpy.array((x, y, z, w), dtype=numpy.float64)


def quaternion_multiply(quaternion1: Sequence[float], quaternion0: Sequence[float]) -> numpy.ndarray:
    """quaternion1 * quaternion0."""
    x0, y0, z0, w0 = (float(value) for value in quaternion0[:4])
    x1, y1, z1, w1 = (float(value) for value in quaternion1[:4])
    return numpy.array(
        (
            x1 * w0 + y1 * z0 - z1 * y0 + w1 * x0,
            -x1 * z0 + y1 * w0 + z1 * x0 + w1 * y0,
            x1 * y0 - y1 * x0 + z1 * w0 + w1 * z0,
            -x1 * x0 - y1 * y0 - z1 * z0 + w1 * w0,
        ),
        dtype=numpy.float64,
    )


def quaternion_conjugate(quaternion: Sequence[float]) -> numpy.ndarray:
    return numpy.array((-quaternion[0], -quaternion[1], -quaternion[2], quaternion[3]), dtype=numpy.float64)


def quaternion_inverse(quaternion: Sequence[float]) -> numpy.ndarray:
    q = numpy.array(quaternion[:4], dtype=numpy.float64)
    return quaternion_conjugate(q) / _fixed_order.dot(q.tolist(), q.tolist())


def quaternion_slerp(quat0: Sequence[float], quat1: Sequence[float], fraction: float, spin: int = 0, shortestpath: bool = True) -> numpy.ndarray:
    q0 = unit_vector(quat0[:4])
    q1 = unit_vector(quat1[:4])
    if fraction == 0.0:
        return q0
    if fraction == 1.0:
        return q1
    d = _fixed_order.dot(q0.tolist(), q1.tolist())
    if abs(abs(d) - 1.0) < _EPS:
        return q0
    if shortestpath and d < 0.0:
        d = -d
        q1 *= -1.0
    angle = math.acos(d) + spin * math.pi
    if abs(angle) < _EPS:
        return q0
    isin = 1.0 / math.sin(angle)
    q0 *= math.sin((1.0 - fraction) * angle) * isin
    q1 *= math.sin(fraction * angle) * isin
    q0 += q1
    return q0
