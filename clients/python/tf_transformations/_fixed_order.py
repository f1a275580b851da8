"""Matrix arithmetic in Python floats in a fixed order, where upstream's tf_transformations and
tf2_geometry_msgs call BLAS and LAPACK, whose last bits depend on the CPU and the library build:
products sum k = 0, 1, … in order; an inverse is Gauss-Jordan elimination with partial pivoting;
the quaternion of a rotation matrix is the eigenvector of Bar-Itzhack's K of the largest eigenvalue
(what upstream takes from numpy.linalg.eigh, through transforms3d's mat2quat in tf_transformations),
found by cyclic Jacobi rotations. Also tf2_geometry_msgs' 4x4 affine matrices (quat2mat)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

Matrix = list[list[float]]


def build_affine(rotation: Sequence[float] | None = None, translation: Sequence[float] | None = None) -> Matrix:
    """An affine matrix of a quaternion [w, x, y, z] and a translation [x, y, z]."""
    affine = [[1.0 if row == column else 0.0 for column in range(4)] for row in range(4)]
    if rotation is not None:
        rotation_matrix = matrix_of_quaternion([float(value) for value in rotation])
        for row in range(3):
            affine[row][:3] = rotation_matrix[row]
    if translation is not None:
        for row in range(3):
            affine[row][3] = float(translation[row])
    return affine


def matrix_of_quaternion(q: list[float]) -> Matrix:
    """quat2mat of [w, x, y, z] (an identity for a quaternion of length below epsilon)."""
    w, x, y, z = q
    nq = w * w + x * x + y * y + z * z
    if nq < np.finfo(np.float64).eps:
        return [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    sx, sy, sz = x * 2.0 / nq, y * 2.0 / nq, z * 2.0 / nq
    wx, wy, wz = sx * w, sy * w, sz * w
    xx, xy, xz = sx * x, sy * x, sz * x
    yy, yz = sy * y, sz * y
    zz = sz * z
    return [[1.0 - (yy + zz), xy - wz, xz + wy], [xy + wz, 1.0 - (xx + zz), yz - wx], [xz - wy, yz + wx, 1.0 - (xx + yy)]]


def dot(a: Sequence[float], b: Sequence[float]) -> float:
    total = 0.0
    for x, y in zip(a, b):
        total += x * y
    return total


def product(a: Any, b: Any) -> Any:
    """numpy.dot of two matrices, a matrix and a vector, or two vectors, as nested lists."""
    a_matrix, b_matrix = isinstance(a[0], list), isinstance(b[0], list)
    if not a_matrix and not b_matrix:
        return dot(a, b)
    if a_matrix and not b_matrix:
        return [dot(row, b) for row in a]
    columns = [list(column) for column in zip(*b)]
    if not a_matrix:
        return [dot(a, column) for column in columns]
    return [[dot(row, column) for column in columns] for row in a]


def times(a: Matrix, b: Matrix) -> Matrix:
    return product(a, b)


def inverse(m: Matrix) -> Matrix:
    """The inverse of a square matrix (numpy.linalg.LinAlgError "Singular matrix" if it has none)."""
    n = len(m)
    work = [[float(value) for value in row] + [1.0 if row_index == column else 0.0 for column in range(n)] for row_index, row in enumerate(m)]
    for column in range(n):
        pivot = max(range(column, n), key=lambda row: (abs(work[row][column]), -row))
        if work[pivot][column] == 0.0:
            raise np.linalg.LinAlgError("Singular matrix")
        work[column], work[pivot] = work[pivot], work[column]
        scale = work[column][column]
        work[column] = [value / scale for value in work[column]]
        for row in range(n):
            if row != column and work[row][column] != 0.0:
                factor = work[row][column]
                work[row] = [value - factor * pivot_value for value, pivot_value in zip(work[row], work[column])]
    return [row[n:] for row in work]


def quaternion_of_matrix(m: Matrix) -> list[float]:
    """mat2quat: [w, x, y, z] with w >= 0."""
    qxx, qyx, qzx = m[0][0], m[0][1], m[0][2]
    qxy, qyy, qzy = m[1][0], m[1][1], m[1][2]
    qxz, qyz, qzz = m[2][0], m[2][1], m[2][2]
    k = [
        [qxx - qyy - qzz, qyx + qxy, qzx + qxz, qyz - qzy],
        [qyx + qxy, qyy - qxx - qzz, qzy + qyz, qzx - qxz],
        [qzx + qxz, qzy + qyz, qzz - qxx - qyy, qxy - qyx],
        [qyz - qzy, qzx - qxz, qxy - qyx, qxx + qyy + qzz],
    ]
    k = [[value / 3.0 for value in row] for row in k]
    values, vectors = _jacobi_eigen(k)
    largest = max(range(4), key=lambda index: (values[index], index))
    q = [vectors[3][largest], vectors[0][largest], vectors[1][largest], vectors[2][largest]]
    if q[0] < 0:
        q = [-value for value in q]
    return q


def _jacobi_eigen(a: Matrix) -> tuple[list[float], Matrix]:
    """Eigenvalues and eigenvectors (columns) of a symmetric 4x4 matrix."""
    a = [row[:] for row in a]
    v = [[1.0 if row == column else 0.0 for column in range(4)] for row in range(4)]
    for _sweep in range(50):
        off = sum(a[p][q] * a[p][q] for p in range(4) for q in range(p + 1, 4))
        if off == 0.0:
            break
        for p in range(3):
            for q in range(p + 1, 4):
                if a[p][q] == 0.0:
                    continue
                theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q])
                t = math.copysign(1.0, theta) / (abs(theta) + math.sqrt(theta * theta + 1.0)) if abs(theta) < 1e150 else 0.5 / theta
                c = 1.0 / math.sqrt(t * t + 1.0)
                s = t * c
                for r in range(4):
                    arp, arq = a[r][p], a[r][q]
                    a[r][p], a[r][q] = c * arp - s * arq, s * arp + c * arq
                for r in range(4):
                    apr, aqr = a[p][r], a[q][r]
                    a[p][r], a[q][r] = c * apr - s * aqr, s * apr + c * aqr
                for r in range(4):
                    vrp, vrq = v[r][p], v[r][q]
                    v[r][p], v[r][q] = c * vrp - s * vrq, s * vrp + c * vrq
    return [a[i][i] for i in range(4)], v
