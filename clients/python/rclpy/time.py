"""rclpy.time.Time: a point in time of one clock type, in integer nanoseconds."""

from __future__ import annotations

from typing import Any

from rclpy.clock_type import ClockType
from rclpy.duration import Duration

S_TO_NS = 1_000_000_000


class Time:
    def __init__(self, *, seconds: float = 0, nanoseconds: int = 0, clock_type: ClockType = ClockType.SYSTEM_TIME) -> None:
        if not isinstance(clock_type, ClockType):
            raise TypeError("Clock type must be a ClockType enum")
        if seconds < 0:
            raise ValueError("Seconds value must not be negative")
        if nanoseconds < 0:
            raise ValueError("Nanoseconds value must not be negative")
        total = int(seconds * S_TO_NS) + int(nanoseconds)
        if total >= 2**63:
            raise OverflowError("Total nanoseconds value is too large to store in C time point.")
        self._nanoseconds = total
        self._clock_type = clock_type

    @classmethod
    def _at(cls, nanoseconds: int, clock_type: ClockType) -> Time:
        """A time the client knows is valid (a clock's now): made without the constructor's checks."""
        time = cls.__new__(cls)
        time._nanoseconds = nanoseconds
        time._clock_type = clock_type
        return time

    @property
    def clock_type(self) -> ClockType:
        return self._clock_type

    @property
    def nanoseconds(self) -> int:
        return self._nanoseconds

    def seconds_nanoseconds(self) -> tuple[int, int]:
        seconds, nanoseconds = divmod(self._nanoseconds, S_TO_NS)
        return (seconds, nanoseconds)

    def __repr__(self) -> str:
        return f"Time(nanoseconds={self._nanoseconds}, clock_type={self._clock_type.name})"

    def __add__(self, other: Duration) -> Time:
        if isinstance(other, Duration):
            return Time(nanoseconds=self._nanoseconds + other.nanoseconds, clock_type=self._clock_type)
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other: Any) -> Any:
        if isinstance(other, Time):
            if other._clock_type != self._clock_type:
                raise TypeError("Can't subtract times with different clock types")
            return Duration(nanoseconds=self._nanoseconds - other._nanoseconds)
        if isinstance(other, Duration):
            return Time(nanoseconds=self._nanoseconds - other.nanoseconds, clock_type=self._clock_type)
        return NotImplemented

    def _compared(self, other: Any) -> int:
        if not isinstance(other, Time):
            raise TypeError(f"Can't compare Time with {type(other).__name__}")
        if other._clock_type != self._clock_type:
            raise TypeError("Can't compare times with different clock types")
        return other._nanoseconds

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Time):
            return NotImplemented
        return self._nanoseconds == self._compared(other)

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __lt__(self, other: Time) -> bool:
        return self._nanoseconds < self._compared(other)

    def __le__(self, other: Time) -> bool:
        return self._nanoseconds <= self._compared(other)

    def __gt__(self, other: Time) -> bool:
        return self._nanoseconds > self._compared(other)

    def __ge__(self, other: Time) -> bool:
        return self._nanoseconds >= self._compared(other)

    def __hash__(self) -> int:
        return hash((self._nanoseconds, self._clock_type))

    def to_msg(self) -> Any:
        from builtin_interfaces.msg import Time as TimeMsg

        seconds, nanoseconds = self.seconds_nanoseconds()
        return TimeMsg(sec=seconds, nanosec=nanoseconds)

    @classmethod
    def from_msg(cls, msg: Any, clock_type: ClockType = ClockType.ROS_TIME) -> Time:
        return cls(seconds=msg.sec, nanoseconds=msg.nanosec, clock_type=clock_type)
