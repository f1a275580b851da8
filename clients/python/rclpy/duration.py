"""rclpy.duration.Duration: a span of time in integer nanoseconds."""

from __future__ import annotations

from typing import Any

S_TO_NS = 1_000_000_000


class Duration:
    def __init__(self, *, seconds: float = 0, nanoseconds: int = 0) -> None:
        total = int(seconds * S_TO_NS) + int(nanoseconds)
        if not -(2**63) <= total < 2**63:
            raise OverflowError("Total nanoseconds value is too large to store in C duration.")
        self._nanoseconds = total

    @property
    def nanoseconds(self) -> int:
        return self._nanoseconds

    def __repr__(self) -> str:
        return f"Duration(nanoseconds={self._nanoseconds})"

    def __str__(self) -> str:
        if self == Infinite:
            return "Infinite"
        return f"{self._nanoseconds / S_TO_NS} seconds"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Duration):
            return self._nanoseconds == other._nanoseconds
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __lt__(self, other: Duration) -> bool:
        if isinstance(other, Duration):
            return self._nanoseconds < other._nanoseconds
        return NotImplemented

    def __le__(self, other: Duration) -> bool:
        if isinstance(other, Duration):
            return self._nanoseconds <= other._nanoseconds
        return NotImplemented

    def __gt__(self, other: Duration) -> bool:
        if isinstance(other, Duration):
            return self._nanoseconds > other._nanoseconds
        return NotImplemented

    def __ge__(self, other: Duration) -> bool:
        if isinstance(other, Duration):
            return self._nanoseconds >= other._nanoseconds
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._nanoseconds)

    def __add__(self, other: Duration) -> Duration:
        if isinstance(other, Duration):
            return Duration(nanoseconds=self._nanoseconds + other._nanoseconds)
        return NotImplemented

    def __sub__(self, other: Duration) -> Duration:
        if isinstance(other, Duration):
            return Duration(nanoseconds=self._nanoseconds - other._nanoseconds)
        return NotImplemented

    def __mul__(self, factor: float) -> Duration:
        if isinstance(factor, (int, float)):
            return Duration(nanoseconds=int(self._nanoseconds * factor))
        return NotImplemented

    __rmul__ = __mul__

    def to_msg(self) -> Any:
        from builtin_interfaces.msg import Duration as DurationMsg

        seconds, nanoseconds = divmod(self._nanoseconds, S_TO_NS)
        return DurationMsg(sec=seconds, nanosec=nanoseconds)

    @classmethod
    def from_msg(cls, msg: Any) -> Duration:
        return cls(seconds=msg.sec, nanoseconds=msg.nanosec)

    def get_c_duration(self) -> Duration:
        return self


Infinite = Duration(nanoseconds=2**63 - 1)
