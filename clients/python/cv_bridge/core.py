"""cv_bridge.CvBridge: sensor_msgs Image to numpy arrays and back, as vision_opencv's core.py, with
what OpenCV did for it done in numpy: encodings and types (_encodings.py), and colour conversions
that only reorder channels (rgb8 ↔ bgr8, adding or dropping alpha). A conversion that computes
(to mono, from Bayer or YUV) raises CvBridgeError saying OpenCV is needed; the compressed-image
functions use cv2 as upstream's do (without OpenCV, its ModuleNotFoundError, as upstream)."""

from __future__ import annotations

from typing import Any

import numpy as np
import sensor_msgs.msg

from cv_bridge import _encodings

__all__ = ["CvBridge", "CvBridgeError"]


class CvBridgeError(TypeError):
    """This is the error raised by :class:`cv_bridge.CvBridge` methods when they fail."""


class CvBridge:
    def __init__(self) -> None:
        self.cvtype_to_name: dict[int, str] = {}
        self.cvdepth_to_numpy_depth = dict(enumerate(_encodings.NUMPY_OF_DEPTH))
        for depth, name in enumerate(_encodings.DEPTHS):
            for c in (1, 2, 3, 4):
                self.cvtype_to_name[_encodings.make_type(depth, c)] = f"{name}C{c}"
        self.numpy_type_to_cvtype = dict(zip(_encodings.NUMPY_OF_DEPTH, _encodings.DEPTHS))
        self.numpy_type_to_cvtype.update({v: k for (k, v) in self.numpy_type_to_cvtype.items()})

    def dtype_with_channels_to_cvtype2(self, dtype: np.dtype, n_channels: int) -> str:
        return f"{self.numpy_type_to_cvtype[dtype.name]}C{n_channels}"

    def cvtype2_to_dtype_with_channels(self, cvtype: int) -> tuple[str, int]:
        return self.cvdepth_to_numpy_depth[_encodings.depth_of(cvtype)], _encodings.channels_of(cvtype)

    def encoding_to_cvtype2(self, encoding: str) -> int:
        try:
            return _encodings.cv_type(encoding)
        except RuntimeError as e:
            raise CvBridgeError(e) from None

    def encoding_to_dtype_with_channels(self, encoding: str) -> tuple[str, int]:
        return self.cvtype2_to_dtype_with_channels(self.encoding_to_cvtype2(encoding))

    def compressed_imgmsg_to_cv2(self, cmprs_img_msg: Any, desired_encoding: str = "passthrough") -> np.ndarray:
        import cv2

        buf = np.ndarray(shape=(1, len(cmprs_img_msg.data)), dtype=np.uint8, buffer=bytes(cmprs_img_msg.data))
        im = cv2.imdecode(buf, cv2.IMREAD_UNCHANGED)
        if desired_encoding == "passthrough":
            return im
        return _convert(im, "bgr8", desired_encoding)

    def imgmsg_to_cv2(self, img_msg: Any, desired_encoding: str = "passthrough") -> np.ndarray:
        """The image as a numpy array (height x width, or height x width x channels), in the
        machine's byte order whatever the message's."""
        dtype_name, n_channels = self.encoding_to_dtype_with_channels(img_msg.encoding)
        dtype = np.dtype(dtype_name).newbyteorder(">" if img_msg.is_bigendian else "<")
        img_buf = bytes(img_msg.data) if not isinstance(img_msg.data, list) else np.asarray(img_msg.data, dtype=dtype).tobytes()
        if n_channels == 1:
            im = np.ndarray(shape=(img_msg.height, int(img_msg.step / dtype.itemsize)), dtype=dtype, buffer=img_buf)
            im = np.ascontiguousarray(im[: img_msg.height, : img_msg.width])
        else:
            im = np.ndarray(shape=(img_msg.height, int(img_msg.step / dtype.itemsize / n_channels), n_channels), dtype=dtype, buffer=img_buf)
            im = np.ascontiguousarray(im[: img_msg.height, : img_msg.width, :])
        im = im.astype(dtype.newbyteorder("="))
        if desired_encoding == "passthrough":
            return im
        return _convert(im, img_msg.encoding, desired_encoding)

    def cv2_to_compressed_imgmsg(self, cvim: Any, dst_format: str = "jpg") -> Any:
        import cv2

        if not isinstance(cvim, (np.ndarray, np.generic)):
            raise TypeError("Your input type is not a numpy array")
        cmprs_img_msg = sensor_msgs.msg.CompressedImage()
        cmprs_img_msg.format = dst_format
        try:
            cmprs_img_msg.data.frombytes(np.array(cv2.imencode("." + dst_format, cvim)[1]).tobytes())
        except RuntimeError as e:
            raise CvBridgeError(e) from None
        return cmprs_img_msg

    def cv2_to_imgmsg(self, cvim: Any, encoding: str = "passthrough", header: Any = None) -> Any:
        """An Image of a numpy array, little-endian unless the array is big-endian."""
        if not isinstance(cvim, (np.ndarray, np.generic)):
            raise TypeError("Your input type is not a numpy array")
        img_msg = sensor_msgs.msg.Image()
        img_msg.height = cvim.shape[0]
        img_msg.width = cvim.shape[1]
        if header is not None:
            img_msg.header = header
        if len(cvim.shape) < 3:
            cv_type = self.dtype_with_channels_to_cvtype2(cvim.dtype, 1)
        else:
            cv_type = self.dtype_with_channels_to_cvtype2(cvim.dtype, cvim.shape[2])
        if encoding == "passthrough":
            img_msg.encoding = cv_type
        else:
            img_msg.encoding = encoding
            if self.cvtype_to_name[self.encoding_to_cvtype2(encoding)] != cv_type:
                raise CvBridgeError(f"encoding specified as {encoding}, but image has incompatible type {cv_type}")
        if cvim.dtype.byteorder == ">":
            img_msg.is_bigendian = True
            data = cvim.tobytes()
        else:
            data = cvim.astype(cvim.dtype.newbyteorder("<")).tobytes()
        img_msg.data.frombytes(data)
        img_msg.step = len(img_msg.data) // img_msg.height
        return img_msg


def _convert(im: np.ndarray, source: str, target: str) -> np.ndarray:
    """cvtColor2 for the conversions that only reorder channels."""
    if source == target:
        return im
    orders = _encodings.CHANNEL_ORDERS
    if source in orders and target in orders and (source.endswith("16") == target.endswith("16")):
        full = np.iinfo(im.dtype).max
        channels = {letter: im[:, :, index] for index, letter in enumerate(orders[source])}
        channels.setdefault("A", np.full(im.shape[:2], full, dtype=im.dtype))
        return np.ascontiguousarray(np.stack([channels[letter] for letter in orders[target]], axis=2))
    try:
        _encodings.cv_type(source)
        _encodings.cv_type(target)
    except RuntimeError as e:
        raise CvBridgeError(e) from None
    raise CvBridgeError(f"cv_bridge: converting [{source}] to [{target}] needs OpenCV (cv2), which this Python does not have")
