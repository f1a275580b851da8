"""Clock jumps as rcl reports them: what a jump is (TimeJump, ClockChange), when a callback
wants to hear of one (JumpThreshold) and the registration a clock keeps (JumpHandle)."""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from rclpy.duration import Duration

if TYPE_CHECKING:
    from rclpy.clock import Clock


class ClockChange(IntEnum):
    """rcl_clock_change_t, with rcl's values."""

    ROS_TIME_NO_CHANGE = 1
    ROS_TIME_ACTIVATED = 2
    ROS_TIME_DEACTIVATED = 3
    SYSTEM_TIME_NO_CHANGE = 4


class JumpThreshold:
    def __init__(self, *, min_forward: Duration | None, min_backward: Duration | None, on_clock_change: bool = True) -> None:
        if min_forward is not None and min_forward.nanoseconds <= 0:
            raise ValueError("min_forward must be a positive non-zero duration")
        if min_backward is not None and min_backward.nanoseconds >= 0:
            raise ValueError("min_backward must be a negative non-zero duration")
        if min_forward is None and min_backward is None and not on_clock_change:
            raise ValueError("At least one jump threshold must be enabled")
        self.min_forward = min_forward
        self.min_backward = min_backward
        self.on_clock_change = on_clock_change

    def exceeded_by(self, clock_change: ClockChange, delta_ns: int) -> bool:
        """rcl's test: a switch of time source, or a jump at least as far as a threshold."""
        if clock_change in (ClockChange.ROS_TIME_ACTIVATED, ClockChange.ROS_TIME_DEACTIVATED) and self.on_clock_change:
            return True
        if self.min_backward is not None and delta_ns <= self.min_backward.nanoseconds:
            return True
        return self.min_forward is not None and delta_ns >= self.min_forward.nanoseconds


class TimeJump:
    def __init__(self, clock_change: ClockChange, delta: Duration) -> None:
        if not isinstance(clock_change, ClockChange):
            raise TypeError("clock_change must be an instance of rclpy.clock.ClockChange")
        self._clock_change = clock_change
        self._delta = delta

    @property
    def clock_change(self) -> ClockChange:
        return self._clock_change

    @property
    def delta(self) -> Duration:
        return self._delta


class JumpHandle:
    """A clock's jump callbacks, registered until unregister() (or the end of a with block)."""

    def __init__(
        self,
        *,
        clock: Clock,
        threshold: JumpThreshold,
        pre_callback: Callable[[], Any] | None,
        post_callback: Callable[[TimeJump], Any] | None,
    ) -> None:
        if pre_callback is None and post_callback is None:
            raise ValueError("One of pre_callback or post_callback must be callable")
        if pre_callback is not None and not callable(pre_callback):
            raise ValueError("pre_callback must be callable if given")
        if post_callback is not None and not callable(post_callback):
            raise ValueError("post_callback must be callable if given")
        self._clock: Clock | None = clock
        self._threshold = threshold
        self._pre_callback = pre_callback
        self._post_callback = post_callback
        clock._jump_handles.append(self)

    def unregister(self) -> None:
        if self._clock is not None:
            self._clock._jump_handles.remove(self)
            self._clock = None

    def __enter__(self) -> JumpHandle:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.unregister()


def jump(handles: list[JumpHandle], clock_change: ClockChange, delta_ns: int, apply: Callable[[], None]) -> None:
    """Applies a change of a clock as rcl does: the pre-callbacks of the handles whose threshold
    it exceeds, the change, then their post-callbacks, in the order they were registered."""
    due = [handle for handle in handles if handle._threshold.exceeded_by(clock_change, delta_ns)]
    for handle in due:
        if handle._pre_callback is not None:
            handle._pre_callback()
    apply()
    time_jump = TimeJump(clock_change, Duration(nanoseconds=delta_ns))
    for handle in due:
        if handle._post_callback is not None:
            handle._post_callback(time_jump)
