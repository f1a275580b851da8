"""rclpy.timer: Timer and Rate, timers of the simulation."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rclpy._entity import Entity
from rclpy.clock import Clock
from rclsim import _port, _waits


class Timer(Entity):
    def __init__(self, handle: int, callback: Callable[[], Any] | None, callback_group: Any, timer_period_ns: int, clock: Clock, node: Any) -> None:
        super().__init__(handle, node)
        self.callback = callback
        self.callback_group = callback_group
        self._clock = clock

    @property
    def clock(self) -> Clock:
        return self._clock

    def _state(self) -> dict[str, Any]:
        return json.loads(_port.timer_op_state(self._handle))

    @property
    def timer_period_ns(self) -> int:
        return int(self._state()["period"])

    @timer_period_ns.setter
    def timer_period_ns(self, value: int) -> None:
        _port.entity_op(self._handle, "changeTimerPeriod", json.dumps([{"$bigint": str(int(value))}]))

    def is_ready(self) -> bool:
        return bool(json.loads(_port.entity_op(self._handle, "isReady")))

    def is_canceled(self) -> bool:
        return bool(self._state()["canceled"])

    def cancel(self) -> None:
        _port.timer_op_cancel(self._handle)

    def reset(self) -> None:
        _port.timer_op_reset(self._handle)

    def time_since_last_call(self) -> int:
        return _port.now_ns() - int(self._state()["lastCall"])

    def time_until_next_call(self) -> int | None:
        state = self._state()
        if state["canceled"]:
            return None
        return int(state["nextCall"]) - _port.now_ns()

    def destroy(self) -> None:
        self._node.destroy_timer(self)


class Rate:
    """Paces a loop: sleep() holds the caller until the next multiple of the period (sim time)."""

    def __init__(self, timer: Timer, *, context: Any = None) -> None:
        self._timer = timer
        self._period_ns = timer.timer_period_ns
        self._start_ns = _port.now_ns()
        self._is_destroyed = False

    def sleep(self) -> None:
        if self._is_destroyed:
            raise RuntimeError("Rate has been destroyed")
        now = _port.now_ns()
        elapsed = now - self._start_ns
        periods = elapsed // self._period_ns + 1
        _waits.sleep_ns(self._start_ns + periods * self._period_ns - now)

    def destroy(self) -> None:
        self._is_destroyed = True
        self._timer.destroy()
