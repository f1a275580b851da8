"""rclpy.context.Context: a context of the simulation's (init/shutdown, its nodes' lifetime)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rclpy._rclpy_pybind11 import RCLError
from rclsim import _port


# Every context made, in order: the run's end asks those up to stop.
_contexts: list[Context] = []


def _ended_by_run() -> None:
    for context in _contexts:
        if context._initialized:
            context._run_ended = True


class Context:
    def __init__(self) -> None:
        if not _contexts:
            _port.on_shutdown(_ended_by_run)
        _contexts.append(self)
        self._handle: int | None = None
        # Whether init() ran and shutdown() did not: only this program's calls change it.
        self._initialized = False
        self._callbacks: list[Callable[[], None]] = []
        self._domain_id = 0
        self._was_shut_down = False
        # The run reached its end: ok() is false, so that spins and loops end, but the context
        # stays valid until the program shuts it down (a run's end is no Ctrl-C, whose signal
        # handler would have shut it down: rclpy's signal_handler.cpp).
        self._run_ended = False

    @property
    def handle(self) -> int:
        """The simulation's id of this context, made when first needed."""
        if self._handle is None:
            self._handle = _port.context_op_create()
        return self._handle

    def init(self, args: list[str] | None = None, *, initialize_logging: bool = True, domain_id: int | None = None) -> None:
        if self._initialized:
            raise RuntimeError("Context.init() must only be called once")
        for arg in args or []:
            # rclpy hands the arguments to rcl as UTF-8: one that cannot be (a surrogate-escaped byte) raises UnicodeEncodeError.
            arg.encode("utf-8")
        _port.context_op_init(self.handle, args or [])
        self._initialized = True
        self._domain_id = 0 if domain_id is None else domain_id

    def ok(self) -> bool:
        return self._initialized and not self._run_ended

    def _valid(self) -> bool:
        """Not shut down (rcl_context_is_valid): what its entities need, after the run's end too."""
        return self._initialized

    def shutdown(self) -> None:
        if not self._initialized:
            if self._was_shut_down:
                # rcl_shutdown again (rclpy's Context.shutdown).
                raise RCLError("failed to shutdown: rcl_shutdown already called on the given context")
            raise RuntimeError("Context must be initialized before it can be shutdown")
        self._shutdown()

    def try_shutdown(self) -> None:
        if self._initialized:
            self._shutdown()

    def _shutdown(self) -> None:
        self._initialized = False
        self._was_shut_down = True
        _port.context_op_shutdown(self.handle)
        callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback()

    def on_shutdown(self, callback: Callable[[], None]) -> None:
        if not callable(callback):
            raise TypeError("callback should be a callable, got {}".format(type(callback)))
        self._callbacks.append(callback)

    def get_domain_id(self) -> int:
        return self._domain_id

    def destroy(self) -> None:
        """rclpy frees the context's C handle here; the simulation keeps its contexts until the run ends."""
        self.try_shutdown()

    def __enter__(self) -> Context:
        self.init()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.try_shutdown()

