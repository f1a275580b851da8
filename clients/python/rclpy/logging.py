"""rclpy.logging: loggers by name, levels."""

from __future__ import annotations

from rclpy.impl.logging_severity import LoggingSeverity
from rclpy.impl.rcutils_logger import RcutilsLogger

__all__ = ["LoggingSeverity", "get_logger", "set_logger_level", "get_logger_effective_level"]


def get_logger(name: str) -> RcutilsLogger:
    if not name:
        raise ValueError("Logger name must not be empty.")
    return RcutilsLogger(name)


def set_logger_level(name: str, level: int | LoggingSeverity, detailed_error: bool = False) -> None:
    RcutilsLogger(name).set_level(level)


def get_logger_effective_level(name: str) -> LoggingSeverity:
    return RcutilsLogger(name).get_effective_level()


def get_logging_severity_from_string(log_severity: str) -> LoggingSeverity:
    return LoggingSeverity[log_severity.upper()]
