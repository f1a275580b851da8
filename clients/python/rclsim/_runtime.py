"""The simulation this process's program runs in: one program per process, so one connection."""

from __future__ import annotations

from typing import Any

from rclsim._connection import Connection

_connection: Connection | None = None
_welcome: dict[str, Any] = {}


def start(connection: Connection, welcome: dict[str, Any]) -> None:
    global _connection, _welcome
    _connection = connection
    _welcome = welcome


def connection() -> Connection:
    if _connection is None:
        raise RuntimeError("rclsim's rclpy runs only inside a simulation: start the program with `rclsim exec program.py`")
    return _connection


def welcome() -> dict[str, Any]:
    return _welcome
