"""Event loops in sim time: ``selectors.DefaultSelector`` (asyncio's loop waits in it) whose
``select`` waits in the simulation rather than on the real clock. The loop computes its timeout
from ``time.monotonic``, which is sim time: a real wait would never let it move."""

from __future__ import annotations

import selectors
from typing import Any

from rclsim import _port, _waits

NS = 1_000_000_000


def install() -> None:
    real = selectors.DefaultSelector

    class SimTimeSelector(real):  # type: ignore[misc, valid-type]
        def select(self, timeout: float | None = None) -> list[tuple[Any, int]]:
            ready = super().select(0)
            if ready or (timeout is not None and timeout <= 0):
                return ready
            if timeout is None:
                # Nothing scheduled: wait for what the simulation grants next.
                before = _port.runs_served()
                _waits.block(lambda: _port.runs_served() > before)
            else:
                _waits.sleep_ns(max(1, round(timeout * NS)))
            return super().select(0)

    SimTimeSelector.__name__ = SimTimeSelector.__qualname__ = real.__name__
    selectors.DefaultSelector = SimTimeSelector  # type: ignore[misc]
