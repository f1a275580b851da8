"""What the program sees of the machine, as an in-process JavaScript program does (docs/determinism.md).

Clocks read the sim time of the callback under way; ``time.sleep`` holds the calling code for sim
time; ``random``, ``os.urandom`` (and so ``uuid.uuid4`` and ``secrets``) draw from the program's
own streams, seeded by the run's seed and the program's key; the CPU count is the simulation's.
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, NoReturn

from rclsim import _cpu_clocks, _socket, _waits

NS = 1_000_000_000


def stream_seed(seed: int, key: str, stream: str) -> int:
    """A stream's seed from the run's seed and the program's key: a sweep's case draws as `rclsim run` does."""
    digest = hashlib.sha256(f"{seed}\0{key}\0{stream}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def install(welcome: dict[str, Any]) -> None:
    _install_clocks()
    _install_random(welcome["seed"], welcome["program"])
    _install_cpus(welcome["cpu_count"])
    _refuse_fork()


# Clock reads at one sim time, with no wait in between, that make a busy-wait: sim time moves only
# while the program waits, so a loop that waits for the clock to move spins for ever.
BUSY_WAIT_READS = 2_000_000


def _busy_wait() -> NoReturn:
    """The program ends: the simulation says why in the one line about its end (Exit.reason)."""
    _socket.send(
        {
            "exit": {
                "code": 70,
                "reason": f"read the clock {BUSY_WAIT_READS:,} times in thread '{threading.current_thread().name}' without "
                "waiting (sim time moves only while the program waits: time.sleep, a Rate, rclpy.spin; docs/python.md)",
            }
        }
    )
    _socket.close()
    os._exit(70)


def _install_clocks() -> None:
    def now_ns() -> int:
        _socket.clock_reads += 1
        if _socket.clock_reads >= BUSY_WAIT_READS:
            _busy_wait()
        return _socket.now_ns

    def now() -> float:
        return now_ns() / NS

    def sleep(seconds: float) -> None:
        if seconds < 0:
            raise ValueError("sleep length must be non-negative")
        _waits.sleep_ns(round(seconds * NS))

    cpu_clocks = {time.CLOCK_THREAD_CPUTIME_ID: _cpu_clocks.thread_ns, time.CLOCK_PROCESS_CPUTIME_ID: _cpu_clocks.process_ns}

    def clock_gettime_ns(clock: int) -> int:
        cpu = cpu_clocks.get(clock)
        return now_ns() if cpu is None else cpu()

    def clock_gettime(clock: int) -> float:
        return clock_gettime_ns(clock) / NS

    real_localtime, real_gmtime, real_ctime, real_strftime = time.localtime, time.gmtime, time.ctime, time.strftime

    def localtime(seconds: float | None = None) -> time.struct_time:
        return real_localtime(now() if seconds is None else seconds)

    def gmtime(seconds: float | None = None) -> time.struct_time:
        return real_gmtime(now() if seconds is None else seconds)

    def ctime(seconds: float | None = None) -> str:
        return real_ctime(now() if seconds is None else seconds)

    def strftime(form: str, when: Any = None) -> str:
        return real_strftime(form, localtime() if when is None else when)

    for name in ("time", "monotonic", "perf_counter"):
        setattr(time, name, _named(name, now))
    for name in ("time_ns", "monotonic_ns", "perf_counter_ns"):
        setattr(time, name, _named(name, now_ns))
    for name, cpu in (("process_time_ns", _cpu_clocks.process_ns), ("thread_time_ns", _cpu_clocks.thread_ns)):
        setattr(time, name, _named(name, cpu))
        setattr(time, name[: -len("_ns")], _named(name[: -len("_ns")], lambda cpu=cpu: cpu() / NS))
    for name, function in (
        ("sleep", sleep),
        ("clock_gettime", clock_gettime),
        ("clock_gettime_ns", clock_gettime_ns),
        ("localtime", localtime),
        ("gmtime", gmtime),
        ("ctime", ctime),
        ("strftime", strftime),
    ):
        setattr(time, name, _named(name, function))
    _use_python_datetime()


def _named(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """The sim-time function under the time module's own name, as a tool that finds a clock by its
    module and name (pytest-benchmark's timer) looks it up again."""

    def named(*args: Any) -> Any:
        return function(*args)

    named.__name__ = named.__qualname__ = name
    named.__module__ = "time"
    return named


def _use_python_datetime() -> None:
    """datetime's C classes read the real clock; its pure-Python ones (the same classes, as the
    standard library ships them for interpreters without C) read ``time.time``, which is sim time.
    C extensions (numpy) find the C classes' capsule where they look for it."""
    import _datetime

    for name in ("datetime", "_pydatetime"):
        sys.modules.pop(name, None)
    sys.modules["_datetime"] = None  # type: ignore[assignment]
    import datetime

    datetime.datetime_CAPI = _datetime.datetime_CAPI  # type: ignore[attr-defined]


def _install_random(seed: int, key: str) -> None:
    random.seed(stream_seed(seed, key, "random"))
    bytes_stream = random.Random(stream_seed(seed, key, "urandom"))

    def urandom(size: int) -> bytes:
        return bytes_stream.randbytes(size)

    os.urandom = urandom
    # random's SystemRandom (and so secrets) took os.urandom when it was imported.
    random._urandom = urandom  # type: ignore[attr-defined]


def _install_cpus(count: int) -> None:
    os.cpu_count = lambda: count
    if hasattr(os, "sched_getaffinity"):
        os.sched_getaffinity = lambda pid: set(range(count))
    if hasattr(os, "process_cpu_count"):
        os.process_cpu_count = lambda: count


def _refuse_fork() -> None:
    """A forked child is a copy of the program that the simulation does not run: its callbacks and
    clock reads would race the parent's over one connection, and runs would differ. subprocess
    starts other programs without os.fork, so it is left alone."""

    def fork() -> NoReturn:
        raise RuntimeError("os.fork() in a simulation: the child would be a copy of the program that the simulation does not run (docs/python.md)")

    os.fork = fork
    if hasattr(os, "forkpty"):
        os.forkpty = fork
