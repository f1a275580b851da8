"""rclpy's logger: records go to the simulation, which prints them in rcutils' format with the
sim-time stamp and publishes them on /rosout (the caller's function, file and line with them)."""

from __future__ import annotations

import os
import sys
from typing import Any

from rclpy.impl.logging_severity import LoggingSeverity
from rclsim import _runtime


class RcutilsLogger:
    def __init__(self, name: str = "") -> None:
        self.name = name
        # Per call site: what once / skip_first / throttle_duration_sec remember.
        self._sites: dict[tuple[str, int], dict[str, Any]] = {}

    def get_child(self, name: str) -> RcutilsLogger:
        if not name:
            raise ValueError("Child logger name must not be empty.")
        return RcutilsLogger(f"{self.name}.{name}" if self.name else name)

    def set_level(self, level: int | LoggingSeverity) -> None:
        _runtime.connection().ask({"logger": {"logger": self.name, "set_level": int(LoggingSeverity(level))}})

    def get_effective_level(self) -> LoggingSeverity:
        answer = _runtime.connection().ask({"logger": {"logger": self.name, "level": True}})
        return LoggingSeverity(int(answer["answer"]["json"]))

    def is_enabled_for(self, severity: int | LoggingSeverity) -> bool:
        return int(severity) >= int(self.get_effective_level())

    def log(self, message: Any, severity: int | LoggingSeverity, **kwargs: Any) -> bool:
        return self._log(message, LoggingSeverity(severity), kwargs)

    def debug(self, message: Any, **kwargs: Any) -> bool:
        return self._log(message, LoggingSeverity.DEBUG, kwargs)

    def info(self, message: Any, **kwargs: Any) -> bool:
        return self._log(message, LoggingSeverity.INFO, kwargs)

    def warning(self, message: Any, **kwargs: Any) -> bool:
        return self._log(message, LoggingSeverity.WARN, kwargs)

    warn = warning

    def error(self, message: Any, **kwargs: Any) -> bool:
        return self._log(message, LoggingSeverity.ERROR, kwargs)

    def fatal(self, message: Any, **kwargs: Any) -> bool:
        return self._log(message, LoggingSeverity.FATAL, kwargs)

    def _log(self, message: Any, severity: LoggingSeverity, options: dict[str, Any]) -> bool:
        # The user's frame: the caller of debug()/info()/… (or of log()).
        frame = sys._getframe(2)
        code = frame.f_code
        site = self._sites.setdefault((code.co_filename, frame.f_lineno), {})
        if not self._passes_filters(site, options):
            return False
        name = options.get("name", self.name)
        answer = _runtime.connection().ask(
            {
                "log": {
                    "logger": name,
                    "severity": int(severity),
                    "message": str(message),
                    "function": code.co_name,
                    "file": os.path.basename(code.co_filename),
                    "line": frame.f_lineno,
                }
            }
        )
        return answer["answer"]["json"] == "true"

    def _passes_filters(self, site: dict[str, Any], options: dict[str, Any]) -> bool:
        """once, skip_first and throttle_duration_sec, as rclpy's logging filters apply them."""
        if options.get("once"):
            if site.get("logged"):
                return False
            site["logged"] = True
        if options.get("skip_first"):
            if not site.get("skipped"):
                site["skipped"] = True
                return False
        throttle = options.get("throttle_duration_sec")
        if throttle is not None:
            now = _runtime.connection().now_ns
            last = site.get("last_ns")
            if last is not None and now - last < throttle * 1_000_000_000:
                return False
            site["last_ns"] = now
        return True
