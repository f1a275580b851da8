"""rclpy.clock: every clock of a program reads the sim time of the callback under way."""

from __future__ import annotations

from rclpy.clock_type import ClockType
from rclpy.duration import Duration
from rclpy.time import Time
from rclsim import _runtime, _waits


class Clock:
    def __init__(self, *, clock_type: ClockType = ClockType.SYSTEM_TIME) -> None:
        if not isinstance(clock_type, ClockType):
            raise TypeError("Clock type must be a ClockType enum")
        self._clock_type = clock_type

    @property
    def clock_type(self) -> ClockType:
        return self._clock_type

    def __repr__(self) -> str:
        return f"Clock(clock_type={self._clock_type.name})"

    def now(self) -> Time:
        return Time._at(_runtime.connection().now_ns, self._clock_type)

    def sleep_for(self, rel_time: Duration, context: object = None) -> bool:
        return self.sleep_until(self.now() + rel_time, context)

    def sleep_until(self, until: Time, context: object = None) -> bool:
        if until.clock_type != self._clock_type:
            raise ValueError("until's clock type does not match this clock's type")
        _waits.sleep_ns(until.nanoseconds - _runtime.connection().now_ns)
        return True


class ROSClock(Clock):
    def __init__(self) -> None:
        super().__init__(clock_type=ClockType.ROS_TIME)

    @property
    def ros_time_is_active(self) -> bool:
        return True
