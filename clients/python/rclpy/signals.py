"""rclpy.signals: which signals rclpy handles. No signal reaches a program in a simulation — the
run's end stops it as Ctrl-C would (docs/python.md) — so the options are only kept, for programs
that read back what they set."""

from __future__ import annotations

from enum import IntEnum


class SignalHandlerOptions(IntEnum):
    NO = 0
    SIGINT = 1
    SIGTERM = 2
    ALL = 3


_installed = SignalHandlerOptions.NO


def install_signal_handlers(options: SignalHandlerOptions = SignalHandlerOptions.ALL) -> None:
    global _installed
    _installed = SignalHandlerOptions(options)


def get_current_signal_handlers_options() -> SignalHandlerOptions:
    return _installed


def uninstall_signal_handlers() -> None:
    global _installed
    _installed = SignalHandlerOptions.NO
