"""tf2's BufferCore in Python, following tf2/src/buffer_core.cpp: frames numbered in the order
their names are first seen (frameIDs_), one cache per child frame, lookups that walk from both
frames to their common ancestor (walkToTopParent), time 0 as the latest common time, and tf2's
error texts. The API is tf2_py's (set_transform, lookup_transform_core, …)."""

from __future__ import annotations

import math
import sys
from typing import Any

from tf2_py import _linear_math as lm
from tf2_py._exceptions import ConnectivityException, ExtrapolationException, InvalidArgumentException, LookupException, TransformException
from tf2_py._time_cache import (
    BACKWARD_EXTRAPOLATION_ERROR,
    CONNECTIVITY_ERROR,
    EXTRAPOLATION_ERROR,
    FORWARD_EXTRAPOLATION_ERROR,
    LOOKUP_ERROR,
    NO_DATA_FOR_EXTRAPOLATION_ERROR,
    NO_ERROR,
    Cache,
    LookupError_,
    StaticCache,
    TimeCache,
    TransformStorage,
    display_time_point,
    time_to_sec,
)

DEFAULT_CACHE_TIME_NS = 10_000_000_000
MAX_GRAPH_DEPTH = 1000
# QUATERNION_NORMALIZATION_TOLERANCE (buffer_core.cpp).
_NORMALIZATION_TOLERANCE = 10e-3
_TIME_MAX = (1 << 63) - 1

_ERROR_CLASSES: dict[int, type[TransformException]] = {
    CONNECTIVITY_ERROR: ConnectivityException,
    BACKWARD_EXTRAPOLATION_ERROR: ExtrapolationException,
    FORWARD_EXTRAPOLATION_ERROR: ExtrapolationException,
    NO_DATA_FOR_EXTRAPOLATION_ERROR: ExtrapolationException,
    EXTRAPOLATION_ERROR: ExtrapolationException,
    LOOKUP_ERROR: LookupException,
}

# How walkToTopParent ended (its WalkEnding).
_IDENTITY, _TARGET_PARENT_OF_SOURCE, _SOURCE_PARENT_OF_TARGET, _FULL_PATH = range(4)


def _nanoseconds(value: Any, what: str) -> int:
    """tf2_py's rostime and rosduration converters: a message (sec, nanosec) or an rclpy value (nanoseconds)."""
    if hasattr(value, "sec") and hasattr(value, "nanosec"):
        return int(value.sec) * 1_000_000_000 + int(value.nanosec)
    if hasattr(value, "nanoseconds"):
        return int(value.nanoseconds)
    raise TypeError(f"{what} must have sec and nanosec, or nanoseconds.")


def time_ns(value: Any) -> int:
    return _nanoseconds(value, "time")


def duration_ns(value: Any) -> int:
    return _nanoseconds(value, "duration")


def _c_float(value: float) -> str:
    """printf's %f, with glibc's sign on a NaN."""
    if value != value:
        return "-nan" if math.copysign(1.0, value) < 0 else "nan"
    return "%f" % value


def _log(severity: str, text: str) -> None:
    """RCUTILS_LOG_ERROR/WARN (the logger without a name): through rclpy's root logger where a
    program has rclpy, else on stderr."""
    try:
        from rclpy.impl.rcutils_logger import RcutilsLogger
    except ImportError:
        sys.stderr.write(f"[{severity}] []: {text}\n")
        return
    logger = RcutilsLogger()
    (logger.error if severity == "ERROR" else logger.warning)(text)


class _TransformAccum:
    """TransformAccum: the source's and the target's transforms to the top parent."""

    def __init__(self) -> None:
        self.st: TransformStorage | None = None
        self.time = 0
        self.source_to_top_quat: lm.Quaternion = lm.IDENTITY_QUATERNION
        self.source_to_top_vec: lm.Vector3 = lm.ZERO_VECTOR
        self.target_to_top_quat: lm.Quaternion = lm.IDENTITY_QUATERNION
        self.target_to_top_vec: lm.Vector3 = lm.ZERO_VECTOR
        self.result_quat: lm.Quaternion = lm.IDENTITY_QUATERNION
        self.result_vec: lm.Vector3 = lm.ZERO_VECTOR

    def gather(self, cache: Cache, time: int, error: LookupError_ | None) -> int:
        st = cache.get_data(time, error)
        if st is None:
            return 0
        self.st = st
        return st.frame_id

    def accum(self, source: bool) -> None:
        assert self.st is not None
        rotation, translation = self.st.rotation, self.st.translation
        if source:
            self.source_to_top_vec = lm.add(lm.quat_rotate(rotation, self.source_to_top_vec), translation)
            self.source_to_top_quat = lm.quaternion_times(rotation, self.source_to_top_quat)
        else:
            self.target_to_top_vec = lm.add(lm.quat_rotate(rotation, self.target_to_top_vec), translation)
            self.target_to_top_quat = lm.quaternion_times(rotation, self.target_to_top_quat)

    def finalize(self, end: int, time: int) -> None:
        if end == _TARGET_PARENT_OF_SOURCE:
            self.result_vec = self.source_to_top_vec
            self.result_quat = self.source_to_top_quat
        elif end == _SOURCE_PARENT_OF_TARGET:
            inv_target_quat = lm.inverse(self.target_to_top_quat)
            self.result_vec = lm.quat_rotate(inv_target_quat, lm.negate(self.target_to_top_vec))
            self.result_quat = inv_target_quat
        elif end == _FULL_PATH:
            inv_target_quat = lm.inverse(self.target_to_top_quat)
            inv_target_vec = lm.quat_rotate(inv_target_quat, lm.negate(self.target_to_top_vec))
            self.result_vec = lm.add(lm.quat_rotate(inv_target_quat, self.source_to_top_vec), inv_target_vec)
            self.result_quat = lm.quaternion_times(inv_target_quat, self.source_to_top_quat)
        self.time = time


class _CanTransformAccum:
    def gather(self, cache: Cache, time: int, error: LookupError_ | None) -> int:
        return cache.get_parent(time, error)

    def accum(self, source: bool) -> None:
        pass

    def finalize(self, end: int, time: int) -> None:
        pass


class _Transform:
    """tf2::Transform: a rotation matrix and an origin (what lookups return their result through)."""

    def __init__(self, rotation: lm.Quaternion, origin: lm.Vector3) -> None:
        self.basis = lm.matrix_from_quaternion(rotation)
        self.origin = origin

    def times(self, other: _Transform) -> _Transform:
        product = _Transform(lm.IDENTITY_QUATERNION, lm.transform_point(self.basis, self.origin, other.origin))
        product.basis = lm.matrix_times(self.basis, other.basis)
        return product

    def rotation(self) -> lm.Quaternion:
        return lm.quaternion_from_matrix(self.basis)


class BufferCore:
    """tf2_py's BufferCore(cache_time=Duration(seconds=10))."""

    def __init__(self, cache_time: Any = None) -> None:
        self._cache_time = DEFAULT_CACHE_TIME_NS if cache_time is None else duration_ns(cache_time)
        self._frame_ids: dict[str, int] = {"NO_PARENT": 0}
        self._frame_names: list[str] = ["NO_PARENT"]
        self._frames: list[Cache | None] = [None]
        self._authority: dict[int, str] = {}

    # --- setting transforms

    def set_transform(self, transform: Any, authority: str) -> None:
        self._set(transform, authority, False)

    def set_transform_static(self, transform: Any, authority: str) -> None:
        self._set(transform, authority, True)

    def _set(self, transform: Any, authority: str, is_static: bool) -> bool:
        t, r = transform.transform.translation, transform.transform.rotation
        problems = self._set_transform_impl(
            (float(t.x), float(t.y), float(t.z)),
            (float(r.x), float(r.y), float(r.z), float(r.w)),
            transform.header.frame_id,
            transform.child_frame_id,
            time_ns(transform.header.stamp),
            authority,
            is_static,
        )
        for severity, text in problems:
            _log(severity, text)
        return not problems

    def _set_transform_impl(
        self, translation: lm.Vector3, rotation_in: lm.Quaternion, frame_id: str, child_frame_id: str, stamp: int, authority: str, is_static: bool
    ) -> list[tuple[str, str]]:
        """setTransformImpl; returns what tf2 logs when it refuses the transform (nothing when it takes it)."""
        # tf2::Transform(Quaternion, Vector3) keeps a rotation matrix: what is checked and stored is read back from it.
        rotation = lm.quaternion_from_matrix(lm.matrix_from_quaternion(rotation_in))
        frame = frame_id[1:] if frame_id.startswith("/") else frame_id
        child = child_frame_id[1:] if child_frame_id.startswith("/") else child_frame_id
        errors: list[tuple[str, str]] = []
        if child == frame:
            errors.append(
                (
                    "ERROR",
                    f'TF_SELF_TRANSFORM: Ignoring transform from authority "{authority}" with frame_id and  '
                    f'child_frame_id "{child}" because they are the same',
                )
            )
        if not child:
            errors.append(("ERROR", f'TF_NO_CHILD_FRAME_ID: Ignoring transform from authority "{authority}" because child_frame_id not set '))
        if not frame:
            errors.append(("ERROR", f'TF_NO_FRAME_ID: Ignoring transform with child_frame_id "{child}"  from authority "{authority}" because frame_id not set'))
        values = translation + rotation
        if any(value != value for value in values):
            numbers = [_c_float(value) for value in values]
            errors.append(
                (
                    "ERROR",
                    f'TF_NAN_INPUT: Ignoring transform for child_frame_id "{child}" from authority "{authority}" because of a nan value in the '
                    f"transform ({' '.join(numbers[:3])}) ({' '.join(numbers[3:])})",
                )
            )
        x, y, z, w = rotation
        if not abs((w * w + x * x + y * y + z * z) - 1.0) < _NORMALIZATION_TOLERANCE:
            errors.append(
                (
                    "ERROR",
                    f'TF_DENORMALIZED_QUATERNION: Ignoring transform for child_frame_id "{child}" from authority "{authority}" because of an invalid '
                    f"quaternion in the transform ({' '.join(_c_float(value) for value in rotation)})",
                )
            )
        if errors:
            return errors
        frame_number = self._lookup_or_insert(child)
        cache = self._frames[frame_number]
        if cache is None or isinstance(cache, TimeCache) == is_static:
            cache = StaticCache() if is_static else TimeCache(self._cache_time)
            self._frames[frame_number] = cache
        if not cache.insert_data(TransformStorage(stamp, rotation, translation, self._lookup_or_insert(frame), frame_number)):
            return [
                (
                    "WARN",
                    f"TF_OLD_DATA ignoring data from the past for frame {child} at time {display_time_point(stamp)} according to authority "
                    f"{authority}\nPossible reasons are listed at http://wiki.ros.org/tf/Errors%20explained",
                )
            ]
        self._authority[frame_number] = authority
        return []

    def _lookup_or_insert(self, name: str) -> int:
        number = self._frame_ids.get(name)
        if number is None:
            number = len(self._frames)
            self._frames.append(None)
            self._frame_ids[name] = number
            self._frame_names.append(name)
        return number

    # --- frames

    def _lookup_frame_number(self, name: str) -> int:
        return self._frame_ids.get(name, 0)

    def _get_frame(self, number: int) -> Cache | None:
        return self._frames[number] if number < len(self._frames) else None

    def _validate_frame_id(self, function_name: str, frame_id: str) -> int:
        """validateFrameId, the throwing one."""
        if not frame_id:
            raise InvalidArgumentException(f'Invalid argument "{frame_id}" passed to {function_name} - in tf2 frame_ids cannot be empty')
        if frame_id.startswith("/"):
            raise InvalidArgumentException(f"Invalid argument \"{frame_id}\" passed to {function_name} - in tf2 frame_ids cannot start with a '/'")
        number = self._lookup_frame_number(frame_id)
        if number == 0:
            raise LookupException(f'"{frame_id}" passed to {function_name} does not exist. ')
        return number

    def _check_frame_id(self, function_name: str, frame_id: str, error: list[str]) -> int:
        """validateFrameId with an error_msg: says why in `error` instead of raising."""
        if not frame_id:
            rationale = "in tf2 frame_ids cannot be empty"
        elif frame_id.startswith("/"):
            rationale = "in tf2 frame_ids cannot start with a '/'"
        else:
            number = self._lookup_frame_number(frame_id)
            if number != 0:
                return number
            rationale = "frame does not exist"
        error[0] = f'Invalid frame ID "{frame_id}" passed to {function_name} - {rationale}'
        return 0

    def _connectivity_error(self, source_id: int, target_id: int) -> str:
        return (
            f"Could not find a connection between '{self._frame_names[target_id]}' and '{self._frame_names[source_id]}' because they are not part "
            "of the same tree.Tf has two or more unconnected trees."
        )

    def _loop_error(self) -> str:
        return f"The tf tree is invalid because it contains a loop.\n{self.all_frames_as_string()}\n"

    # --- the walk

    def _latest_common_time(self, target_id: int, source_id: int, error: LookupError_ | None) -> tuple[int, int]:
        """getLatestCommonTime: (error code, time)."""
        if source_id == 0 or target_id == 0:
            return (LOOKUP_ERROR, 0)
        if source_id == target_id:
            cache = self._get_frame(source_id)
            return (NO_ERROR, cache.latest_timestamp() if cache is not None else 0)
        lct_cache: list[tuple[int, int]] = []
        frame = source_id
        depth = 0
        common_time = _TIME_MAX
        while frame != 0:
            cache = self._get_frame(frame)
            if cache is None:
                break
            latest = cache.latest_time_and_parent()
            if latest[1] == 0:
                break
            if latest[0] != 0:
                common_time = min(latest[0], common_time)
            lct_cache.append(latest)
            frame = latest[1]
            if frame == target_id:
                return (NO_ERROR, 0 if common_time == _TIME_MAX else common_time)
            depth += 1
            if depth > MAX_GRAPH_DEPTH:
                if error is not None:
                    error.text = self._loop_error()
                return (LOOKUP_ERROR, 0)
        frame = target_id
        depth = 0
        common_time = _TIME_MAX
        common_parent = 0
        while True:
            cache = self._get_frame(frame)
            if cache is None:
                break
            latest = cache.latest_time_and_parent()
            if latest[1] == 0:
                break
            if latest[0] != 0:
                common_time = min(latest[0], common_time)
            found = next((entry for entry in lct_cache if entry[1] == latest[1]), None)
            if found is not None:
                common_parent = found[1]
                break
            frame = latest[1]
            if frame == source_id:
                return (NO_ERROR, 0 if common_time == _TIME_MAX else common_time)
            depth += 1
            if depth > MAX_GRAPH_DEPTH:
                if error is not None:
                    error.text = self._loop_error()
                return (LOOKUP_ERROR, 0)
        if common_parent == 0:
            if error is not None:
                error.text = self._connectivity_error(source_id, target_id)
            return (CONNECTIVITY_ERROR, 0)
        for entry in lct_cache:
            if entry[0] != 0:
                common_time = min(common_time, entry[0])
            if entry[1] == common_parent:
                break
        return (NO_ERROR, 0 if common_time == _TIME_MAX else common_time)

    def _walk_to_top_parent(
        self, f: _TransformAccum | _CanTransformAccum, time: int, target_id: int, source_id: int, error: LookupError_, frame_chain: list[int] | None = None
    ) -> int:
        """walkToTopParent: the error code; `error.text` says why. With `frame_chain`, the frames
        walked through, pruned as tf2 prunes them (its quirks kept: _chain's answers are upstream's)."""
        if frame_chain is not None:
            frame_chain.clear()
        if source_id == target_id:
            f.finalize(_IDENTITY, time)
            return NO_ERROR
        if time == 0:
            code, time = self._latest_common_time(target_id, source_id, error)
            if code != NO_ERROR:
                return code
        frame = source_id
        top_parent = frame
        depth = 0
        extrapolation = LookupError_()
        extrapolation_might_have_occurred = False
        while frame != 0:
            cache = self._get_frame(frame)
            if frame_chain is not None:
                frame_chain.append(frame)
            if cache is None:
                top_parent = frame
                break
            parent = f.gather(cache, time, extrapolation)
            if parent == 0:
                top_parent = frame
                extrapolation_might_have_occurred = True
                break
            if frame == target_id:
                f.finalize(_TARGET_PARENT_OF_SOURCE, time)
                return NO_ERROR
            f.accum(True)
            top_parent = frame
            frame = parent
            depth += 1
            if depth > MAX_GRAPH_DEPTH:
                error.text = self._loop_error()
                return LOOKUP_ERROR
        frame = target_id
        depth = 0
        reverse_frame_chain: list[int] = []
        while frame != top_parent:
            cache = self._get_frame(frame)
            if frame_chain is not None:
                reverse_frame_chain.append(frame)
            if cache is None:
                break
            parent = f.gather(cache, time, error)
            if parent == 0:
                error.text = f"{error.text}, when looking up transform from frame [{self._frame_names[source_id]}] to frame [{self._frame_names[target_id]}]"
                return error.code
            if frame == source_id:
                f.finalize(_SOURCE_PARENT_OF_TARGET, time)
                if frame_chain is not None:
                    frame_chain[:] = reverse_frame_chain
                return NO_ERROR
            f.accum(False)
            frame = parent
            depth += 1
            if depth > MAX_GRAPH_DEPTH:
                error.text = self._loop_error()
                return LOOKUP_ERROR
        if frame != top_parent:
            if extrapolation_might_have_occurred:
                error.text = (
                    f"{extrapolation.text}, when looking up transform from frame [{self._frame_names[source_id]}] to frame [{self._frame_names[target_id]}]"
                )
                return extrapolation.code
            error.text = self._connectivity_error(source_id, target_id)
            return CONNECTIVITY_ERROR
        f.finalize(_FULL_PATH, time)
        if frame_chain is not None:
            m, n = _common_tail(frame_chain, reverse_frame_chain)
            if n > 0:
                del frame_chain[n - 1 :]
            if m < len(reverse_frame_chain):
                frame_chain.extend(reversed(reverse_frame_chain[: m + 1]))
        return NO_ERROR

    # --- lookups

    def _lookup(self, target_frame: str, source_frame: str, time: int) -> tuple[_Transform, int]:
        """lookupTransformImpl: the transform and its time."""
        if target_frame == source_frame:
            time_out = time
            if time == 0:
                cache = self._get_frame(self._lookup_frame_number(target_frame))
                if cache is not None:
                    time_out = cache.latest_timestamp()
            return (_Transform(lm.IDENTITY_QUATERNION, lm.ZERO_VECTOR), time_out)
        target_id = self._validate_frame_id("lookupTransform argument target_frame", target_frame)
        source_id = self._validate_frame_id("lookupTransform argument source_frame", source_frame)
        error = LookupError_()
        accum = _TransformAccum()
        code = self._walk_to_top_parent(accum, time, target_id, source_id, error)
        if code != NO_ERROR:
            raise _ERROR_CLASSES[code](error.text)
        return (_Transform(accum.result_quat, accum.result_vec), accum.time)

    def _lookup_full(self, target_frame: str, target_time: int, source_frame: str, source_time: int, fixed_frame: str) -> tuple[_Transform, int]:
        self._validate_frame_id("lookupTransform argument target_frame", target_frame)
        self._validate_frame_id("lookupTransform argument source_frame", source_frame)
        self._validate_frame_id("lookupTransform argument fixed_frame", fixed_frame)
        tf1, _ = self._lookup(fixed_frame, source_frame, source_time)
        tf2, time_out = self._lookup(target_frame, fixed_frame, target_time)
        return (tf2.times(tf1), time_out)

    def lookup_transform_core(self, target_frame: str, source_frame: str, time: Any) -> Any:
        transform, time_out = self._lookup(target_frame, source_frame, time_ns(time))
        return _message(transform, time_out, target_frame, source_frame)

    def lookup_transform_full_core(self, target_frame: str, target_time: Any, source_frame: str, source_time: Any, fixed_frame: str) -> Any:
        transform, time_out = self._lookup_full(target_frame, time_ns(target_time), source_frame, time_ns(source_time), fixed_frame)
        return _message(transform, time_out, target_frame, source_frame)

    def _can_transform_internal(self, target_id: int, source_id: int, time: int, error: list[str]) -> bool:
        if target_id == 0 or source_id == 0:
            error[0] = "Source or target frame is not yet defined"
            return False
        if target_id == source_id:
            return True
        walk_error = LookupError_()
        if self._walk_to_top_parent(_CanTransformAccum(), time, target_id, source_id, walk_error) == NO_ERROR:
            return True
        error[0] = walk_error.text
        return False

    def _can_transform(self, target_frame: str, source_frame: str, time: int, error: list[str]) -> bool:
        if target_frame == source_frame:
            return True
        target_id = self._check_frame_id("canTransform argument target_frame", target_frame, error)
        if target_id == 0:
            return False
        source_id = self._check_frame_id("canTransform argument source_frame", source_frame, error)
        if source_id == 0:
            return False
        return self._can_transform_internal(target_id, source_id, time, error)

    def _can_transform_full(self, target_frame: str, target_time: int, source_frame: str, source_time: int, fixed_frame: str, error: list[str]) -> bool:
        target_id = self._check_frame_id("canTransform argument target_frame", target_frame, error)
        if target_id == 0:
            return False
        source_id = self._check_frame_id("canTransform argument source_frame", source_frame, error)
        if source_id == 0:
            return False
        fixed_id = self._check_frame_id("canTransform argument fixed_frame", fixed_frame, error)
        if fixed_id == 0:
            return False
        return self._can_transform_internal(target_id, fixed_id, target_time, error) and self._can_transform_internal(fixed_id, source_id, source_time, error)

    def can_transform_core(self, target_frame: str, source_frame: str, time: Any) -> tuple[bool, str]:
        """(whether, why not), as tf2_py's "bs" tuple."""
        error = [""]
        return (self._can_transform(target_frame, source_frame, time_ns(time), error), error[0])

    def can_transform_full_core(self, target_frame: str, target_time: Any, source_frame: str, source_time: Any, fixed_frame: str) -> tuple[bool, str]:
        error = [""]
        return (self._can_transform_full(target_frame, time_ns(target_time), source_frame, time_ns(source_time), fixed_frame, error), error[0])

    def _chain(self, target_frame: str, target_time: Any, source_frame: str, source_time: Any, fixed_frame: str) -> list[str]:
        """_chainAsVector: the frames between source and target through the fixed frame."""
        source_id = self._lookup_frame_number(source_frame)
        fixed_id = self._lookup_frame_number(fixed_frame)
        target_id = self._lookup_frame_number(target_frame)
        source_ns, target_ns = time_ns(source_time), time_ns(target_time)
        error = LookupError_()
        source_chain: list[int] = []
        code = self._walk_to_top_parent(_TransformAccum(), source_ns, fixed_id, source_id, error, source_chain)
        if code != NO_ERROR:
            raise _ERROR_CLASSES[code](error.text)
        if source_ns != target_ns:
            target_chain: list[int] = []
            code = self._walk_to_top_parent(_TransformAccum(), target_ns, target_id, fixed_id, error, target_chain)
            if code != NO_ERROR:
                raise _ERROR_CLASSES[code](error.text)
            m, n = _common_tail(source_chain, target_chain)
            if n > 0:
                del source_chain[n - 1 :]
            if m < len(target_chain):
                source_chain.extend(target_chain[: m + 1])
        return [self._frame_names[number] for number in source_chain]

    def get_latest_common_time(self, target_frame: str, source_frame: str) -> Any:
        from rclpy.time import Time

        target_id = self._validate_frame_id("get_latest_common_time", target_frame)
        source_id = self._validate_frame_id("get_latest_common_time", source_frame)
        error = LookupError_()
        code, time = self._latest_common_time(target_id, source_id, error)
        if code != NO_ERROR:
            raise TransformException(error.text)
        return Time(seconds=time // 1_000_000_000, nanoseconds=time % 1_000_000_000)

    # --- the frames as text

    def clear(self) -> None:
        for cache in self._frames[1:]:
            if cache is not None:
                cache.clear_list()

    def all_frames_as_string(self) -> str:
        lines = []
        for number in range(1, len(self._frames)):
            cache = self._frames[number]
            if cache is None:
                continue
            data = cache.get_data(0)
            parent = data.frame_id if data is not None else 0
            lines.append(f"Frame {self._frame_names[number]} exists with parent {self._frame_names[parent]}.\n")
        return "".join(lines)

    def all_frames_as_yaml(self, current_time: Any = None) -> str:
        now = 0 if current_time is None else time_ns(current_time)
        text = "[]" if len(self._frames) == 1 else ""
        for number in range(1, len(self._frames)):
            cache = self._frames[number]
            if cache is None:
                continue
            data = cache.get_data(0)
            if data is None:
                continue
            authority = self._authority.get(number, "no recorded authority")
            span = cache.latest_timestamp() - cache.oldest_timestamp()
            rate = (cache.list_length() * 1e9) / float(span if span > 100_000 else 100_000)
            text += f"{self._frame_names[number]}: \n"
            text += f"  parent: '{self._frame_names[data.frame_id]}'\n"
            text += f"  broadcaster: '{authority}'\n"
            text += f"  rate: {rate:.3f}\n"
            text += f"  most_recent_transform: {display_time_point(cache.latest_timestamp())}\n"
            text += f"  oldest_transform: {display_time_point(cache.oldest_timestamp())}\n"
            if now != 0:
                text += f"  transform_delay: {time_to_sec(now - cache.latest_timestamp()):.3f}\n"
            text += f"  buffer_length: {time_to_sec(span):.3f}\n"
        return text

    def _frameExists(self, frame_id: str) -> bool:  # noqa: N802 (tf2_py's name)
        return frame_id in self._frame_ids

    def _getParent(self, frame_id: str, time: Any) -> str | None:  # noqa: N802
        """The frame's parent at `time`, or None (C++'s _getParent returning false)."""
        cache = self._get_frame(self._lookup_frame_number(frame_id))
        if cache is None:
            return None
        parent = cache.get_parent(time_ns(time))
        return self._frame_names[parent] if parent != 0 else None

    def _getFrameStrings(self) -> list[str]:  # noqa: N802
        return self._frame_names[1:]


def _common_tail(chain: list[int], other: list[int]) -> tuple[int, int]:
    """tf2's pruning walk: indices m (in other) and n (in chain), stepped back from both ends
    while the frames agree, stopping at the first that differ (both 0 when one runs out)."""
    m, n = len(other), len(chain)
    while m > 0 and n > 0:
        m -= 1
        n -= 1
        if chain[n] != other[m]:
            break
    return m, n


def _message(transform: _Transform, time_out: int, target_frame: str, source_frame: str) -> Any:
    """A geometry_msgs TransformStamped, as tf2_py's transform_converter builds it."""
    from geometry_msgs.msg import TransformStamped

    message = TransformStamped()
    message.header.stamp.sec = time_out // 1_000_000_000
    message.header.stamp.nanosec = time_out % 1_000_000_000
    message.header.frame_id = target_frame
    message.child_frame_id = source_frame
    origin = transform.origin
    message.transform.translation.x, message.transform.translation.y, message.transform.translation.z = origin
    rotation = transform.rotation()
    message.transform.rotation.x, message.transform.rotation.y, message.transform.rotation.z, message.transform.rotation.w = rotation
    return message
