"""do_transform_point/vector3/pose/pose_stamped/pose_with_covariance_stamped/polygon_stamped and
transform_covariance, as upstream's tf2_geometry_msgs.py (its affine products in _affine.py), each
registered with tf2_ros' TransformRegistration, and the identity conversions of
Vector3Stamped, PoseStamped and PointStamped."""

from __future__ import annotations

from typing import Any

import tf2_ros
from geometry_msgs.msg import Point, Point32, PointStamped, PolygonStamped, Pose, PoseStamped, PoseWithCovarianceStamped, TransformStamped, Vector3Stamped
from tf_transformations import _fixed_order as _affine

__all__ = [
    "do_transform_point",
    "do_transform_polygon_stamped",
    "do_transform_pose",
    "do_transform_pose_stamped",
    "do_transform_pose_with_covariance_stamped",
    "do_transform_vector3",
    "from_msg_msg",
    "to_msg_msg",
    "transform_covariance",
]


def to_msg_msg(msg: Any) -> Any:
    return msg


def from_msg_msg(msg: Any) -> Any:
    return msg


for _type in (Vector3Stamped, PoseStamped, PointStamped):
    tf2_ros.ConvertRegistration().add_to_msg(_type, to_msg_msg)
    tf2_ros.ConvertRegistration().add_from_msg(_type, from_msg_msg)


def _transform_to_affine(transform: TransformStamped) -> _affine.Matrix:
    t = transform.transform
    return _affine.build_affine([t.rotation.w, t.rotation.x, t.rotation.y, t.rotation.z], [t.translation.x, t.translation.y, t.translation.z])


def transform_covariance(cov_in: Any, transform: TransformStamped) -> Any:
    """R·C·Rᵀ of each 3x3 block of a 6x6 covariance, R from the transform's quaternion by upstream's formula."""
    q0, q1, q2, q3 = (transform.transform.rotation.w, transform.transform.rotation.x, transform.transform.rotation.y, transform.transform.rotation.z)
    r = [
        [2 * (q0 * q0 + q1 * q1) - 1, 2 * (q1 * q2 - q0 * q3), 2 * (q1 * q3 + q0 * q2)],
        [2 * (q1 * q2 + q0 * q3), 2 * (q0 * q0 + q2 * q2) - 1, 2 * (q2 * q3 - q0 * q1)],
        [2 * (q1 * q3 - q0 * q2), 2 * (q2 * q3 + q0 * q1), 2 * (q0 * q0 + q3 * q3) - 1],
    ]
    cov = [float(value) for value in cov_in]
    cov_out = PoseWithCovarianceStamped()
    for block_row in (0, 3):
        for block_column in (0, 3):
            block = [[cov[(block_row + i) * 6 + block_column + j] for j in range(3)] for i in range(3)]
            rc = [[r[i][0] * block[0][j] + r[i][1] * block[1][j] + r[i][2] * block[2][j] for j in range(3)] for i in range(3)]
            for i in range(3):
                for j in range(3):
                    cov_out.pose.covariance[(block_row + i) * 6 + block_column + j] = rc[i][0] * r[j][0] + rc[i][1] * r[j][1] + rc[i][2] * r[j][2]
    return cov_out.pose.covariance


def _transformed_point(transform: TransformStamped, x: float, y: float, z: float) -> list[float]:
    product = _affine.times(_transform_to_affine(transform), _affine.build_affine(translation=[x, y, z]))
    return [product[0][3], product[1][3], product[2][3]]


def do_transform_point(point: PointStamped, transform: TransformStamped) -> PointStamped:
    p = _transformed_point(transform, point.point.x, point.point.y, point.point.z)
    res = PointStamped()
    res.point.x, res.point.y, res.point.z = p
    res.header = transform.header
    return res


def do_transform_vector3(vector3: Vector3Stamped, transform: TransformStamped) -> Vector3Stamped:
    """The vector rotated only (upstream zeroes the given transform's translation to do so)."""
    transform.transform.translation.x = 0.0
    transform.transform.translation.y = 0.0
    transform.transform.translation.z = 0.0
    p = _transformed_point(transform, vector3.vector.x, vector3.vector.y, vector3.vector.z)
    res = Vector3Stamped()
    res.vector.x, res.vector.y, res.vector.z = p
    res.header = transform.header
    return res


def do_transform_pose(pose: Pose, transform: TransformStamped) -> Pose:
    o = pose.orientation
    product = _affine.times(
        _transform_to_affine(transform), _affine.build_affine(translation=[pose.position.x, pose.position.y, pose.position.z], rotation=[o.w, o.x, o.y, o.z])
    )
    quaternion = _affine.quaternion_of_matrix([row[:3] for row in product[:3]])
    res = Pose()
    res.position.x, res.position.y, res.position.z = product[0][3], product[1][3], product[2][3]
    res.orientation.w, res.orientation.x, res.orientation.y, res.orientation.z = quaternion
    return res


def do_transform_pose_stamped(pose: PoseStamped, transform: TransformStamped) -> PoseStamped:
    res = PoseStamped()
    res.pose = do_transform_pose(pose.pose, transform)
    res.header = transform.header
    return res


def do_transform_pose_with_covariance_stamped(pose: PoseWithCovarianceStamped, transform: TransformStamped) -> PoseWithCovarianceStamped:
    res = PoseWithCovarianceStamped()
    res.pose.pose = do_transform_pose(pose.pose.pose, transform)
    res.pose.covariance = transform_covariance(pose.pose.covariance, transform)
    res.header = transform.header
    return res


def do_transform_polygon_stamped(polygon: PolygonStamped, transform: TransformStamped) -> PolygonStamped:
    res = PolygonStamped()
    for point in polygon.polygon.points:
        transformed = do_transform_point(PointStamped(point=Point(x=point.x, y=point.y, z=point.z)), transform)
        res.polygon.points.append(Point32(x=transformed.point.x, y=transformed.point.y, z=transformed.point.z))
    res.header = transform.header
    return res


tf2_ros.TransformRegistration().add(PointStamped, do_transform_point)
tf2_ros.TransformRegistration().add(Vector3Stamped, do_transform_vector3)
tf2_ros.TransformRegistration().add(PoseStamped, do_transform_pose_stamped)
tf2_ros.TransformRegistration().add(PoseWithCovarianceStamped, do_transform_pose_with_covariance_stamped)
tf2_ros.TransformRegistration().add(PolygonStamped, do_transform_polygon_stamped)
