"""tf2_ros.Buffer: tf2_py's BufferCore with lookups that wait, as upstream's buffer.py: a timeout
polls every 20 ms (time.sleep, which takes sim time here) while the transform is not there, and
the lookup then raises what the core says (upstream's Buffer raises no TimeoutException)."""

from __future__ import annotations

import threading
import time as _time
from collections.abc import Callable
from typing import Any

import rclpy
from rclpy.clock import Clock, JumpThreshold, TimeJump
from rclpy.duration import Duration
from rclpy.node import Node
from rclpy.task import Future
from rclpy.time import Time
from tf2_msgs.srv import FrameGraph
from tf2_py import BufferCore
from tf2_ros.buffer_interface import BufferInterface

__all__ = ["Buffer"]

# Upstream's wait loop gives up when the clock jumped back more than this (a bag looping).
_JUMP_BACK_SEC = 3.0
_POLL_SEC = 0.02


class Buffer(BufferCore, BufferInterface):
    def __init__(self, cache_time: Duration | None = None, node: Node | None = None) -> None:
        BufferCore.__init__(self, cache_time)
        BufferInterface.__init__(self)
        self._new_data_callbacks: list[Callable[[], None]] = []
        self._callbacks_to_remove: list[Callable[[], None]] = []
        self._callbacks_lock = threading.RLock()
        if node is not None:
            self.srv = node.create_service(FrameGraph, "tf2_frames", self.__get_frames)
            self.clock = node.get_clock()
        else:
            self.clock = Clock()
        # Cleared when the clock jumps back (sim time replayed from a bag), as upstream.
        threshold = JumpThreshold(min_forward=None, min_backward=Duration(seconds=-1), on_clock_change=True)
        self.jump_handle = self.clock.create_jump_callback(threshold, post_callback=self.time_jump_callback)

    def __get_frames(self, req: Any, res: Any) -> Any:
        return FrameGraph.Response(frame_yaml=self.all_frames_as_yaml())

    def time_jump_callback(self, time_jump: TimeJump) -> None:
        rclpy.logging.get_logger("tf2_buffer").warning("Detected jump back in time. Clearing tf buffer.")
        self.clear()

    def set_transform(self, transform: Any, authority: str) -> None:
        super().set_transform(transform, authority)
        self._call_new_data_callbacks()

    def set_transform_static(self, transform: Any, authority: str) -> None:
        super().set_transform_static(transform, authority)
        self._call_new_data_callbacks()

    def _call_new_data_callbacks(self) -> None:
        with self._callbacks_lock:
            for callback in self._new_data_callbacks:
                callback()
            for callback in self._callbacks_to_remove:
                self._new_data_callbacks.remove(callback)
            self._callbacks_to_remove.clear()

    def _remove_callback(self, callback: Callable[[], None]) -> None:
        with self._callbacks_lock:
            self._callbacks_to_remove.append(callback)

    def lookup_transform(self, target_frame: str, source_frame: str, time: Time, timeout: Duration = Duration()) -> Any:
        self.can_transform(target_frame, source_frame, time, timeout)
        return self.lookup_transform_core(target_frame, source_frame, time)

    async def lookup_transform_async(self, target_frame: str, source_frame: str, time: Time) -> Any:
        await self.wait_for_transform_async(target_frame, source_frame, time)
        return self.lookup_transform_core(target_frame, source_frame, time)

    def lookup_transform_full(
        self, target_frame: str, target_time: Time, source_frame: str, source_time: Time, fixed_frame: str, timeout: Duration = Duration()
    ) -> Any:
        self.can_transform_full(target_frame, target_time, source_frame, source_time, fixed_frame, timeout)
        return self.lookup_transform_full_core(target_frame, target_time, source_frame, source_time, fixed_frame)

    async def lookup_transform_full_async(self, target_frame: str, target_time: Time, source_frame: str, source_time: Time, fixed_frame: str) -> Any:
        await self.wait_for_transform_full_async(target_frame, target_time, source_frame, source_time, fixed_frame)
        return self.lookup_transform_full_core(target_frame, target_time, source_frame, source_time, fixed_frame)

    def _wait(self, timeout: Duration, ready: Callable[[], bool]) -> None:
        """Upstream's loop: while the timeout has not passed, the transform is not there and the
        clock did not jump back by 3 s, sleep 20 ms."""
        if timeout == Duration():
            return
        clock = Clock()
        start_time = clock.now()
        while clock.now() < start_time + timeout and not ready() and (clock.now() + Duration(seconds=_JUMP_BACK_SEC)) >= start_time:
            _time.sleep(_POLL_SEC)

    def can_transform(self, target_frame: str, source_frame: str, time: Time, timeout: Duration = Duration(), return_debug_tuple: bool = False) -> Any:
        self._wait(timeout, lambda: self.can_transform_core(target_frame, source_frame, time)[0])
        core_result = self.can_transform_core(target_frame, source_frame, time)
        if return_debug_tuple:
            return core_result
        return core_result[0]

    def can_transform_full(
        self,
        target_frame: str,
        target_time: Time,
        source_frame: str,
        source_time: Time,
        fixed_frame: str,
        timeout: Duration = Duration(),
        return_debug_tuple: bool = False,
    ) -> Any:
        self._wait(timeout, lambda: self.can_transform_full_core(target_frame, target_time, source_frame, source_time, fixed_frame)[0])
        core_result = self.can_transform_full_core(target_frame, target_time, source_frame, source_time, fixed_frame)
        if return_debug_tuple:
            return core_result
        return core_result[0]

    def wait_for_transform_async(self, target_frame: str, source_frame: str, time: Time) -> Future:
        """A future done with the transform once it can be looked up (at a later set_transform)."""
        return self._future_of(
            lambda: self.can_transform_core(target_frame, source_frame, time)[0], lambda: self.lookup_transform(target_frame, source_frame, time)
        )

    def wait_for_transform_full_async(self, target_frame: str, target_time: Time, source_frame: str, source_time: Time, fixed_frame: str) -> Future:
        return self._future_of(
            lambda: self.can_transform_full_core(target_frame, target_time, source_frame, source_time, fixed_frame)[0],
            lambda: self.lookup_transform_full_core(target_frame, target_time, source_frame, source_time, fixed_frame),
        )

    def _future_of(self, ready: Callable[[], bool], lookup: Callable[[], Any]) -> Future:
        fut = Future()
        if ready():
            fut.set_result(lookup())
            return fut

        def _on_new_data() -> None:
            try:
                if ready():
                    fut.set_result(lookup())
            except BaseException as e:
                fut.set_exception(e)

        self._new_data_callbacks.append(_on_new_data)
        fut.add_done_callback(lambda _: self._remove_callback(_on_new_data))
        return fut
