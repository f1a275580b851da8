"""Cache: the last `cache_size` messages of a filter with their stamps (as message_filters'
__init__.py: kept in arrival order, queried by stamp)."""

from __future__ import annotations

from typing import Any

from rclpy.time import Time

from ._stamps import message_stamp
from .simple_filter import SimpleFilter

_HEADERLESS = (
    "can not use message filters messages without timestamp infomation when 'allow_headerless' is disabled. "
    "auto assign ROSTIME to headerless messages once enabling constructor option of 'allow_headerless'."
)


class Cache(SimpleFilter):
    def __init__(self, f: SimpleFilter, cache_size: int = 1, allow_headerless: bool = False) -> None:
        SimpleFilter.__init__(self)
        self.connectInput(f)
        self.cache_size = cache_size
        self.cache_msgs: list[Any] = []
        self.cache_times: list[Time] = []
        self.allow_headerless = allow_headerless

    def connectInput(self, f: SimpleFilter) -> None:
        self.incoming_connection = f.registerCallback(self.add)

    def add(self, msg: Any) -> None:
        stamp = message_stamp(msg, self.allow_headerless, "message_filters_cache", _HEADERLESS)
        if stamp is None:
            return
        self.cache_times.append(stamp)
        self.cache_msgs.append(msg)
        # A ring buffer: the oldest arrival goes.
        if len(self.cache_msgs) > self.cache_size:
            del self.cache_msgs[0]
            del self.cache_times[0]
        self.signalMessage(msg)

    def getInterval(self, from_stamp: Time, to_stamp: Time) -> list[Any]:
        """The cached messages stamped from `from_stamp` to `to_stamp`, both included."""
        assert from_stamp <= to_stamp
        return [msg for msg, time in zip(self.cache_msgs, self.cache_times) if from_stamp <= time <= to_stamp]

    def getElemAfterTime(self, stamp: Time) -> Any:
        """The first cached message stamped at or after `stamp`, or None."""
        newer = [msg for msg, time in zip(self.cache_msgs, self.cache_times) if time >= stamp]
        return newer[0] if newer else None

    def getElemBeforeTime(self, stamp: Time) -> Any:
        """The last cached message stamped at or before `stamp`, or None."""
        older = [msg for msg, time in zip(self.cache_msgs, self.cache_times) if time <= stamp]
        return older[-1] if older else None

    def getLastestTime(self) -> Time | None:
        """The last cached message's stamp (upstream's spelling)."""
        return self.cache_times[-1] if self.cache_times else None

    def getOldestTime(self) -> Time | None:
        return self.cache_times[0] if self.cache_times else None

    def getLast(self) -> Any:
        latest = self.getLastestTime()
        return None if latest is None else self.getElemAfterTime(latest)
