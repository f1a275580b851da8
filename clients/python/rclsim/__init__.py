"""rclsim's Python client (docs/design.md#python-programs).

For programs: the job's operations, as a component uses them in JavaScript (``finish``,
``set_result``, ``get_result``, ``on_end``), and assertions in Antithesis' vocabulary
(``always``, ``sometimes``, ``reachable``, ``unreachable``), as JavaScript's rclsim has them.
The rest of the package runs a program's process (``python3 -m rclsim._main program.py``) and is
not for programs to import.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

__all__ = ["finish", "set_result", "get_result", "on_end", "now_ns", "always", "sometimes", "reachable", "unreachable"]

_SAFE_INTEGER = 2**53


def _to_json(value: Any) -> Any:
    """A result as the protocol's JSON: an integer beyond JSON's exact ones as {"$bigint"}."""
    if isinstance(value, bool) or value is None or isinstance(value, (float, str)):
        return value
    if isinstance(value, int):
        return value if -_SAFE_INTEGER < value < _SAFE_INTEGER else {"$bigint": str(value)}
    if isinstance(value, dict):
        return {str(k): _to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_to_json(v) for v in value]
    raise TypeError(f"a result must be a number, string, bool, None, list or dict, not {type(value).__name__}")



def finish(exit_code: int = 0) -> None:
    """The job is done: the run stops at the top of its next step, with this exit code."""
    from rclsim import _port

    _port.job_op_finish(int(exit_code))


def set_result(name: str, value: Any) -> None:
    """A result of the run (in its summary): numbers, strings, lists and dicts of them."""
    import json

    from rclsim import _port

    _port.job_op_set_result(name, json.dumps(_to_json(value)))


def get_result(name: str) -> Any:
    """A result as the run has it now (None when there is none)."""
    from rclsim import _json, _port

    text = _port.job_op_get_result(name)
    return _json.loads(text) if text else None


def on_end(callback: Callable[[], Any]) -> None:
    """Runs ``callback`` after the run's loop ended, in registration order with the job's other end hooks."""
    from rclsim import _port

    _port.job_op_on_end(callback)


def now_ns() -> int:
    """Sim time now, ns since the epoch."""
    from rclsim import _port

    return _port.now_ns()


def always(condition: bool, message: str, details: Mapping[str, Any] | None = None) -> None:
    """``condition`` must hold every time this line runs: the run fails the first time it does not."""
    _assertion("always", condition, message, details)


def sometimes(condition: bool, message: str, details: Mapping[str, Any] | None = None) -> None:
    """``condition`` should hold at least once (in some run of a hunt)."""
    _assertion("sometimes", condition, message, details)


def reachable(message: str, details: Mapping[str, Any] | None = None) -> None:
    """This line should run at least once (in some run of a hunt)."""
    _assertion("reachable", True, message, details)


def unreachable(message: str, details: Mapping[str, Any] | None = None) -> None:
    """This line must never run: the run fails the first time it does."""
    _assertion("unreachable", True, message, details)


def _assertion(kind: Literal["always", "sometimes", "reachable", "unreachable"], condition: object, message: object, details: object) -> None:
    """Checked here, so a mistake raises where the call is; the condition counts by truth, as ``if``
    would. Details are for a person reading a failure: what JSON cannot hold (a message, bytes)
    goes as its str(); written compactly, as JavaScript's JSON.stringify writes them."""
    import json

    from rclsim import _port

    if not isinstance(message, str):
        raise TypeError(f"{kind}: message must be a str, not {type(message).__name__}")
    if details is not None and not isinstance(details, Mapping):
        raise TypeError(f"{kind}: details must be a dict, not {type(details).__name__}")
    details_json = "" if details is None else json.dumps(dict(details), default=str, separators=(",", ":"))
    _port.assertion(kind.upper(), message, bool(condition), details_json)
