"""tf2's per-frame caches: TimeCache (a dynamic frame's transforms, newest first, pruned to the
cache time, interpolated between stamps) and StaticCache (one transform, valid at every time), as
tf2's cache.cpp and static_cache.cpp. Times are integer nanoseconds (tf2's TimePoint)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tf2_py import _linear_math as lm

# tf2's TF2Error codes that a lookup can end with.
NO_ERROR = 0
LOOKUP_ERROR = 1
CONNECTIVITY_ERROR = 2
EXTRAPOLATION_ERROR = 3
BACKWARD_EXTRAPOLATION_ERROR = 7
FORWARD_EXTRAPOLATION_ERROR = 8
NO_DATA_FOR_EXTRAPOLATION_ERROR = 9


@dataclass(frozen=True)
class TransformStorage:
    stamp: int
    rotation: lm.Quaternion
    translation: lm.Vector3
    frame_id: int
    child_frame_id: int


class LookupError_:
    """Where a cache says why it has no data: tf2's error_str and error_code."""

    def __init__(self) -> None:
        self.text = ""
        self.code = NO_ERROR


def _c_remainder(a: int, b: int) -> int:
    # C++'s % truncates toward zero.
    r = abs(a) % b
    return -r if a < 0 else r


def time_to_sec(stamp_ns: int) -> float:
    """tf2::durationToSec: seconds and nanoseconds scaled separately."""
    nsec = _c_remainder(stamp_ns, 1_000_000_000)
    sec = (stamp_ns - nsec) // 1_000_000_000
    return float(sec) + 1e-9 * float(nsec)


def display_time_point(stamp_ns: int) -> str:
    """tf2::displayTimePoint: "%.6f" of the seconds."""
    return "%.6f" % time_to_sec(stamp_ns)


class TimeCache:
    def __init__(self, max_storage_time_ns: int) -> None:
        self.max_storage_time = max_storage_time_ns
        self.storage: list[TransformStorage] = []  # newest first, as tf2's std::list

    def _find_closest(self, target_time: int, error: LookupError_ | None) -> list[TransformStorage]:
        storage = self.storage
        if error is not None:
            error.code = NO_ERROR
        if not storage:
            if error is not None:
                error.code = NO_DATA_FOR_EXTRAPOLATION_ERROR
            return []
        if target_time == 0:
            return [storage[0]]
        if len(storage) == 1:
            if storage[0].stamp == target_time:
                return [storage[0]]
            if error is not None:
                error.code = NO_DATA_FOR_EXTRAPOLATION_ERROR
                error.text = (
                    f"Lookup would require extrapolation at time {display_time_point(target_time)}, "
                    f"but only time {display_time_point(storage[0].stamp)} is in the buffer"
                )
            return []
        latest_time = storage[0].stamp
        earliest_time = storage[-1].stamp
        if target_time == latest_time:
            return [storage[0]]
        if target_time == earliest_time:
            return [storage[-1]]
        if target_time > latest_time:
            if error is not None:
                error.code = FORWARD_EXTRAPOLATION_ERROR
                error.text = (
                    f"Lookup would require extrapolation into the future.  Requested time {display_time_point(target_time)} "
                    f"but the latest data is at time {display_time_point(latest_time)}"
                )
            return []
        if target_time < earliest_time:
            if error is not None:
                error.code = BACKWARD_EXTRAPOLATION_ERROR
                error.text = (
                    f"Lookup would require extrapolation into the past.  Requested time {display_time_point(target_time)} "
                    f"but the earliest data is at time {display_time_point(earliest_time)}"
                )
            return []
        index = next(i for i, item in enumerate(storage) if item.stamp <= target_time)
        return [storage[index], storage[index - 1]]  # older, newer

    @staticmethod
    def _interpolate(one: TransformStorage, two: TransformStorage, time: int) -> TransformStorage:
        if two.stamp == one.stamp:
            return two
        ratio = float(time - one.stamp) / float(two.stamp - one.stamp)
        return replace(one, translation=lm.interpolate(one.translation, two.translation, ratio), rotation=lm.slerp(one.rotation, two.rotation, ratio))

    def get_data(self, time: int, error: LookupError_ | None = None) -> TransformStorage | None:
        found = self._find_closest(time, error)
        if not found:
            return None
        if len(found) == 1:
            return found[0]
        one, two = found
        if one.frame_id == two.frame_id:
            return self._interpolate(one, two, time)
        return one

    def get_parent(self, time: int, error: LookupError_ | None = None) -> int:
        found = self._find_closest(time, error)
        return found[0].frame_id if found else 0

    def insert_data(self, new_data: TransformStorage) -> bool:
        latest_time = self.latest_timestamp()
        self._prune()
        if self.storage and new_data.stamp < latest_time - self.max_storage_time:
            return False
        position = next((i for i, item in enumerate(self.storage) if item.stamp <= new_data.stamp), len(self.storage))
        same = position
        while same < len(self.storage) and self.storage[same].stamp == new_data.stamp:
            if self.storage[same] == new_data:
                return True
            same += 1
        self.storage.insert(position, new_data)
        return True

    def clear_list(self) -> None:
        self.storage.clear()

    def list_length(self) -> int:
        return len(self.storage)

    def latest_time_and_parent(self) -> tuple[int, int]:
        if not self.storage:
            return (0, 0)
        return (self.storage[0].stamp, self.storage[0].frame_id)

    def latest_timestamp(self) -> int:
        return self.storage[0].stamp if self.storage else 0

    def oldest_timestamp(self) -> int:
        return self.storage[-1].stamp if self.storage else 0

    def _prune(self) -> None:
        latest_time = self.latest_timestamp()
        while self.storage and self.storage[-1].stamp + self.max_storage_time < latest_time:
            self.storage.pop()


class StaticCache:
    def __init__(self) -> None:
        self.storage = TransformStorage(0, lm.IDENTITY_QUATERNION, lm.ZERO_VECTOR, 0, 0)

    def get_data(self, time: int, error: LookupError_ | None = None) -> TransformStorage:
        return replace(self.storage, stamp=time)

    def get_parent(self, time: int, error: LookupError_ | None = None) -> int:
        return self.storage.frame_id

    def insert_data(self, new_data: TransformStorage) -> bool:
        self.storage = new_data
        return True

    def clear_list(self) -> None:
        """A static frame keeps its transform through clear(), as tf2's StaticCache::clearList."""

    def list_length(self) -> int:
        return 1

    def latest_time_and_parent(self) -> tuple[int, int]:
        return (0, self.storage.frame_id)

    def latest_timestamp(self) -> int:
        return 0

    def oldest_timestamp(self) -> int:
        return 0


Cache = TimeCache | StaticCache
