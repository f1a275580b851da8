"""rclpy's logger: records go to the simulation, which prints them in rcutils' format with the
sim-time stamp and publishes them on /rosout (the caller's function, file and line with them)."""

from __future__ import annotations

import os
import sys
from types import FrameType
from typing import Any

from rclpy.impl.logging_filters import Context, call_context, should_log
from rclpy.impl.logging_severity import LoggingSeverity
from rclsim import _port


def _caller() -> FrameType:
    """The first frame outside this module: the code that called log() or debug()/info()/…"""
    frame = sys._getframe(1)
    while frame.f_code.co_filename == __file__ and frame.f_back is not None:
        frame = frame.f_back
    return frame


class RcutilsLogger:
    def __init__(self, name: str = "") -> None:
        self.name = name
        # The logging filters' state, per call site (rclpy's CallerId).
        self.contexts: dict[tuple[str, str, int, int], Context] = {}

    def get_child(self, name: str) -> RcutilsLogger:
        if not name:
            raise ValueError("Child logger name must not be empty.")
        if not self.name:
            return RcutilsLogger(name)
        # As rclpy's: a child of a logger that publishes on /rosout publishes there too.
        _port.logger_op_add_child(self.name, name)
        return RcutilsLogger(f"{self.name}.{name}")

    def set_level(self, level: int | LoggingSeverity) -> None:
        _port.logger_op_set_level(self.name, int(LoggingSeverity(level)))

    def get_effective_level(self) -> LoggingSeverity:
        return LoggingSeverity(int(_port.logger_op_level(self.name)))

    def is_enabled_for(self, severity: int | LoggingSeverity) -> bool:
        return int(LoggingSeverity(severity)) >= int(self.get_effective_level())

    def log(self, message: Any, severity: int | LoggingSeverity, **kwargs: Any) -> bool:
        """As rclpy's: False when the logger is not enabled for the severity or a filter (once,
        skip_first, throttle_duration_sec) holds the message back; filters run only when enabled."""
        if not self.is_enabled_for(severity):
            return False
        severity = LoggingSeverity(severity)
        name = kwargs.pop("name", self.name)
        frame = _caller()
        code = frame.f_code
        site = (code.co_name, os.path.abspath(code.co_filename), frame.f_lineno, frame.f_lasti)
        if not should_log(call_context(self.contexts, site, name, severity, kwargs)):
            return False
        # Log's fields: the node (0: none, the logger names it), the logger, the record and where it was made.
        return _port.log(0, name, int(severity), str(message), code.co_name, os.path.basename(code.co_filename), frame.f_lineno)

    def debug(self, message: Any, **kwargs: Any) -> bool:
        return self.log(message, LoggingSeverity.DEBUG, **kwargs)

    def info(self, message: Any, **kwargs: Any) -> bool:
        return self.log(message, LoggingSeverity.INFO, **kwargs)

    def warning(self, message: Any, **kwargs: Any) -> bool:
        return self.log(message, LoggingSeverity.WARN, **kwargs)

    warn = warning

    def error(self, message: Any, **kwargs: Any) -> bool:
        return self.log(message, LoggingSeverity.ERROR, **kwargs)

    def fatal(self, message: Any, **kwargs: Any) -> bool:
        return self.log(message, LoggingSeverity.FATAL, **kwargs)
