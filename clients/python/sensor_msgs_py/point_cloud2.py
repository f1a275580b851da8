"""sensor_msgs_py.point_cloud2: PointCloud2 messages to and from numpy arrays, as upstream's
point_cloud2.py (ros2/common_interfaces, Jazzy) — except that byte order never shows: a cloud this
makes is little-endian on every machine (upstream's is the machine's), and a cloud is read in the
byte order its is_bigendian says (upstream swaps when it differs from the machine's, the same values)."""

from __future__ import annotations

import array
from collections import namedtuple
from collections.abc import Iterable
from typing import Any, NamedTuple

import numpy as np
from numpy.lib.recfunctions import structured_to_unstructured, unstructured_to_structured
from sensor_msgs.msg import PointCloud2, PointField
from std_msgs.msg import Header

__all__ = ["DUMMY_FIELD_PREFIX", "create_cloud", "create_cloud_xyz32", "dtype_from_fields", "read_points", "read_points_list", "read_points_numpy"]

_DATATYPES = {
    PointField.INT8: np.dtype(np.int8),
    PointField.UINT8: np.dtype(np.uint8),
    PointField.INT16: np.dtype(np.int16),
    PointField.UINT16: np.dtype(np.uint16),
    PointField.INT32: np.dtype(np.int32),
    PointField.UINT32: np.dtype(np.uint32),
    PointField.FLOAT32: np.dtype(np.float32),
    PointField.FLOAT64: np.dtype(np.float64),
}

DUMMY_FIELD_PREFIX = "unnamed_field"


def read_points(
    cloud: PointCloud2, field_names: list[str] | None = None, skip_nans: bool = False, uvs: Iterable[int] | None = None, reshape_organized_cloud: bool = False
) -> np.ndarray:
    """The cloud's points as a structured numpy array (only `field_names`, without points with a NaN, only those at `uvs`)."""
    assert isinstance(cloud, PointCloud2), "Cloud is not a sensor_msgs.msg.PointCloud2"
    dtype = dtype_from_fields(cloud.fields, point_step=cloud.point_step, big_endian=bool(cloud.is_bigendian))
    points = np.ndarray(shape=(cloud.width * cloud.height,), dtype=dtype, buffer=bytearray(cloud.data))
    if field_names is not None:
        assert all(field_name in points.dtype.names for field_name in field_names), "Requests field is not in the fields of the PointCloud!"
        points = points[list(field_names)]
    if skip_nans and not cloud.is_dense:
        not_nan_mask = np.ones(len(points), dtype=bool)
        for field_name in points.dtype.names:
            not_nan_mask = np.logical_and(not_nan_mask, ~np.isnan(points[field_name]))
        points = points[not_nan_mask]
    if uvs is not None:
        if not isinstance(uvs, np.ndarray):
            uvs = np.fromiter(uvs, int)
        points = points[uvs]
    if reshape_organized_cloud and cloud.height > 1:
        points = points.reshape(cloud.width, cloud.height)
    return points


def read_points_numpy(
    cloud: PointCloud2, field_names: list[str] | None = None, skip_nans: bool = False, uvs: Iterable[int] | None = None, reshape_organized_cloud: bool = False
) -> np.ndarray:
    """Fields of one datatype as an unstructured numpy array (a column per field)."""
    assert all(cloud.fields[0].datatype == field.datatype for field in cloud.fields[1:] if field_names is None or field.name in field_names), (
        "All fields need to have the same datatype. Use `read_points()` otherwise."
    )
    return structured_to_unstructured(read_points(cloud, field_names, skip_nans, uvs, reshape_organized_cloud))


def read_points_list(cloud: PointCloud2, field_names: list[str] | None = None, skip_nans: bool = False, uvs: Iterable[int] | None = None) -> list[NamedTuple]:
    """The points as a list of namedtuples named Point."""
    assert isinstance(cloud, PointCloud2), "cloud is not a sensor_msgs.msg.PointCloud2"
    if field_names is None:
        field_names = [f.name for f in cloud.fields]
    Point = namedtuple("Point", field_names)  # type: ignore[misc]
    return [Point._make(p) for p in read_points(cloud, field_names, skip_nans, uvs)]


def dtype_from_fields(fields: Iterable[PointField], point_step: int | None = None, big_endian: bool = False) -> np.dtype:
    """The numpy dtype of PointFields: a field of count n as subfields NAME_0 … NAME_(n-1), an unnamed one as unnamed_field_I."""
    field_names: list[str] = []
    field_offsets: list[int] = []
    field_datatypes: list[str] = []
    order = ">" if big_endian else "<"
    for i, field in enumerate(fields):
        datatype = _DATATYPES[field.datatype]
        name = f"{DUMMY_FIELD_PREFIX}_{i}" if field.name == "" else field.name
        assert field.count > 0, "Can't process fields with count = 0."
        for a in range(field.count):
            subfield_name = f"{name}_{a}" if field.count > 1 else name
            assert subfield_name not in field_names, "Duplicate field names are not allowed!"
            field_names.append(subfield_name)
            field_offsets.append(field.offset + a * datatype.itemsize)
            field_datatypes.append(datatype.newbyteorder(order).str)
    dtype_dict: dict[str, Any] = {"names": field_names, "formats": field_datatypes, "offsets": field_offsets}
    if point_step is not None:
        dtype_dict["itemsize"] = point_step
    return np.dtype(dtype_dict)


def create_cloud(header: Header, fields: list[PointField], points: Any, point_step: int | None = None) -> PointCloud2:
    """A PointCloud2 of `points` (an iterable of per-point iterables, or a numpy array; 2-D for an organized cloud)."""
    dtype = dtype_from_fields(fields, point_step)
    if isinstance(points, np.ndarray):
        if points.dtype.names is None:
            assert all(fields[0].datatype == field.datatype for field in fields[1:]), (
                "All fields need to have the same datatype. Pass a structured NumPy array with multiple dtypes otherwise."
            )
            points = unstructured_to_structured(points, dtype=dtype)
        else:
            assert points.dtype == dtype, "PointFields and structured NumPy array dtype do not match for all fields! Check their field order, names and types."
    else:
        points = np.array(list(map(tuple, points)), dtype=dtype)
    assert len(points.shape) <= 2, "Too many dimensions for organized cloud! Points can only be organized in max. two dimensional space"
    height = 1
    width = points.shape[0]
    if len(points.shape) == 2:
        height = points.shape[1]
    array_array = array.array("B")
    array_array.frombytes(np.ascontiguousarray(points).tobytes())
    cloud = PointCloud2(
        header=header,
        height=height,
        width=width,
        is_dense=False,
        is_bigendian=False,
        fields=fields,
        point_step=points.dtype.itemsize,
        row_step=(points.dtype.itemsize * width),
    )
    cloud.data = array_array
    return cloud


def create_cloud_xyz32(header: Header, points: Any) -> PointCloud2:
    """A PointCloud2 of float32 x, y, z."""
    fields = [
        PointField(name="x", offset=0, datatype=PointField.FLOAT32, count=1),
        PointField(name="y", offset=4, datatype=PointField.FLOAT32, count=1),
        PointField(name="z", offset=8, datatype=PointField.FLOAT32, count=1),
    ]
    return create_cloud(header, fields, points)
