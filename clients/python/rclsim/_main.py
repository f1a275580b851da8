"""A Python program's process (docs/design.md#python-programs): ``python3 -m rclsim._main program.py``,
or ``python3 -m rclsim._main --module pytest`` for a module run as ``python3 -m pytest`` runs it.

rclsim starts it with the program's socket at file descriptor 3 and this client first on
PYTHONPATH, so the program's ``import rclpy`` and ``from std_msgs.msg import String`` get the
client's modules. The program's top-level code is its run 0; it runs unmodified.
"""

from __future__ import annotations

import builtins
import importlib.util
import os
import runpy
import sys
import threading
import traceback
import types
from collections.abc import Callable

from rclsim import _interfaces, _machine, _output, _port, _portable_cmath, _portable_math, _portable_power, _runs, _selectors, _socket, _threads, _waits
from rclsim._errors import describe_error

PROTOCOL_VERSION = 1
SOCKET_FD = 3


def main() -> int:
    module = sys.argv[2] if sys.argv[1] == "--module" else None
    file = "" if module is not None else os.path.abspath(sys.argv[1])
    _socket.open_socket(SOCKET_FD, _runs.threads.turn, _runs.run_nested)
    first = _port.hello(PROTOCOL_VERSION, "rclsim-rclpy", "python")
    if "failed" in first:
        sys.stderr.write(f"rclsim: {first['failed']['message']}\n")
        return 2
    welcome = first["welcome"]
    _machine.install(welcome)
    _output.watch()
    _interfaces.install()
    _threads.install(_runs.threads, _waits.wait_until, lambda: _runs.shut_down)
    _selectors.install()
    _portable_cmath.install(_portable_math.install())
    _portable_power.install()

    try:
        run = _module_runner(module, welcome["argv"]) if module is not None else _script_runner(file, welcome["argv"])
    except (OSError, SyntaxError, ValueError, ImportError) as error:
        _port.done(0, error=describe_error(error), load_failed=True)
        _port.exit(1)
        return 1
    exited: SystemExit | None = None
    try:
        try:
            run()
        except SystemExit as end:
            exited = end
        # The program's end, by sys.exit or not: its threads that are not daemons run on first.
        _join_threads()
    except BaseException as error:  # noqa: BLE001 - whatever the program did not handle ends it
        if isinstance(error, KeyboardInterrupt) and _runs.shut_down:
            # The run's end reached code that does not catch it: the program ends there, quietly.
            return _end(exited) if exited is not None else _exit(0)
        # A KeyboardInterrupt the program raised itself (nobody pressed Ctrl-C in a simulation)
        # fails it as any error does: one line naming where, not Python's traceback and SIGINT.
        if _runs.shut_down:
            # Past the run's end no run takes the error: Python's own report of it, on stderr.
            traceback.print_exc()
        _runs.done(error)
        return _exit(1)
    return _end(exited) if exited is not None else _exit(0)


def _exit(status: int) -> int:
    _port.exit(status)
    return status


def _join_threads() -> None:
    """As the interpreter does at its end (threading._shutdown): the program's threads that are
    not daemons run to their end first — a spinning thread keeps the program alive."""
    # First its atexit hooks, as threading._shutdown runs them (concurrent.futures' ends its pools' workers).
    for hook in reversed(getattr(threading, "_threading_atexits", [])):
        hook()
    me = threading.current_thread()
    for thread in threading.enumerate():
        if thread is not me and not thread.daemon and hasattr(thread, "_rclsim_done"):
            thread.join()


def _script_runner(file: str, argv: list[str]) -> Callable[[], None]:
    """The program compiled (a syntax error is a load failure), to run as ``__main__`` as the
    interpreter runs a script: its folder first on the path, its argv."""
    code = _portable_power.compile_program(_read(file), file)
    sys.path[0] = os.path.dirname(file)
    sys.argv = [file, *argv]

    def run() -> None:
        main_module = types.ModuleType("__main__")
        main_module.__file__ = file
        main_module.__builtins__ = builtins  # type: ignore[attr-defined]
        sys.modules["__main__"] = main_module
        exec(code, main_module.__dict__)

    return run


def _module_runner(module: str, argv: list[str]) -> Callable[[], None]:
    """A module found on the path (one not found is a load failure), to run as ``python3 -m`` runs
    it: the working folder first on the path (as here already), its argv after the module's file."""
    if importlib.util.find_spec(module) is None:
        raise ImportError(f"No module named {module}")
    sys.argv = [module, *argv]

    def run() -> None:
        runpy.run_module(module, run_name="__main__", alter_sys=True)

    return run


def _read(file: str) -> bytes:
    with open(file, "rb") as source:
        return source.read()


def _end(end: SystemExit) -> int:
    """sys.exit(code): a code that is not an int is printed, and exits 1, as Python does."""
    code = end.code
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:
        sys.stderr.write(f"{code}\n")
        status = 1
    return _exit(status)


if __name__ == "__main__":
    status = main()
    sys.stdout.flush()
    sys.stderr.flush()
    # Nothing of the program may run after its end (threads, atexit hooks would act past it).
    os._exit(status)
