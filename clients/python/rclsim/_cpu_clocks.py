"""CPU-time clocks (``time.thread_time``, ``time.process_time``, their ``_ns`` forms and
``clock_gettime`` of the CPU clocks) as the modeled execution time, as the C++ client has them: a
thread's is the execution times of the callbacks it ran (the job's ``execution_times:``, 0 by
default) plus 1 µs for each read, so a busy-wait on it ends; the process's is its threads' sum.
Burnt CPU does not hold the thread for sim time: a callback's time is its execution time."""

from __future__ import annotations

import threading

# What one read of a CPU clock costs the reading thread, ns.
READ_NS = 1000

_by_thread: dict[threading.Thread, int] = {}


def ran(thread: threading.Thread, execution_ns: int) -> None:
    """A callback of ``execution_ns`` ran on ``thread``."""
    if execution_ns > 0:
        _by_thread[thread] = _by_thread.get(thread, 0) + execution_ns


def thread_ns() -> int:
    me = threading.current_thread()
    spent = _by_thread.get(me, 0) + READ_NS
    _by_thread[me] = spent
    return spent


def process_ns() -> int:
    thread_ns()
    # Integers: their sum is the same in any order.
    return sum(_by_thread.values())
