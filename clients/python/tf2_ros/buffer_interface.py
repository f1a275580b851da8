"""tf2_ros.buffer_interface: BufferInterface's transform/transform_full over registered
do_transform functions, and the registries of conversions, as upstream's buffer_interface.py."""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any

from rclpy.duration import Duration
from rclpy.time import Time
from std_msgs.msg import Header

__all__ = ["BufferInterface", "ConvertRegistration", "NotImplementedException", "Stamped", "TransformRegistration", "TypeException", "convert"]


class BufferInterface:
    """What Buffer (and upstream's BufferClient) offer over lookup_transform and lookup_transform_full."""

    def __init__(self) -> None:
        self.registration = TransformRegistration()

    def transform(self, object_stamped: Any, target_frame: str, timeout: Duration = Duration(), new_type: Any = None) -> Any:
        do_transform = self.registration.get(type(object_stamped))
        res = do_transform(object_stamped, self.lookup_transform(target_frame, object_stamped.header.frame_id, object_stamped.header.stamp, timeout))
        if new_type is None:
            return res
        return convert(res, new_type)

    def transform_full(
        self, object_stamped: Any, target_frame: str, target_time: Time, fixed_frame: str, timeout: Duration = Duration(), new_type: Any = None
    ) -> Any:
        do_transform = self.registration.get(type(object_stamped))
        res = do_transform(
            object_stamped,
            self.lookup_transform_full(target_frame, target_time, object_stamped.header.frame_id, object_stamped.header.stamp, fixed_frame, timeout),
        )
        if new_type is None:
            return res
        return convert(res, new_type)

    def lookup_transform(self, target_frame: str, source_frame: str, time: Time, timeout: Duration = Duration()) -> Any:
        raise NotImplementedException()

    def lookup_transform_full(
        self, target_frame: str, target_time: Time, source_frame: str, source_time: Time, fixed_frame: str, timeout: Duration = Duration()
    ) -> Any:
        raise NotImplementedException()

    def can_transform(self, target_frame: str, source_frame: str, time: Time, timeout: Duration = Duration()) -> bool:
        raise NotImplementedException()

    def can_transform_full(
        self, target_frame: str, target_time: Time, source_frame: str, source_time: Time, fixed_frame: str, timeout: Duration = Duration()
    ) -> bool:
        raise NotImplementedException()


def Stamped(obj: Any, stamp: Any, frame_id: str) -> Any:  # noqa: N802 (upstream's name)
    obj.header = Header(frame_id=frame_id, stamp=stamp)
    return obj


class TypeException(Exception):
    """An unregistered type given to transform or convert."""

    def __init__(self, errstr: str) -> None:
        self.errstr = errstr


class NotImplementedException(Exception):
    def __init__(self) -> None:
        self.errstr = "CanTransform or LookupTransform not implemented"


_NOT_SUPPORTED = "Type %s is not loaded or supported"


class TransformRegistration:
    """The do_transform function of each type (one registry for every instance, as upstream's class attribute)."""

    __type_map: dict[Any, Callable[[Any, Any], Any]] = {}

    def print_me(self) -> None:
        print(TransformRegistration.__type_map)

    def add(self, key: Any, callback: Callable[[Any, Any], Any]) -> None:
        TransformRegistration.__type_map[key] = callback

    def get(self, key: Any) -> Callable[[Any, Any], Any]:
        if key not in TransformRegistration.__type_map:
            raise TypeException(_NOT_SUPPORTED % str(key))
        return TransformRegistration.__type_map[key]


class ConvertRegistration:
    __to_msg_map: dict[Any, Callable[[Any], Any]] = {}
    __from_msg_map: dict[Any, Callable[[Any], Any]] = {}
    __convert_map: dict[tuple[Any, Any], Callable[[Any], Any]] = {}

    def add_from_msg(self, key: Any, callback: Callable[[Any], Any]) -> None:
        ConvertRegistration.__from_msg_map[key] = callback

    def add_to_msg(self, key: Any, callback: Callable[[Any], Any]) -> None:
        ConvertRegistration.__to_msg_map[key] = callback

    def add_convert(self, key: tuple[Any, Any], callback: Callable[[Any], Any]) -> None:
        ConvertRegistration.__convert_map[key] = callback

    def get_from_msg(self, key: Any) -> Callable[[Any], Any]:
        if key not in ConvertRegistration.__from_msg_map:
            raise TypeException(_NOT_SUPPORTED % str(key))
        return ConvertRegistration.__from_msg_map[key]

    def get_to_msg(self, key: Any) -> Callable[[Any], Any]:
        if key not in ConvertRegistration.__to_msg_map:
            raise TypeException(_NOT_SUPPORTED % str(key))
        return ConvertRegistration.__to_msg_map[key]

    def get_convert(self, key: tuple[Any, Any]) -> Callable[[Any], Any]:
        if key not in ConvertRegistration.__convert_map:
            raise TypeException(_NOT_SUPPORTED % str(key))
        return ConvertRegistration.__convert_map[key]


def convert(a: Any, b_type: Any) -> Any:
    """`a` as type `b_type`: a registered conversion, a copy of the same type, or through its message."""
    c = ConvertRegistration()
    try:
        return c.get_convert((type(a), b_type))(a)
    except TypeException:
        if type(a) is b_type:
            return deepcopy(a)
        return c.get_from_msg(b_type)(c.get_to_msg(type(a))(a))
