"""sensor_msgs' image encodings as OpenCV types, as cv_bridge's getCvType (cv_bridge.cpp), without
OpenCV: an OpenCV type is its depth (CV_8U 0 … CV_64F 6) plus (channels - 1) * 8."""

from __future__ import annotations

import re

DEPTHS = ["8U", "8S", "16U", "16S", "32S", "32F", "64F"]
NUMPY_OF_DEPTH = ["uint8", "int8", "uint16", "int16", "int32", "float32", "float64"]

_NAMED = {
    "bgr8": ("8U", 3), "mono8": ("8U", 1), "rgb8": ("8U", 3), "mono16": ("16U", 1), "bgr16": ("16U", 3), "rgb16": ("16U", 3),
    "bgra8": ("8U", 4), "rgba8": ("8U", 4), "bgra16": ("16U", 4), "rgba16": ("16U", 4),
    "bayer_rggb8": ("8U", 1), "bayer_bggr8": ("8U", 1), "bayer_gbrg8": ("8U", 1), "bayer_grbg8": ("8U", 1),
    "bayer_rggb16": ("16U", 1), "bayer_bggr16": ("16U", 1), "bayer_gbrg16": ("16U", 1), "bayer_grbg16": ("16U", 1),
    "yuv422": ("8U", 2), "yuv422_yuy2": ("8U", 2),
}  # fmt: skip

# The colour encodings whose conversions are channel orders (OpenCV's COLOR_RGB2BGR, COLOR_BGR2BGRA …),
# as the order of R, G, B (and A) in a pixel.
CHANNEL_ORDERS = {"rgb8": "RGB", "bgr8": "BGR", "rgba8": "RGBA", "bgra8": "BGRA", "rgb16": "RGB", "bgr16": "BGR", "rgba16": "RGBA", "bgra16": "BGRA"}


class EncodingError(RuntimeError):
    """cv_bridge::Exception."""


def cv_type(encoding: str) -> int:
    named = _NAMED.get(encoding)
    if named is not None:
        return make_type(DEPTHS.index(named[0]), named[1])
    m = re.fullmatch(r"(8U|8S|16U|16S|32S|32F|64F)C([0-9]+)", encoding)
    if m:
        return make_type(DEPTHS.index(m.group(1)), int(m.group(2)))
    m = re.fullmatch(r"(8U|8S|16U|16S|32S|32F|64F)", encoding)
    if m:
        return make_type(DEPTHS.index(m.group(1)), 1)
    raise EncodingError(f"Unrecognized image encoding [{encoding}]")


def make_type(depth: int, channels: int) -> int:
    return depth + ((channels - 1) << 3)


def depth_of(cvtype: int) -> int:
    return cvtype & 7


def channels_of(cvtype: int) -> int:
    return (cvtype >> 3) + 1
