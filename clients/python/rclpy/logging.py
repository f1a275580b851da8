"""rclpy.logging: loggers by name, levels (the root logger's is the default one)."""

from __future__ import annotations

import os
from pathlib import Path

from rclpy.impl.logging_severity import LoggingSeverity
from rclpy.impl.rcutils_logger import RcutilsLogger

__all__ = ["LoggingSeverity", "get_logger", "set_logger_level", "get_logger_effective_level", "get_logging_directory"]

_root_logger = RcutilsLogger()


def get_logger(name: str) -> RcutilsLogger:
    if not name:
        raise ValueError("Logger name must not be empty.")
    return _root_logger.get_child(name)


def set_logger_level(name: str, level: int | LoggingSeverity, detailed_error: bool = False) -> None:
    RcutilsLogger(name).set_level(level)


def get_logger_effective_level(name: str) -> LoggingSeverity:
    return RcutilsLogger(name).get_effective_level()


def get_logging_severity_from_string(log_severity: str) -> LoggingSeverity:
    try:
        return LoggingSeverity[log_severity.upper()]
    except KeyError:
        raise RuntimeError(f'Failed to get log severity from name "{log_severity}"') from None


def get_logging_directory() -> Path:
    """rcl_logging_get_logging_directory's: $ROS_LOG_DIR, else $ROS_HOME/log, else ~/.ros/log
    (a leading ~ of either is the home directory)."""
    log_dir = os.environ.get("ROS_LOG_DIR")
    if log_dir:
        return Path(os.path.expanduser(log_dir))
    ros_home = os.environ.get("ROS_HOME")
    if ros_home:
        return Path(os.path.expanduser(ros_home)) / "log"
    home = os.environ.get("HOME") or os.environ.get("USERPROFILE") or ""
    return Path(home) / ".ros" / "log"
