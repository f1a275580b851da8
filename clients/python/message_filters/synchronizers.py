"""TimeSynchronizer and ApproximateTimeSynchronizer, as message_filters' __init__.py: each input's
queue maps stamps (in nanoseconds) to messages, at most `queue_size` of them, the oldest stamp
dropped first."""

from __future__ import annotations

import itertools
import threading
from functools import reduce
from typing import Any, Sequence

from rclpy.duration import Duration
from rclpy.time import Time

from ._stamps import message_stamp
from .simple_filter import SimpleFilter

_HEADERLESS = (
    "can not use message filters for messages without timestamp infomation when 'allow_headerless' is disabled. "
    "auto assign ROSTIME to headerless messages once enabling constructor option of 'allow_headerless'."
)


class TimeSynchronizer(SimpleFilter):
    """Signals one message of each input, in the inputs' order, when all inputs have one of a stamp."""

    def __init__(self, fs: Sequence[SimpleFilter], queue_size: int) -> None:
        SimpleFilter.__init__(self)
        self.connectInput(fs)
        self.queue_size = queue_size
        self.lock = threading.Lock()

    def connectInput(self, fs: Sequence[SimpleFilter]) -> None:
        self.queues: list[dict[int, Any]] = [{} for _ in fs]
        self.input_connections = [f.registerCallback(self.add, q, i_q) for i_q, (f, q) in enumerate(zip(fs, self.queues))]

    def add(self, msg: Any, my_queue: dict[int, Any], my_queue_index: int | None = None) -> None:
        with self.lock:
            stamp = Time.from_msg(msg.header.stamp)
            my_queue[stamp.nanoseconds] = msg
            while len(my_queue) > self.queue_size:
                del my_queue[min(my_queue)]
            # Every stamp all queues hold, oldest first.
            common = reduce(set.intersection, [set(q) for q in self.queues])
            for t in sorted(common):
                msgs = [q[t] for q in self.queues]
                self.signalMessage(*msgs)
                for q in self.queues:
                    del q[t]


class ApproximateTimeSynchronizer(TimeSynchronizer):
    """Signals a set when the newest message, with one of each other input's within `slop` seconds
    of it, makes a set whose stamps span less than `slop`: the other inputs' candidates tried
    nearest first (the first input's varying slowest), the first such set taken."""

    def __init__(self, fs: Sequence[SimpleFilter], queue_size: int, slop: float, allow_headerless: bool = False) -> None:
        TimeSynchronizer.__init__(self, fs, queue_size)
        self.slop = Duration(seconds=slop)
        self.allow_headerless = allow_headerless

    def add(self, msg: Any, my_queue: dict[int, Any], my_queue_index: int | None = None) -> None:
        stamp = message_stamp(msg, self.allow_headerless, "message_filters_approx", _HEADERLESS)
        if stamp is None:
            return
        with self.lock:
            my_queue[stamp.nanoseconds] = msg
            while len(my_queue) > self.queue_size:
                del my_queue[min(my_queue)]
            if my_queue_index is None:
                search_queues = self.queues
            else:
                search_queues = self.queues[:my_queue_index] + self.queues[my_queue_index + 1 :]
            # Each other queue's stamps within the slop of this one, nearest first (ties in the
            # queue's order: a stable sort).
            candidates: list[list[Time]] = []
            for queue in search_queues:
                near: list[tuple[Time, Duration]] = []
                for s in queue:
                    delta = Duration(nanoseconds=abs(s - stamp.nanoseconds))
                    if delta > self.slop:
                        continue
                    near.append((Time(nanoseconds=s, clock_type=stamp.clock_type), delta))
                if not near:
                    return
                candidates.append([t for t, _ in sorted(near, key=lambda pair: pair[1])])
            for combination in itertools.product(*candidates):
                vv = list(combination)
                if my_queue_index is not None:
                    vv.insert(my_queue_index, stamp)
                qt = list(zip(self.queues, vv))
                if (max(vv) - min(vv)) < self.slop and all(t.nanoseconds in q for q, t in qt):
                    self.signalMessage(*[q[t.nanoseconds] for q, t in qt])
                    for q, t in qt:
                        del q[t.nanoseconds]
                    break
