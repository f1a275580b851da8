"""The parts of tf2's LinearMath (Bullet's) the buffer core uses, on tuples of floats, with each
expression written in LinearMath's order so the result has the same bits as tf2's C++ core
(compiled without FMA contraction): Quaternion (x, y, z, w), Vector3 (x, y, z), Matrix3x3 as three
rows. ``math`` is looked up at each call so a program's portable math (rclsim/_portable_math.py)
is what runs."""

from __future__ import annotations

import math
import struct

Quaternion = tuple[float, float, float, float]
Vector3 = tuple[float, float, float]
Matrix3x3 = tuple[Vector3, Vector3, Vector3]

IDENTITY_QUATERNION: Quaternion = (0.0, 0.0, 0.0, 1.0)
ZERO_VECTOR: Vector3 = (0.0, 0.0, 0.0)
IDENTITY_MATRIX: Matrix3x3 = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))

# The NaN x86-64 makes of an invalid operation (0 * inf): NaNs read back from a rotation matrix are
# given these bits so that a refused transform's text is the same on every CPU (arm64's default
# NaN has the sign bit clear).
DEFAULT_NAN: float = struct.unpack("<d", struct.pack("<Q", 0xFFF8000000000000))[0]


def _acos(x: float) -> float:
    # tf2Acos (Scalar.h) clamps to [-1, 1] first.
    if x < -1.0:
        x = -1.0
    if x > 1.0:
        x = 1.0
    return math.acos(x)


def quaternion_times(q1: Quaternion, q2: Quaternion) -> Quaternion:
    x1, y1, z1, w1 = q1
    x2, y2, z2, w2 = q2
    return (
        w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
        w1 * y2 + y1 * w2 + z1 * x2 - x1 * z2,
        w1 * z2 + z1 * w2 + x1 * y2 - y1 * x2,
        w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2,
    )


def quaternion_times_vector(q: Quaternion, v: Vector3) -> Quaternion:
    x, y, z, w = q
    vx, vy, vz = v
    return (w * vx + y * vz - z * vy, w * vy + z * vx - x * vz, w * vz + x * vy - y * vx, -x * vx - y * vy - z * vz)


def inverse(q: Quaternion) -> Quaternion:
    return (-q[0], -q[1], -q[2], q[3])


def quat_rotate(rotation: Quaternion, v: Vector3) -> Vector3:
    """quatRotate: (rotation * v) *= rotation.inverse()."""
    q = quaternion_times(quaternion_times_vector(rotation, v), inverse(rotation))
    return (q[0], q[1], q[2])


def negate(v: Vector3) -> Vector3:
    return (-v[0], -v[1], -v[2])


def add(a: Vector3, b: Vector3) -> Vector3:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def dot(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    if len(a) == 4:
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _angle_shortest_path(q1: Quaternion, q2: Quaternion) -> float:
    s = math.sqrt(dot(q1, q1) * dot(q2, q2))
    if dot(q1, q2) < 0:
        negated = (-q2[0], -q2[1], -q2[2], -q2[3])
        return _acos(dot(q1, negated) / s) * 2.0
    return _acos(dot(q1, q2) / s) * 2.0


def slerp(q1: Quaternion, q2: Quaternion, t: float) -> Quaternion:
    """Quaternion::slerp, the long-angle case taking -q2."""
    theta = _angle_shortest_path(q1, q2) / 2.0
    if theta == 0.0:
        return q1
    d = 1.0 / math.sin(theta)
    s0 = math.sin((1.0 - t) * theta)
    s1 = math.sin(t * theta)
    if dot(q1, q2) < 0:
        return (
            (q1[0] * s0 + -q2[0] * s1) * d,
            (q1[1] * s0 + -q2[1] * s1) * d,
            (q1[2] * s0 + -q2[2] * s1) * d,
            (q1[3] * s0 + -q2[3] * s1) * d,
        )
    return ((q1[0] * s0 + q2[0] * s1) * d, (q1[1] * s0 + q2[1] * s1) * d, (q1[2] * s0 + q2[2] * s1) * d, (q1[3] * s0 + q2[3] * s1) * d)


def interpolate(v0: Vector3, v1: Vector3, rt: float) -> Vector3:
    """Vector3::setInterpolate3."""
    s = 1.0 - rt
    return (s * v0[0] + rt * v1[0], s * v0[1] + rt * v1[1], s * v0[2] + rt * v1[2])


def matrix_from_quaternion(q: Quaternion) -> Matrix3x3:
    """Matrix3x3::setRotation (which normalizes: s = 2 / |q|²)."""
    x, y, z, w = q
    d = dot(q, q)
    s = _divide(2.0, d)
    xs, ys, zs = x * s, y * s, z * s
    wx, wy, wz = w * xs, w * ys, w * zs
    xx, xy, xz = x * xs, x * ys, x * zs
    yy, yz, zz = y * ys, y * zs, z * zs
    return ((1.0 - (yy + zz), xy - wz, xz + wy), (xy + wz, 1.0 - (xx + zz), yz - wx), (xz - wy, yz + wx, 1.0 - (xx + yy)))


def quaternion_from_matrix(m: Matrix3x3) -> Quaternion:
    """Matrix3x3::getRotation."""
    trace = m[0][0] + m[1][1] + m[2][2]
    temp = [0.0, 0.0, 0.0, 0.0]
    if trace > 0.0:
        s = _sqrt(trace + 1.0)
        temp[3] = s * 0.5
        s = _divide(0.5, s)
        temp[0] = (m[2][1] - m[1][2]) * s
        temp[1] = (m[0][2] - m[2][0]) * s
        temp[2] = (m[1][0] - m[0][1]) * s
    else:
        i = (2 if m[1][1] < m[2][2] else 1) if m[0][0] < m[1][1] else (2 if m[0][0] < m[2][2] else 0)
        j = (i + 1) % 3
        k = (i + 2) % 3
        s = _sqrt(m[i][i] - m[j][j] - m[k][k] + 1.0)
        temp[i] = s * 0.5
        s = _divide(0.5, s)
        temp[3] = (m[k][j] - m[j][k]) * s
        temp[j] = (m[j][i] + m[i][j]) * s
        temp[k] = (m[k][i] + m[i][k]) * s
    return (_canonical(temp[0]), _canonical(temp[1]), _canonical(temp[2]), _canonical(temp[3]))


def _sqrt(x: float) -> float:
    # C's sqrt gives NaN for a negative or NaN argument where Python's raises.
    return math.sqrt(x) if x >= 0.0 else math.nan


def _divide(a: float, b: float) -> float:
    # IEEE division, as C's: a zero divisor gives an infinity or NaN where Python's raises.
    if b == 0.0:
        return math.nan if a == 0.0 or a != a else math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def _canonical(x: float) -> float:
    return DEFAULT_NAN if x != x else x


def matrix_times(m1: Matrix3x3, m2: Matrix3x3) -> Matrix3x3:
    """Matrix3x3 * Matrix3x3: each element m2.tdot{x,y,z}(m1[row])."""

    def tdot(column: int, v: Vector3) -> float:
        return m2[0][column] * v[0] + m2[1][column] * v[1] + m2[2][column] * v[2]

    return tuple(tuple(tdot(column, m1[row]) for column in range(3)) for row in range(3))  # type: ignore[return-value]


def transform_point(basis: Matrix3x3, origin: Vector3, v: Vector3) -> Vector3:
    """Transform::operator()(v): basis[row].dot(v) + origin[row]."""
    return (dot(basis[0], v) + origin[0], dot(basis[1], v) + origin[1], dot(basis[2], v) + origin[2])
