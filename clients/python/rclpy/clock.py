"""rclpy.clock: every clock of a program reads the sim time of the callback under way (system and
steady time alike), except a ROS clock with ROS time active, which reads the time last set on it
(a TimeSource sets /clock's) once one was set; switching ROS time and setting that time run jump callbacks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rclpy._clock_jumps import ClockChange, JumpHandle, JumpThreshold, TimeJump, jump
from rclpy.clock_type import ClockType
from rclpy.context import Context
from rclpy.duration import Duration
from rclpy.exceptions import NotInitializedException
from rclpy.time import Time
from rclpy.utilities import get_default_context
from rclsim import _port, _waits

__all__ = ["Clock", "ClockChange", "JumpHandle", "JumpThreshold", "ROSClock", "TimeJump"]


class Clock:
    _clock_type: ClockType
    _jump_handles: list[JumpHandle]

    def __new__(cls, *, clock_type: ClockType = ClockType.SYSTEM_TIME) -> Clock:
        if not isinstance(clock_type, ClockType):
            raise TypeError("Clock type must be a ClockType enum")
        # As rclpy's: a clock of ROS time is a ROSClock, however it was made.
        self = super().__new__(ROSClock if clock_type == ClockType.ROS_TIME else cls)
        self._clock_type = clock_type
        self._jump_handles = []
        return self

    @property
    def clock_type(self) -> ClockType:
        return self._clock_type

    def __repr__(self) -> str:
        return f"Clock(clock_type={self._clock_type.name})"

    def now(self) -> Time:
        return Time._at(_port.now_ns(), self._clock_type)

    def _follows_sim_time(self) -> bool:
        """Whether sim time passing moves this clock (not so a ROS clock with ROS time active)."""
        return True

    def create_jump_callback(
        self,
        threshold: JumpThreshold,
        *,
        pre_callback: Callable[[], Any] | None = None,
        post_callback: Callable[[TimeJump], Any] | None = None,
    ) -> JumpHandle:
        return JumpHandle(clock=self, threshold=threshold, pre_callback=pre_callback, post_callback=post_callback)

    def sleep_for(self, rel_time: Duration, context: Context | None = None) -> bool:
        return self.sleep_until(self.now() + rel_time, context)

    def sleep_until(self, until: Time, context: Context | None = None) -> bool:
        """Sleeps (in sim time, or until ROS time set on it reaches `until`); False if it woke
        because the context shut down or ROS time was switched on or off meanwhile."""
        context = get_default_context() if context is None else context
        if not context.ok():
            raise NotInitializedException()
        if until.clock_type != self._clock_type:
            raise ValueError("until's clock type does not match this clock's type")
        switched = False
        reached = False

        def on_jump(time_jump: TimeJump) -> None:
            nonlocal switched, reached
            switched = switched or time_jump.clock_change in (ClockChange.ROS_TIME_ACTIVATED, ClockChange.ROS_TIME_DEACTIVATED)
            reached = self.now() >= until

        def woke() -> bool:
            return switched or reached or not context.ok()

        with self.create_jump_callback(JumpThreshold(min_forward=Duration(nanoseconds=1), min_backward=None), post_callback=on_jump):
            if self.now() < until:
                if self._follows_sim_time():
                    wake = _waits.WakeUp(until.nanoseconds)
                    try:
                        _waits.block(lambda: wake.came or woke())
                    finally:
                        wake.cancel()
                else:
                    _waits.block(woke)
        if not context.ok() or switched:
            return False
        return self.now() >= until


class ROSClock(Clock):
    """A clock of ROS time: sim time until ROS time is activated (a node's TimeSource does so
    while use_sim_time is true) and a time is set on it, then that time."""

    _ros_time_active = False
    # None until a time is set: rclsim's choice (docs/rclnodejs.md), sim time until then, where
    # rcl reads zero; so a node whose use_sim_time is true (the simulation's default) without a
    # /clock publisher still reads sim time.
    _ros_time_ns: int | None = None

    def __new__(cls) -> ROSClock:
        self = super().__new__(cls, clock_type=ClockType.ROS_TIME)
        assert isinstance(self, ROSClock)
        return self

    def now(self) -> Time:
        if self._follows_sim_time():
            return super().now()
        return Time._at(self._ros_time_ns, ClockType.ROS_TIME)

    def _follows_sim_time(self) -> bool:
        return not self._ros_time_active or self._ros_time_ns is None

    @property
    def ros_time_is_active(self) -> bool:
        return self._ros_time_active

    def _set_ros_time_is_active(self, enabled: bool) -> None:
        if enabled == self._ros_time_active:
            return

        def switch() -> None:
            self._ros_time_active = enabled

        jump(self._jump_handles, ClockChange.ROS_TIME_ACTIVATED if enabled else ClockChange.ROS_TIME_DEACTIVATED, 0, switch)

    def set_ros_time_override(self, time: Time) -> None:
        """The time this clock reads while ROS time is active; a jump if it is."""
        if not isinstance(time, Time):
            raise TypeError(f"Time must be specified as rclpy.time.Time. Received type: {type(time)}")

        def set_time() -> None:
            self._ros_time_ns = time.nanoseconds

        if self._ros_time_active:
            jump(self._jump_handles, ClockChange.ROS_TIME_NO_CHANGE, time.nanoseconds - self.now().nanoseconds, set_time)
        else:
            set_time()
